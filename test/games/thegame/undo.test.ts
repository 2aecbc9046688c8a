import { describe, expect, it } from "vitest";
import { theGame } from "../../../src/games/thegame/engine/index.js";
import type { TheGameState } from "../../../src/games/thegame/engine/types.js";
import { Played } from "../../support/undo.js";
import { CLAIM, drawPileOf, END_TURN, playMove, signalMove, table } from "./fixtures.js";

const solo = (state: TheGameState) => new Played(theGame, state);
const SOLO_HAND = { ann: [10, 20, 30, 40, 50, 60, 70, 80] };

describe("The Game: taking back a move (docs/RULES.md, Taking back a move)", () => {
  it("alone, a card played this turn may be taken back: the table is as before it", () => {
    const start = table({ hands: SOLO_HAND, drawPile: drawPileOf(20) });
    const game = solo(start).play("ann", playMove(10, 0));
    expect(game.takeBack("ann")).toEqual({ ok: true, state: start });
  });

  it("taking back again steps further back within the turn, down to its first card", () => {
    const start = table({ hands: SOLO_HAND, drawPile: drawPileOf(20) });
    const game = solo(start).play("ann", playMove(10, 0));
    const afterFirst = game.state;
    game.play("ann", playMove(20, 0)).play("ann", playMove(80, 2));
    game.takeBack("ann");
    expect(game.takeBack("ann")).toEqual({ ok: true, state: afterFirst });
    expect(game.takeBack("ann")).toEqual({ ok: true, state: start });
    expect(game.refusal("ann")).toBe("nothing");
  });

  it("ending the turn draws cards, so it is final, and so are the cards played before it", () => {
    const game = solo(table({ hands: SOLO_HAND, drawPile: drawPileOf(20) }))
      .play("ann", playMove(10, 0))
      .play("ann", playMove(20, 0))
      .play("ann", END_TURN);
    expect(game.refusal("ann")).toBe("turnPassed");
  });

  it("a card played after a new turn began may be taken back, but no further than that turn", () => {
    const game = solo(table({ hands: SOLO_HAND, drawPile: drawPileOf(20) }))
      .play("ann", playMove(10, 0))
      .play("ann", playMove(20, 0))
      .play("ann", END_TURN);
    const turnStart = game.state;
    game.play("ann", playMove(30, 0));
    expect(game.takeBack("ann")).toEqual({ ok: true, state: turnStart });
    expect(game.refusal("ann")).toBe("turnPassed");
  });

  it("a card that ended the game is final", () => {
    const game = solo(table({ hands: { ann: [50] } })).play("ann", playMove(50, 0));
    expect(theGame.outcome(game.state)).not.toBeNull();
    expect(game.refusal("ann")).toBe("gameOver");
  });

  it("with two or more players a played card was shown to the others, so it stands", () => {
    const game = new Played(
      theGame,
      table({ hands: { ann: [10, 20, 30], bob: [40, 50, 60] }, drawPile: drawPileOf(20) }),
    ).play("ann", playMove(10, 0));
    expect(game.refusal("ann")).toBe("revealed");
  });

  it("claiming the start and table signals are final", () => {
    const claimed = new Played(
      theGame,
      table({ phase: "claim", hands: { ann: [10, 20, 30], bob: [40, 50, 60] }, drawPile: drawPileOf(20) }),
    ).play("ann", CLAIM);
    expect(claimed.refusal("ann")).toBe("revealed");
    const signalled = new Played(
      theGame,
      table({ hands: { ann: [10, 20, 30], bob: [40, 50, 60] }, drawPile: drawPileOf(20) }),
    ).play("ann", signalMove(1, "hold"));
    expect(signalled.refusal("ann")).toBe("revealed");
  });

  it("a player with no move of their own has nothing to take back", () => {
    expect(solo(table({ hands: SOLO_HAND, drawPile: drawPileOf(20) })).refusal("ann")).toBe("nothing");
  });
});
