import { describe, expect, it } from "vitest";
import type { Outcome, PlayerResult } from "../../../src/engine/core/game.js";
import { needsReview } from "../../../src/engine/core/winnable.js";

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
