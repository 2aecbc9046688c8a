import { describe, expect, it } from "vitest";
import { fourKings } from "../../../src/games/fourkings/engine/index.js";
import { Played } from "../../support/undo.js";
import { assignState, PLAYER, stateWith } from "./fixtures.js";

describe("Four Kings: taking back a move (docs/RULES.md, Taking back a move)", () => {
  it("choosing the hand is final: the draw follows at once, and the hand may never be chosen after it", () => {
    const start = stateWith({});
    const hand = fourKings.legalMoves(start, PLAYER)[0];
    const game = new Played(fourKings, start).play(PLAYER, hand);
    expect(game.refusal(PLAYER)).toBe("revealed");
  });

  it("placing the hand resolves the turn at once, so it is final (until then the panel's Start over changes it)", () => {
    const start = assignState("5S 4S 3H 2H AH", "6S 6H");
    const placing = fourKings.legalMoves(start, PLAYER)[0];
    const game = new Played(fourKings, start).play(PLAYER, placing);
    expect(game.refusal(PLAYER)).toBe("turnPassed");
  });
});
