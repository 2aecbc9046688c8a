import { describe, expect, it } from "vitest";
import { sirTommy } from "../../../src/games/sirtommy/engine/index.js";
import {
  ANN,
  BOB,
  CONFIRM,
  cards,
  drawnCard,
  END_TURN,
  fresh,
  must,
  PASS,
  piles,
  playing,
  proposeAscending,
  refusal,
  rowTop,
  toFoundation,
  toRow,
} from "./fixtures.js";

describe("Sir Tommy: a turn while the stock has cards", () => {
  it("the turn begins by drawing 3 cards face up in front of the player (public)", () => {
    const state = playing({ drawn: [], stock: cards("2C 3C 4C 5C 6C") });
    const next = must(state, ANN, END_TURN);
    expect(sirTommy.actors(next)).toEqual([BOB]);
    expect(next.drawn).toEqual(cards("6C 5C 4C"));
    expect(next.stock).toEqual(cards("2C 3C"));
    const view = sirTommy.publicView(next);
    expect(view.drawn).toEqual(cards("6C 5C 4C"));
    expect(view.stockCount).toBe(2);
    expect(view.turnKind).toBe("draw");
  });

  it("52 = 17×3+1: a full stock gives 17 draws of 3 and a last draw of 1", () => {
    let state = must(must(fresh(9), ANN, proposeAscending(ANN)), BOB, CONFIRM);
    const draws: number[] = [];
    while (state.turnKind === "draw") {
      draws.push(state.drawn.length);
      const player = sirTommy.actors(state)[0] as string;
      while (state.drawn.length > 0) state = must(state, player, toRow(0, 0));
      if (state.phase === "over") break;
      state = must(state, player, END_TURN);
    }
    expect(draws).toEqual([...Array(17).fill(3), 1]);
  });

  it("the last draw has only 1 card when 1 is left", () => {
    const state = playing({ stock: cards("9D") });
    const next = must(state, ANN, END_TURN);
    expect(next.drawn).toEqual(cards("9D"));
    expect(next.stock).toEqual([]);
    expect(next.turnKind).toBe("draw");
  });

  it("a drawn card may go into an empty row", () => {
    const state = playing({ drawn: cards("7H 8H 9H") });
    const after = must(state, ANN, toRow(1, 2));
    expect(after.rows).toEqual(piles("", "", "8H", ""));
    expect(after.drawn).toEqual(cards("7H 9H"));
  });

  it("a drawn card may go on top of any card whatever its value, even with an empty row free", () => {
    const state = playing({ drawn: cards("7H"), rows: piles("KS 2D", "", "", "") });
    const after = must(state, ANN, toRow(0, 0));
    expect(after.rows[0]).toEqual(cards("KS 2D 7H"));
  });

  it("a drawn card or a row top may go on a foundation, in any order, and nothing is compulsory", () => {
    let state = playing({ drawn: cards("AH 3C 2S"), rows: piles("5D 2D", "", "", "") });
    state = must(state, ANN, toRow(1, 1));
    state = must(state, ANN, toFoundation(drawnCard(0), 0));
    state = must(state, ANN, toFoundation(rowTop(0), 0));
    expect(state.foundations[ANN]?.[0]).toEqual(cards("AH 2D"));
    expect(state.rows).toEqual(piles("5D", "3C", "", ""));
    state = must(state, ANN, toRow(0, 3));
    expect(state.drawn).toEqual([]);
    expect(must(state, ANN, END_TURN).activeSeat).toBe(1);
  });

  it("a row top exposed during the turn may be used at once", () => {
    let state = playing({ drawn: cards("AC"), rows: piles("4H 3S 2D", "", "", "") });
    state = must(state, ANN, toFoundation(drawnCard(0), 0));
    state = must(state, ANN, toFoundation(rowTop(0), 0));
    state = must(state, ANN, toFoundation(rowTop(0), 0));
    state = must(state, ANN, toFoundation(rowTop(0), 0));
    expect(state.foundations[ANN]?.[0]).toEqual(cards("AC 2D 3S 4H"));
    expect(state.rows[0]).toEqual([]);
  });

  it("a drawn card put on a row can be taken from there onto a foundation in the same turn", () => {
    let state = playing({ drawn: cards("AC") });
    state = must(state, ANN, toRow(0, 3));
    state = must(state, ANN, toFoundation(rowTop(3), 1));
    expect(state.foundations[ANN]?.[1]).toEqual(cards("AC"));
  });

  it("no end of turn while a drawn card is left in front of the player", () => {
    const state = playing({ drawn: cards("7H 8H") });
    expect(refusal(state, ANN, END_TURN)).toMatchObject({
      key: "sirtommy.drawnCardsLeft",
      params: { count: 2 },
    });
    expect(sirTommy.legalMoves(state, ANN)).not.toContainEqual(END_TURN);
    expect(sirTommy.privateView(state, ANN).canEndTurn).toBe(false);
  });

  it("no passing while drawing from the stock: the turn always ends by placing the drawn cards", () => {
    const withCards = playing({ drawn: cards("7H"), stock: cards("2C 3C") });
    expect(refusal(withCards, ANN, PASS).key).toBe("sirtommy.noPassWhileDrawing");
    const placed = must(withCards, ANN, toRow(0, 0));
    expect(refusal(placed, ANN, PASS).key).toBe("sirtommy.noPassWhileDrawing");
    expect(sirTommy.legalMoves(placed, ANN)).toEqual([{ type: "endTurn" }]);
    expect(sirTommy.privateView(placed, ANN).canPass).toBe(false);
  });

  it("every legal move in a draw turn handles a drawn card, moves a row top, or ends the placed turn", () => {
    const state = playing({ drawn: cards("AH 9C"), rows: piles("2S", "", "", "") });
    const moves = sirTommy.legalMoves(state, ANN);
    expect(moves).toContainEqual(toFoundation(drawnCard(0), 0));
    expect(moves).toContainEqual(toRow(1, 3));
    expect(moves.filter((m) => m.type === "toRow")).toHaveLength(8);
    expect(moves.some((m) => m.type === "pass" || m.type === "endTurn")).toBe(false);
  });

  it("row cards never move to another row, and only the active player acts", () => {
    const state = playing({ drawn: cards("7H"), rows: piles("2S", "", "", "") });
    expect(refusal(state, ANN, { type: "toRow", from: rowTop(0), row: 1 }).key).toBe("core.malformedMove");
    expect(refusal(state, BOB, toRow(0, 1)).key).toBe("core.notYourTurn");
    expect(sirTommy.legalMoves(state, BOB)).toEqual([]);
  });

  it("moves from untrusted input are checked", () => {
    const state = playing({ drawn: cards("7H"), rows: piles("2S", "", "", "") });
    expect(refusal(state, "cy", toRow(0, 0)).key).toBe("core.notSeated");
    expect(refusal(state, ANN, toRow(1, 0)).key).toBe("sirtommy.noSuchDrawnCard");
    expect(refusal(state, ANN, toRow(0, 4)).key).toBe("sirtommy.noSuchRow");
    expect(refusal(state, ANN, toRow(-1, 0)).key).toBe("sirtommy.noSuchDrawnCard");
    expect(refusal(state, ANN, toFoundation(drawnCard(0.5), 0)).key).toBe("sirtommy.noSuchDrawnCard");
    expect(refusal(state, ANN, toFoundation(rowTop(9), 0)).key).toBe("sirtommy.noSuchRow");
    expect(refusal(state, ANN, toFoundation(rowTop(1), 0))).toMatchObject({
      key: "sirtommy.emptyRow",
      params: { row: 2 },
    });
    expect(refusal(state, ANN, { type: "toRow", drawnIndex: "0", row: 0 }).key).toBe("core.malformedMove");
    expect(refusal(state, ANN, { type: "toFoundation", from: { kind: "drawn" }, foundation: 0 }).key).toBe(
      "core.malformedMove",
    );
    expect(refusal(state, ANN, [END_TURN]).key).toBe("core.malformedMove");
  });
});
