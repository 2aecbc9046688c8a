import { describe, expect, it } from "vitest";
import {
  legalMoves,
  minimumReachable,
  theGame,
  wouldStrand,
} from "../../../src/games/thegame/engine/index.js";
import { BLOCKED_PILES, drawPileOf, END_TURN, must, playMove, table, turnMoves } from "./fixtures.js";

const BLOCKED_TOPS = [98, 97, 3, 4];

describe("The Game: the search over card sequences (stuck check)", () => {
  it("the ruling's example: ascending top 50, hand 60 and 50: 60 then 50 reaches 2", () => {
    expect(minimumReachable([60, 50], [50, 97, 3, 4], 2)).toBe(true);
    expect(minimumReachable([50, 60], [50, 97, 3, 4], 2)).toBe(true);
  });

  it("a single playable card does not reach a minimum of 2", () => {
    expect(minimumReachable([60, 45], [50, 97, 3, 4], 2)).toBe(false);
    expect(minimumReachable([60, 45], [50, 97, 3, 4], 1)).toBe(true);
  });

  it("a needed count of 0 or less is always reached; more than the hand never is", () => {
    expect(minimumReachable([], BLOCKED_TOPS, 0)).toBe(true);
    expect(minimumReachable([50], BLOCKED_TOPS, -1)).toBe(true);
    expect(minimumReachable([50, 51], [1, 1, 100, 100], 3)).toBe(false);
  });

  it("chains of backwards tricks across both pile kinds count as a sequence", () => {
    // 70 up, then 60, 50 and 40 back: four plays; without 70 to open the chain, none.
    expect(minimumReachable([40, 50, 60, 70], [65, 98, 3, 4], 4)).toBe(true);
    expect(minimumReachable([40, 50, 60], [65, 98, 3, 4], 1)).toBe(false);
    // Mixed: 70, 60, 50 up and 30 back on the descending pile at 20; 45 never fits.
    expect(minimumReachable([70, 60, 50, 30, 45], [65, 98, 20, 4], 4)).toBe(true);
    expect(minimumReachable([70, 60, 50, 30, 45], [65, 98, 20, 4], 5)).toBe(false);
  });

  it("order matters: a greedy first choice can block, the search finds the order that works", () => {
    // 55 must go before 60 on the only open pile.
    expect(minimumReachable([60, 55], [50, 98, 3, 4], 2)).toBe(true);
    expect(minimumReachable([60], [60, 98, 3, 4], 1)).toBe(false);
  });

  it("full 8-card hands: every card placed where an order exists, and not where one card can never go", () => {
    // All eight on one pile in rising order; or split between a rising and a falling pile.
    for (const hand of [
      [10, 20, 30, 40, 50, 60, 70, 80],
      [11, 22, 33, 44, 55, 66, 77, 88],
      [90, 91, 92, 93, 94, 95, 96, 97],
    ]) {
      expect(minimumReachable(hand, [1, 1, 100, 100], 8)).toBe(true);
      expect(minimumReachable(hand, [45, 85, 30, 60], 8)).toBe(true);
    }
    // 51–57 climb the open pile; 49 fits nowhere, whatever the order: seven, never eight.
    const sevenOfEight = [51, 52, 53, 54, 55, 56, 57, 49];
    expect(minimumReachable(sevenOfEight, [50, 98, 3, 2], 8)).toBe(false);
    expect(minimumReachable(sevenOfEight, [50, 98, 3, 2], 7)).toBe(true);
  });

  it("wouldStrand: true for a legal play that leaves the minimum out of reach", () => {
    const state = table({
      hands: { ann: [55, 60], bob: [70] },
      piles: [[50], [98], [3], [4]],
      drawPile: drawPileOf(5),
    });
    expect(wouldStrand(state, "ann", 60, 0)).toBe(true);
    expect(wouldStrand(state, "ann", 55, 0)).toBe(false);
  });

  it("wouldStrand: false once the minimum is reached, for illegal plays and for other players", () => {
    let state = table({
      hands: { ann: [55, 60, 20], bob: [70] },
      piles: [[50], [98], [30], [4]],
      drawPile: drawPileOf(5),
    });
    expect(wouldStrand(state, "ann", 60, 1)).toBe(false); // does not fit
    expect(wouldStrand(state, "ann", 99, 0)).toBe(false); // not in hand
    expect(wouldStrand(state, "bob", 70, 0)).toBe(false); // not bob's turn
    expect(wouldStrand(state, "ann", 55, 7)).toBe(false); // no such pile
    state = must(must(state, "ann", playMove(55, 0)), "ann", playMove(20, 2));
    expect(wouldStrand(state, "ann", 60, 0)).toBe(false);
  });

  it("legalMoves: only the active player has plays; endTurn appears once the minimum is reached", () => {
    let state = table({
      hands: { ann: [55, 60], bob: [70] },
      piles: BLOCKED_PILES.map((p, i) => (i === 0 ? [50] : p)),
      drawPile: drawPileOf(5),
    });
    expect(turnMoves(state, "bob")).toEqual([]);
    expect(legalMoves(state, "zed")).toEqual([]);
    expect(turnMoves(state, "ann")).toEqual([playMove(55, 0), playMove(60, 0)]);
    state = must(must(state, "ann", playMove(55, 0)), "ann", playMove(60, 0));
    expect(turnMoves(state, "ann")).toEqual([END_TURN]);
    state.phase = "over";
    expect(legalMoves(state, "ann")).toEqual([]);
    expect(theGame.actors(state)).toEqual([]);
  });
});
