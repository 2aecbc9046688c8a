import { describe, expect, it } from "vitest";
import { canPlayOn, legalMoves } from "../../../src/games/thegame/engine/index.js";
import { drawPileOf, END_TURN, must, playMove, refusal, table } from "./fixtures.js";

describe("The Game: where a card may go", () => {
  it("ascending pile: a card higher than the top fits, an equal or lower one does not", () => {
    expect(canPlayOn("up", 50, 51)).toBe(true);
    expect(canPlayOn("up", 50, 99)).toBe(true);
    expect(canPlayOn("up", 50, 50)).toBe(false);
    expect(canPlayOn("up", 50, 49)).toBe(false);
    expect(canPlayOn("up", 1, 2)).toBe(true);
  });

  it("descending pile: a card lower than the top fits, an equal or higher one does not", () => {
    expect(canPlayOn("down", 50, 49)).toBe(true);
    expect(canPlayOn("down", 50, 2)).toBe(true);
    expect(canPlayOn("down", 50, 50)).toBe(false);
    expect(canPlayOn("down", 50, 51)).toBe(false);
    expect(canPlayOn("down", 100, 99)).toBe(true);
  });

  it("backwards trick on an ascending pile: exactly 10 lower fits, 9 or 11 lower does not", () => {
    expect(canPlayOn("up", 50, 40)).toBe(true);
    expect(canPlayOn("up", 50, 41)).toBe(false);
    expect(canPlayOn("up", 50, 39)).toBe(false);
    const state = table({
      hands: { ann: [40, 41, 30] },
      piles: [[50], [97], [3], [4]],
      drawPile: drawPileOf(5),
    });
    expect(must(state, "ann", playMove(40, 0)).piles[0]).toEqual([50, 40]);
    expect(refusal(state, "ann", playMove(41, 0))).toEqual({
      key: "thegame.cannotPlayThere.up",
      params: { card: 41, pile: 1, top: 50 },
    });
  });

  it("backwards trick on a descending pile: exactly 10 higher fits, 9 or 11 higher does not", () => {
    expect(canPlayOn("down", 50, 60)).toBe(true);
    expect(canPlayOn("down", 50, 59)).toBe(false);
    expect(canPlayOn("down", 50, 61)).toBe(false);
    const state = table({
      hands: { ann: [60, 61, 70] },
      piles: [[98], [97], [50], [4]],
      drawPile: drawPileOf(5),
    });
    expect(must(state, "ann", playMove(60, 2)).piles[2]).toEqual([50, 60]);
    expect(refusal(state, "ann", playMove(61, 2))).toEqual({
      key: "thegame.cannotPlayThere.down",
      params: { card: 61, pile: 3, top: 50 },
    });
  });

  it("backwards tricks may be used many times in one turn, on any piles, mixed with normal plays", () => {
    let state = table({
      hands: { ann: [60, 50, 80, 30, 25, 35] },
      piles: [[70], [97], [20], [4]],
      drawPile: drawPileOf(20),
    });
    for (const [card, pile] of [
      [60, 0],
      [50, 0],
      [30, 2],
      [25, 2],
      [35, 2],
      [80, 0],
    ] as const) {
      state = must(state, "ann", playMove(card, pile));
    }
    expect(state.piles[0]).toEqual([70, 60, 50, 80]);
    expect(state.piles[2]).toEqual([20, 30, 25, 35]);
    expect(state.phase).toBe("play");
  });

  it("a card may go on any pile it fits: legalMoves lists every fitting pile for every card", () => {
    const state = table({
      hands: { ann: [45, 55] },
      piles: [[40], [60], [50], [4]],
      drawPile: drawPileOf(5),
    });
    expect(legalMoves(state, "ann")).toEqual([playMove(45, 0), playMove(45, 2), playMove(55, 0)]);
  });

  it("the sequence case: ascending top 50 with 60 and 50 in hand: 60 first, then 50 goes back on it", () => {
    let state = table({ hands: { ann: [50, 60] }, piles: [[50], [98], [3], [4]], drawPile: drawPileOf(5) });
    expect(refusal(state, "ann", playMove(50, 0)).key).toBe("thegame.cannotPlayThere.up");
    state = must(state, "ann", playMove(60, 0));
    state = must(state, "ann", playMove(50, 0));
    expect(state.piles[0]).toEqual([50, 60, 50]);
    expect(state.phase).toBe("play");
    expect(must(state, "ann", END_TURN).phase).toBe("play");
  });
});
