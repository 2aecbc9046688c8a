import { describe, expect, it } from "vitest";
import type { Outcome, PlayerResult } from "../../../src/engine/core/game.js";
import { firstLosingMove, needsReview, type Winnable } from "../../../src/engine/core/winnable.js";

const ended = (...results: PlayerResult[]): Outcome => ({
  results: Object.fromEntries(results.map((result, i) => [`p${i}`, { result }])),
  summary: { key: "core.gameOver" },
});

describe("which ended games are reviewed for the move that lost them", () => {
  it("a game everyone won is not reviewed, nor one still being played", () => {
    expect(needsReview(ended("win", "win"))).toBe(false);
    expect(needsReview(null)).toBe(false);
  });

  it("a game someone lost or drew is reviewed", () => {
    expect(needsReview(ended("loss", "loss"))).toBe(true);
    expect(needsReview(ended("win", "loss"))).toBe(true);
    expect(needsReview(ended("draw", "draw"))).toBe(true);
  });
});

describe("the move after which a lost game could no longer be won", () => {
  /** A game of `moves` moves whose positions from `firstLost` on are lost; the positions asked about. */
  const game = (moves: number, firstLost: number, unsure: readonly number[] = []) => {
    const asked: number[] = [];
    const verdictAt = (position: number): Winnable => {
      asked.push(position);
      if (unsure.includes(position)) return "unsure";
      return position >= firstLost ? "lost" : "winnable";
    };
    return { asked, found: () => firstLosingMove(moves, verdictAt) };
  };

  it("is the first lost position, found by asking about log2(moves) positions", () => {
    for (let firstLost = 1; firstLost <= 40; firstLost++) {
      const { asked, found } = game(40, firstLost);
      expect(found(), `first lost ${firstLost}`).toEqual({ kind: "move", move: firstLost });
      expect(asked.length, `first lost ${firstLost}`).toBeLessThanOrEqual(Math.ceil(Math.log2(40)) + 1);
    }
  });

  it("asks about the deal only when no later position was shown winnable", () => {
    const late = game(40, 30);
    late.found();
    expect(late.asked).not.toContain(0);
    const early = game(40, 1);
    early.found();
    expect(early.asked).toContain(0);
  });

  it("a deal that could never be won is lost from the start; an unsure search leaves it open", () => {
    expect(game(40, 0).found()).toEqual({ kind: "fromStart" });
    expect(game(0, 0).found()).toEqual({ kind: "fromStart" });
    expect(game(40, 1, [0]).found()).toEqual({ kind: "unsure" });
    expect(game(40, 30, [20]).found()).toEqual({ kind: "unsure" });
  });
});
