import { describe, expect, it } from "vitest";
import { twelves } from "../../../src/games/twelves/engine/index.js";
import { Played } from "../../support/undo.js";
import { ANN, BOB, CONFIRM, fresh, proposal } from "./fixtures.js";

describe("Twelves: taking back a move (docs/RULES.md, Taking back a move)", () => {
  it("a turn is one pair and passes with it, so there is never a move of the turn to take back", () => {
    const game = new Played(twelves, fresh()).play(ANN, proposal(ANN, ANN)).play(BOB, CONFIRM);
    const pair = twelves.legalMoves(game.state, ANN)[0];
    game.play(ANN, pair);
    expect(game.refusal(ANN)).toBe("turnPassed");
    expect(game.refusal(BOB)).toBe("turnPassed");
  });

  it("a proposal is the other player's to answer, so it stands", () => {
    const game = new Played(twelves, fresh()).play(ANN, proposal(ANN, ANN));
    expect(game.refusal(ANN)).toBe("turnPassed");
  });
});
