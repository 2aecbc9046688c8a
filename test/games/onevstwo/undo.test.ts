import { describe, expect, it } from "vitest";
import { onevstwo } from "../../../src/games/onevstwo/engine/index.js";
import { Played } from "../../support/undo.js";

describe("One versus Two: taking back a move (docs/RULES.md, Taking back a move)", () => {
  it("is a competitive game, so no move is ever taken back", () => {
    const start = onevstwo.setup(["ann", "bob", "cid"], {}, 4);
    const actor = onevstwo.actors(start)[0] as string;
    const game = new Played(onevstwo, start).play(actor, onevstwo.legalMoves(start, actor)[0]);
    expect(game.refusal(actor)).toBe("competitive");
  });
});
