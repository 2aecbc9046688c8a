import { cardCode, SUITS } from "../../src/engine/core/cards.js";
import type { PropertySpec } from "../support/property/spec.js";
import {
  GUESSES_PER_PLAYER,
  type HigherLowerMove,
  type HigherLowerState,
  higherLower,
} from "./engine/index.js";

/** Every card exactly once, in the draw pile or turned; scores never exceed the guesses made. */
function invariant(state: HigherLowerState): void {
  const cards = [...state.drawPile, ...state.turned];
  const seen = new Set(cards.map((c) => SUITS.indexOf(c.suit) * 13 + c.rank));
  if (cards.length !== 52 || seen.size !== 52)
    throw new Error(`cards lost or doubled: ${cards.map(cardCode)}`);
  const guesses = state.turned.length - 1;
  const points = Object.values(state.scores).reduce((a, b) => a + b, 0);
  if (points > guesses) throw new Error(`${points} points from ${guesses} guesses`);
  if ((state.phase === "over") !== (guesses === 2 * GUESSES_PER_PLAYER)) {
    throw new Error(`phase ${state.phase} after ${guesses} guesses`);
  }
}

/** The public view never carries the draw pile, nor any card not yet turned. */
function publicLeak(state: HigherLowerState, view: unknown): string | null {
  const text = JSON.stringify(view);
  if ("drawPile" in (view as object) || "rng" in (view as object)) return "a hidden field";
  const hidden = state.drawPile.find((card) => text.includes(JSON.stringify(card)));
  return hidden ? `the unturned ${cardCode(hidden)}` : null;
}

export const spec: PropertySpec<HigherLowerState, HigherLowerMove> = {
  engine: higherLower,
  setups: [{ players: 2 }],
  games: 1000,
  maxSteps: 2 * GUESSES_PER_PLAYER,
  invariant,
  publicLeak,
  candidates: () => [
    { type: "guess", guess: "higher" },
    { type: "guess", guess: "lower" },
    { type: "guess", guess: "same" },
    { type: "guess" },
    { type: "guess", guess: "higher", extra: 1 },
  ],
};
