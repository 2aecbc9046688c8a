import { describe, expect, it } from "vitest";
import { cardCode } from "../../../src/engine/core/cards.js";
import { RuleError } from "../../../src/engine/core/errors.js";
import { ROUND_CAP, troubadour } from "../../../src/games/troubadour/engine/index.js";
import { boardOf } from "./fixtures.js";

describe("Set-up", () => {
  const state = troubadour.setup(["a", "b"], {}, 42);

  it("each player has their own 40 building cards A–10, shuffled as their draw pile", () => {
    for (const p of ["a", "b"]) {
      const b = boardOf(state, p);
      const all = [...b.drawPile, ...b.villages.flat().map((vc) => vc.card)];
      expect(all).toHaveLength(40);
      expect(new Set(all.map(cardCode)).size).toBe(40);
      expect(all.every((card) => card.rank >= 1 && card.rank <= 10)).toBe(true);
    }
    expect(boardOf(state, "a").drawPile).not.toEqual(boardOf(state, "b").drawPile);
  });

  it("5 villages per player, each two cards face down and a third face up on top", () => {
    for (const p of ["a", "b"]) {
      const b = boardOf(state, p);
      expect(b.villages).toHaveLength(5);
      for (const v of b.villages) expect(v.map((vc) => vc.faceUp)).toEqual([false, false, true]);
      expect(b.drawPile).toHaveLength(25);
    }
  });

  it("the waste pile and the 4 castles start empty", () => {
    const b = boardOf(state, "a");
    expect(b.waste).toEqual([]);
    expect(b.castles).toEqual([[], [], [], []]);
  });

  it("the game starts with round 1's secret noble pick", () => {
    expect(state.phase).toBe("pick");
    expect(state.round).toBe(1);
    expect(state.roundCap).toBe(ROUND_CAP);
    expect(troubadour.actors(state).sort()).toEqual(["a", "b"]);
  });

  it("the same seed deals the same game (the shuffle uses the seeded RNG)", () => {
    expect(troubadour.setup(["a", "b"], {}, 42)).toEqual(state);
    expect(troubadour.setup(["a", "b"], {}, 43)).not.toEqual(state);
  });

  it("2 players, 3–4 allowed; other counts are refused", () => {
    expect(troubadour.minPlayers).toBe(2);
    expect(troubadour.maxPlayers).toBe(4);
    expect(Object.keys(troubadour.setup(["a", "b", "c", "d"], {}, 1).boards)).toHaveLength(4);
    expect(() => troubadour.setup(["a"], {}, 1)).toThrow(RuleError);
    expect(() => troubadour.setup(["a", "b", "c", "d", "e"], {}, 1)).toThrow(RuleError);
    expect(() => troubadour.setup(["a", "a"], {}, 1)).toThrow(RuleError);
  });

  it("the round cap can be lowered with the numeric option roundCap (for simulations)", () => {
    expect(troubadour.setup(["a", "b"], { roundCap: 5 }, 1).roundCap).toBe(5);
    expect(troubadour.setup(["a", "b"], { roundCap: 0 }, 1).roundCap).toBe(ROUND_CAP);
  });
});
