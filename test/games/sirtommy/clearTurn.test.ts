import { describe, expect, it } from "vitest";
import { sirTommy, superWinner } from "../../../src/games/sirtommy/engine/index.js";
import {
  ANN,
  BOB,
  cards,
  END_TURN,
  must,
  PASS,
  piles,
  playing,
  refusal,
  rowTop,
  toFoundation,
  toRow,
} from "./fixtures.js";

/** Stock empty: Ann (Ascending) can use 2♦ from row 1; Bob (Descending) can use Q♠ from row 2. */
const clearTable = (extra: Parameters<typeof playing>[0] = {}) =>
  playing({
    turnKind: "clear",
    rows: piles("9C 2D", "5H QS", "", ""),
    ann: piles("AS", "", "", ""),
    bob: piles("KD", "", "", ""),
    ...extra,
  });

describe("Sir Tommy: after the stock is empty", () => {
  it("a turn that begins with an empty stock draws nothing", () => {
    const state = playing({
      stock: [],
      rows: piles("2D", "QS", "", ""),
      ann: piles("AS", "", "", ""),
      bob: piles("KD", "", "", ""),
    });
    const next = must(state, ANN, END_TURN);
    expect(next.turnKind).toBe("clear");
    expect(next.drawn).toEqual([]);
    expect(sirTommy.actors(next)).toEqual([BOB]);
  });

  it("the players alternate; a turn moves any number of row tops to own foundations, then ends", () => {
    let state = clearTable({ rows: piles("3C 2D", "5H QS", "", "") });
    state = must(state, ANN, toFoundation(rowTop(0), 0));
    state = must(state, ANN, toFoundation(rowTop(0), 0));
    expect(state.foundations[ANN]?.[0]).toEqual(cards("AS 2D 3C"));
    state = must(state, ANN, END_TURN);
    expect(sirTommy.actors(state)).toEqual([BOB]);
    expect(state.movedThisTurn).toBe(0);
  });

  it("passing is always allowed, even with a legal move", () => {
    const state = clearTable();
    expect(sirTommy.legalMoves(state, ANN)).toContainEqual(toFoundation(rowTop(0), 0));
    expect(sirTommy.legalMoves(state, ANN)).toContainEqual(PASS);
    const after = must(state, ANN, PASS);
    expect(after.passesInRow).toBe(1);
    expect(sirTommy.actors(after)).toEqual([BOB]);
    expect(sirTommy.publicView(after).passesInRow).toBe(1);
  });

  it("ruling: a turn with no card moved is a pass; after moving a card the turn is ended, not passed", () => {
    const state = clearTable();
    expect(refusal(state, ANN, END_TURN).key).toBe("sirtommy.passInstead");
    const moved = must(state, ANN, toFoundation(rowTop(0), 0));
    expect(refusal(moved, ANN, PASS).key).toBe("sirtommy.endTurnInstead");
    expect(sirTommy.privateView(moved, ANN)).toMatchObject({ canPass: false, canEndTurn: true });
  });

  it("two consecutive passes end the game: lost for both", () => {
    const once = must(clearTable(), ANN, PASS);
    const twice = must(once, BOB, PASS);
    expect(twice.phase).toBe("over");
    expect(twice.endReason).toBe("twoPasses");
    const result = sirTommy.outcome(twice);
    expect(result?.results[ANN]?.result).toBe("loss");
    expect(result?.results[BOB]?.result).toBe("loss");
    expect(superWinner(twice)).toBeNull();
    expect(result?.summary).toEqual({ key: "sirtommy.outcome.twoPasses", params: { cardsLeft: 4 } });
  });

  it("a played turn between two passes resets the count", () => {
    let state = must(clearTable(), ANN, PASS);
    state = must(state, BOB, toFoundation(rowTop(1), 0));
    state = must(state, BOB, END_TURN);
    expect(state.passesInRow).toBe(0);
    state = must(state, ANN, PASS);
    expect(state.phase).toBe("play");
  });

  it("neither player has any legal move while cards remain in the rows: the game ends, lost for both", () => {
    const state = clearTable({ rows: piles("9C 2D", "5H", "", "") });
    const after = must(state, ANN, toFoundation(rowTop(0), 0));
    expect(after.phase).toBe("over");
    expect(after.endReason).toBe("noMoves");
    expect(sirTommy.outcome(after)?.results[BOB]?.result).toBe("loss");
    expect(sirTommy.outcome(after)?.summary.key).toBe("sirtommy.outcome.noMoves");
  });

  it("the stuck check also ends the last drawing turn once its card is placed and nobody can move", () => {
    const state = playing({
      drawn: cards("9C"),
      rows: piles("5H", "", "", ""),
      ann: piles("AS", "", "", ""),
    });
    const after = must(state, ANN, toRow(0, 1));
    expect(after.endReason).toBe("noMoves");
  });

  it("the game goes on while only the other player can move", () => {
    const state = clearTable({ rows: piles("9C 2D", "5H QS", "", "") });
    const after = must(must(state, ANN, toFoundation(rowTop(0), 0)), ANN, END_TURN);
    expect(after.phase).toBe("play");
    expect(sirTommy.legalMoves(after, BOB)).toContainEqual(toFoundation(rowTop(1), 0));
  });
});
