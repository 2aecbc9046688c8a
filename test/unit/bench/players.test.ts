import { ComponentType } from "discord.js";
import { describe, expect, it } from "vitest";
import { selectValueSets } from "../../../scripts/bench/players.js";
import type { ComponentView } from "../../../scripts/bench/world.js";
import { createRng } from "../../../src/engine/core/rng.js";

/** How the benches' players fill a select menu: as many values as a player would pick in one go. */

function select(options: number, minValues: number, maxValues: number): ComponentView {
  return {
    type: ComponentType.StringSelect,
    customId: "g:1:1:x",
    label: null,
    disabled: false,
    style: null,
    url: null,
    placeholder: null,
    minValues,
    maxValues,
    options: Array.from({ length: options }, (_, i) => ({
      label: `o${i}`,
      value: String(i),
      description: null,
      default: false,
    })),
  };
}

describe("a bench player's picks in a select", () => {
  it("fills a select that needs a value as far as it takes: a Four Kings hand's list (5 still to pick of 12) in one pick", () => {
    const sets = selectValueSets(createRng(1), select(12, 1, 5), 8);
    expect(sets).toHaveLength(8);
    for (const set of sets) {
      expect(set).toHaveLength(5);
      expect(new Set(set).size).toBe(5);
      for (const v of set) expect(Number(v)).toBeLessThan(12);
    }
    expect(new Set(sets.map((s) => [...s].sort().join())).size).toBeGreaterThan(1);
  });

  it("picks sets of random sizes within the limits when the select may stay empty (a Four Kings stack)", () => {
    const sizes = selectValueSets(createRng(1), select(5, 0, 3), 60).map((s) => s.length);
    expect(new Set(sizes)).toEqual(new Set([0, 1, 2, 3]));
  });

  it("tries each option alone in a select of one value", () => {
    expect(selectValueSets(createRng(1), select(3, 1, 1), 8)).toEqual([["0"], ["1"], ["2"]]);
  });
});
