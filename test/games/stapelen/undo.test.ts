import { describe, expect, it } from "vitest";
import { stapelen } from "../../../src/games/stapelen/engine/index.js";
import { Played } from "../../support/undo.js";
import { ANN, BOB } from "./fixtures.js";

describe("Stacking: taking back a move (docs/RULES.md, Taking back a move)", () => {
  it("a turn is one card and passes with it, so there is never a move of the turn to take back", () => {
    const start = stapelen.setup([ANN, BOB], {}, 3);
    const game = new Played(stapelen, start);
    expect(game.refusal(ANN)).toBe("nothing");
    game.play(ANN, stapelen.legalMoves(start, ANN)[0]);
    expect(game.refusal(ANN)).toBe("turnPassed");
  });
});
