import type { Card } from "./cards.js";
import { isIndex } from "./shape.js";

/** A player's own foundation: the first card placed first; the last card is its top. */
export type Foundation = Card[];

/**
 * Whether `card` may go on `foundation`. Each game passes its own rule (Stacking: any card on an
 * empty pile, then one higher with wrap-around; Sir Tommy: from an Ace up or a King down).
 */
export type PlacementRule = (foundation: readonly Card[], card: Card) => boolean;

export function emptyFoundations(count: number): Foundation[] {
  return Array.from({ length: count }, () => []);
}

/** Is `value` the index of one of these foundations (checks untrusted input)? */
export function isFoundationIndex(foundations: readonly Foundation[], value: unknown): value is number {
  return isIndex(value, foundations.length);
}

export function foundationTop(foundation: readonly Card[]): Card | null {
  return foundation[foundation.length - 1] ?? null;
}

/** Indices of the foundations that take `card` under `rule`. */
export function foundationsTaking(
  foundations: readonly Foundation[],
  card: Card,
  rule: PlacementRule,
): number[] {
  const fits: number[] = [];
  foundations.forEach((foundation, index) => {
    if (rule(foundation, card)) fits.push(index);
  });
  return fits;
}

/** Cards on all these foundations together. */
export function foundationCount(foundations: readonly Foundation[]): number {
  return foundations.reduce((n, foundation) => n + foundation.length, 0);
}
