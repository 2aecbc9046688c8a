import { describe, expect, it } from "vitest";
import { sirTommy } from "../../../src/games/sirtommy/engine/index.js";
import { Played } from "../../support/undo.js";
import {
  ANN,
  BOB,
  CONFIRM,
  cards,
  drawnCard,
  END_TURN,
  fresh,
  PASS,
  piles,
  playing,
  proposeAscending,
  rowTop,
  toFoundation,
  toRow,
} from "./fixtures.js";

describe("Sir Tommy: taking back a move (docs/RULES.md, Taking back a move)", () => {
  it("a drawn card put on an own foundation or on a row may be taken back within the turn, one step at a time", () => {
    const start = playing({ stock: cards("9C 9D 9H 9S"), drawn: cards("AS 5H 7C") });
    const game = new Played(sirTommy, start).play(ANN, toFoundation(drawnCard(0), 0));
    const afterAce = game.state;
    game.play(ANN, toRow(0, 2));
    expect(game.takeBack(ANN)).toEqual({ ok: true, state: afterAce });
    expect(game.takeBack(ANN)).toEqual({ ok: true, state: start });
    expect(game.refusal(ANN)).toBe("nothing");
  });

  it("a row top put on an own foundation may be taken back: the rows are face up, so the card beneath was seen", () => {
    const start = playing({ turnKind: "clear", rows: piles("4D AC", "2C", "", "") });
    const game = new Played(sirTommy, start).play(ANN, toFoundation(rowTop(0), 0));
    expect(game.takeBack(ANN)).toEqual({ ok: true, state: start });
  });

  it("ending the turn draws the next cards from the stock, so it is final", () => {
    const game = new Played(sirTommy, playing({ stock: cards("9C 9D 9H 9S"), drawn: cards("AS") }))
      .play(ANN, toFoundation(drawnCard(0), 0))
      .play(ANN, END_TURN);
    expect(game.refusal(ANN)).toBe("turnPassed");
    expect(game.refusal(BOB)).toBe("nothing");
  });

  it("passing is final", () => {
    const game = new Played(sirTommy, playing({ turnKind: "clear", rows: piles("4D", "KH", "", "") })).play(
      ANN,
      PASS,
    );
    expect(game.refusal(ANN)).toBe("turnPassed");
  });

  it("agreeing who is Ascending draws the first cards, so it is final", () => {
    const game = new Played(sirTommy, fresh()).play(ANN, proposeAscending(BOB)).play(BOB, CONFIRM);
    expect(game.refusal(BOB)).toBe("revealed");
  });
});
