import { describe, expect, it } from "vitest";
import { sirTommy, superWinner } from "../../../src/games/sirtommy/engine/index.js";
import {
  ANN,
  BOB,
  drawnCard,
  END_TURN,
  must,
  playing,
  refusal,
  rowTop,
  splitDeck,
  toFoundation,
} from "./fixtures.js";

/**
 * All 52 cards but one on foundations: Ann (Ascending) holds A..k[i] of each suit except her
 * highest spade, which lies in row 0; Bob (Descending) holds the rest.
 */
function lastCardInRow(k: number[]) {
  const { ascending, descending } = splitDeck(k);
  const last = ascending[0]?.pop();
  if (!last) throw new Error("needs a spade");
  return playing({ turnKind: "clear", rows: [[last], [], [], []], ann: ascending, bob: descending });
}

describe("Sir Tommy: end of the game", () => {
  it("all 52 cards on foundations: both win", () => {
    const after = must(lastCardInRow([7, 7, 7, 7]), ANN, toFoundation(rowTop(0), 0));
    expect(after.phase).toBe("over");
    expect(after.endReason).toBe("allPlaced");
    const result = sirTommy.outcome(after);
    expect(result?.results).toEqual({
      [ANN]: { result: "win", score: 28 },
      [BOB]: { result: "win", score: 24 },
    });
    expect(result?.score).toBe(0);
    expect(superWinner(after)).toBeNull();
    expect(result?.summary.key).toBe("sirtommy.outcome.won");
    expect(refusal(after, BOB, END_TURN).key).toBe("core.gameOver");
  });

  it("a player with exactly 30 foundation cards (the other 22) is the super-winner", () => {
    const after = must(lastCardInRow([8, 8, 7, 7]), ANN, toFoundation(rowTop(0), 0));
    const result = sirTommy.outcome(after);
    expect(result?.results[ANN]).toEqual({ result: "win", score: 30 });
    expect(result?.results[BOB]).toEqual({ result: "win", score: 22 });
    expect(superWinner(after)).toBe(ANN);
    expect(result?.summary).toEqual({
      key: "sirtommy.outcome.superWinner",
      params: { player: ANN, cards: 30 },
    });
    expect(sirTommy.publicView(after).superWinner).toBe(ANN);
  });

  it("29 foundation cards (the other 23) is not enough for a super-winner", () => {
    const after = must(lastCardInRow([8, 7, 7, 7]), ANN, toFoundation(rowTop(0), 0));
    expect(sirTommy.outcome(after)?.results[ANN]).toEqual({ result: "win", score: 29 });
    expect(superWinner(after)).toBeNull();
  });

  it("the Descending player can be the super-winner too", () => {
    const after = must(lastCardInRow([6, 6, 5, 5]), ANN, toFoundation(rowTop(0), 0));
    expect(superWinner(after)).toBe(BOB);
    expect(sirTommy.outcome(after)?.results[BOB]?.score).toBe(30);
  });

  it("the last card may come straight from the draw", () => {
    const table = lastCardInRow([7, 7, 7, 7]);
    const state = { ...table, turnKind: "draw" as const, drawn: table.rows[0] ?? [], rows: [[], [], [], []] };
    const after = must(state, ANN, toFoundation(drawnCard(0), 0));
    expect(after.endReason).toBe("allPlaced");
  });

  it("a lost game has no super-winner, however many cards a player holds", () => {
    const { ascending, descending } = splitDeck([9, 9, 9, 8]);
    const stuck = ascending[0]?.splice(3) ?? [];
    const state = playing({
      turnKind: "clear",
      rows: [stuck.reverse(), [], [], []],
      ann: ascending,
      bob: descending,
    });
    const over = must(must(state, ANN, { type: "pass" }), BOB, { type: "pass" });
    expect(over.endReason).toBe("twoPasses");
    expect(superWinner(over)).toBeNull();
    expect(sirTommy.publicView(over).superWinner).toBeNull();
  });

  it("the game is running while cards are left: no outcome yet", () => {
    expect(sirTommy.outcome(lastCardInRow([7, 7, 7, 7]))).toBeNull();
  });
});
