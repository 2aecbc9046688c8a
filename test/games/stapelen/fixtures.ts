import { expect } from "vitest";
import { type Card, parseCardCode } from "../../../src/engine/core/cards.js";
import type { RuleError } from "../../../src/engine/core/errors.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { createRng } from "../../../src/engine/core/rng.js";
import { stapelen } from "../../../src/games/stapelen/engine/index.js";
import type { StapelenMove, StapelenState } from "../../../src/games/stapelen/engine/types.js";
import { hasKey } from "../../../src/i18n/index.js";

export const ANN = "ann";
export const BOB = "bob";

/** Piles from codes, first card first: "7H 5S" has 5♠ on top. "" is an empty pile. */
export function piles(...specs: string[]): Card[][] {
  return specs.map((spec) =>
    spec.trim() === ""
      ? []
      : spec
          .trim()
          .split(/\s+/)
          .map((code) => {
            const card = parseCardCode(code);
            if (!card) throw new Error(`bad card code ${code}`);
            return card;
          }),
  );
}

export function card(code: string): Card {
  return piles(code)[0]?.[0] as Card;
}

/** A game in play with the given tableau and foundations; Ann holds seat 0. */
export function playing(
  columns: Card[][],
  annFoundations: Card[][] = piles("", "", ""),
  bobFoundations: Card[][] = piles("", "", ""),
  activeSeat = 0,
): StapelenState {
  return {
    phase: "play",
    rng: createRng(1),
    players: [ANN, BOB],
    columns,
    foundations: { [ANN]: annFoundations, [BOB]: bobFoundations },
    activeSeat,
    endReason: null,
  };
}

export const place = (column: number, foundation: number): StapelenMove => ({
  type: "place",
  column,
  foundation,
});

export function must(state: StapelenState, player: PlayerId, move: StapelenMove): StapelenState {
  const result = stapelen.apply(state, player, move);
  if (!result.ok) throw new Error(`refused: ${result.error.key} ${JSON.stringify(result.error.params)}`);
  return result.state;
}

/** The refusal of a move that must be refused; its key must exist in the English catalog. */
export function refusal(state: StapelenState, player: PlayerId, move: unknown): RuleError {
  const before = structuredClone(state);
  const result = stapelen.apply(state, player, move as StapelenMove);
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(move)}`);
  expect(hasKey(result.error.key), result.error.key).toBe(true);
  expect(state).toEqual(before);
  return result.error;
}
