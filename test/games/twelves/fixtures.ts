import { expect } from "vitest";
import { type Card, parseCardCode } from "../../../src/engine/core/cards.js";
import type { RuleError } from "../../../src/engine/core/errors.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { createRng } from "../../../src/engine/core/rng.js";
import { twelves } from "../../../src/games/twelves/engine/index.js";
import type { TwelvesMove, TwelvesRole, TwelvesState } from "../../../src/games/twelves/engine/types.js";
import { hasKey } from "../../../src/i18n/index.js";

export const ANN = "ann";
export const BOB = "bob";

/** A card from its code, e.g. "QS" or "10H". */
export function card(code: string): Card {
  const parsed = parseCardCode(code);
  if (!parsed) throw new Error(`bad card code ${code}`);
  return parsed;
}

/** Columns from codes, first dealt first: "7H 5S" is a column whose top card is 5♠. */
export function columns(...specs: string[]): Card[][] {
  return specs.map((spec) => (spec.trim() === "" ? [] : spec.trim().split(/\s+/).map(card)));
}

/** A game in play: Ann collects `annRole`, the active seat as given, the tableau as given. */
export function playing(cols: Card[][], annRole: TwelvesRole = "twelve", activeSeat = 0): TwelvesState {
  return {
    phase: "play",
    rng: createRng(1),
    players: [ANN, BOB],
    columns: cols,
    proposal: null,
    roles: { [ANN]: annRole, [BOB]: annRole === "twelve" ? "fourteen" : "twelve" },
    activeSeat,
    pairs: { [ANN]: [], [BOB]: [] },
    endReason: null,
  };
}

export const fresh = (seed = 7): TwelvesState => twelves.setup([ANN, BOB], {}, seed);

export function must(state: TwelvesState, player: PlayerId, move: TwelvesMove): TwelvesState {
  const result = twelves.apply(state, player, move);
  if (!result.ok) throw new Error(`refused: ${result.error.key} ${JSON.stringify(result.error.params)}`);
  return result.state;
}

/** The refusal of a move that must be refused; its key must exist in the English catalog. */
export function refusal(state: TwelvesState, player: PlayerId, move: unknown): RuleError {
  const before = structuredClone(state);
  const result = twelves.apply(state, player, move as TwelvesMove);
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(move)}`);
  expect(hasKey(result.error.key), result.error.key).toBe(true);
  expect(state).toEqual(before);
  return result.error;
}

export const take = (a: number, b: number): TwelvesMove => ({ type: "takePair", columns: [a, b] });
export const CONFIRM: TwelvesMove = { type: "confirm" };
export const proposal = (twelvesCollector: PlayerId, starter: PlayerId): TwelvesMove => ({
  type: "propose",
  twelves: twelvesCollector,
  starter,
});
