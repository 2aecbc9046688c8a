import { ComponentType } from "discord.js";
import { describe, expect, it } from "vitest";
import { choicesIn, chooseAsAPlayer, selectValueSets } from "../../../scripts/bench/players.js";
import type { ComponentView, MessageView } from "../../../scripts/bench/world.js";
import { discordMessage } from "../../../src/bot/ui/components.js";
import { createRng } from "../../../src/engine/core/rng.js";
import { fourKingsUi } from "../../../src/games/fourkings/ui.js";
import { wordsFor } from "../../../src/i18n/index.js";
import { assignState, PLAYER } from "../../games/fourkings/fixtures.js";

/** How the benches' players fill a select menu: as many values as a player would pick in one go. */

function select(options: number, minValues: number, maxValues: number, shown: number[] = []): ComponentView {
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
      default: shown.includes(i),
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
    const sizes = (shown: number[]) =>
      new Set(selectValueSets(createRng(1), select(5, 0, 3, shown), 60).map((s) => s.length));
    expect(sizes([])).toEqual(new Set([1, 2, 3]));
    expect(sizes([4])).toEqual(new Set([0, 1, 2, 3]));
  });

  it("tries each option alone in a select of one value", () => {
    expect(selectValueSets(createRng(1), select(3, 1, 1), 8)).toEqual([["0"], ["1"], ["2"]]);
  });

  it("never picks what the menu already shows", () => {
    expect(selectValueSets(createRng(1), select(3, 1, 1, [1]), 8)).toEqual([["0"], ["2"]]);
    for (const set of selectValueSets(createRng(1), select(2, 0, 2, [0]), 40)) expect(set).not.toEqual(["0"]);
  });
});

describe("a bench player placing a Four Kings hand", () => {
  const state = assignState("AH 2H 3H AS 2S", "4H 5S");
  const game = { id: 1, version: 3, state };
  const payload = fourKingsUi.panel({
    ref: { gameId: game.id, version: game.version },
    userId: PLAYER,
    view: fourKingsUi.engine.privateView(state, PLAYER),
    names: {},
    selection: null,
    notice: null,
    words: wordsFor("en"),
  });
  const panel = {
    id: "panel",
    components: JSON.parse(JSON.stringify(discordMessage(payload, true).components)),
  } as MessageView;
  const choices = choicesIn(fourKingsUi, game, PLAYER, panel, createRng(1), 40);
  const hand = fourKingsUi.engine.privateView(state, PLAYER).hand;
  const suits = (values: string[]) => new Set(values.map((v) => hand[Number(v)]!.suit)).size;

  it("sees a stack of mixed suits refused, and one of one suit accepted", () => {
    const stacks = choices.filter((c) => c.click.action === "as");
    const refused = stacks.filter((c) => c.kind === "refused-step");
    const accepted = stacks.filter((c) => c.kind === "select-step");
    expect(refused.length).toBeGreaterThan(0);
    expect(accepted.some((c) => c.values!.length >= 2)).toBe(true);
    for (const c of refused) expect(suits(c.values!)).toBeGreaterThan(1);
    for (const c of accepted) expect(suits(c.values!)).toBeLessThanOrEqual(1);
  });

  it("makes a refused choice only now and then while the panel accepts others", () => {
    const rng = createRng(2);
    const picks = Array.from({ length: 400 }, () => chooseAsAPlayer(rng, choices)?.kind);
    const refused = picks.filter((k) => k === "refused-step").length;
    expect(picks.every((k) => k === "select-step" || k === "refused-step")).toBe(true);
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThan(80);
  });
});
