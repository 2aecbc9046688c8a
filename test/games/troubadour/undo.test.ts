import { describe, expect, it } from "vitest";
import { troubadour } from "../../../src/games/troubadour/engine/index.js";
import { Played } from "../../support/undo.js";

describe("Troubadour: taking back a move (docs/RULES.md, Taking back a move)", () => {
  it("is a competitive game, so no move is ever taken back", () => {
    const start = troubadour.setup(["ann", "bob"], {}, 4);
    const game = new Played(troubadour, start);
    expect(game.refusal("ann")).toBe("competitive");
    game.play("ann", troubadour.legalMoves(start, "ann")[0]);
    expect(game.refusal("ann")).toBe("competitive");
  });
});
