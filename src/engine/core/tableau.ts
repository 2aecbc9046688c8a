import { type Card, standardDeck } from "./cards.js";
import { type RngState, shuffle } from "./rng.js";
import { isIndex } from "./shape.js";

/** The face-up tableau of Twelves and Stacking: 13 columns of 4 overlapping cards. */
export const TABLEAU_COLUMNS = 13;
export const TABLEAU_DEPTH = 4;

/** One column, the first card dealt first; the last card is the top card, the only one that may be taken. */
export type Column = Card[];

export interface TopCard {
  column: number;
  card: Card;
}

/**
 * Shuffles a 52-card deck and deals it face up as the book does: a row of 13 cards, then the next
 * 13 on top of them, four times, so the card dealt last in each column is its top card.
 * Advances `rng` in place (call it on a draft state only).
 */
export function dealTableau(rng: RngState): Column[] {
  const deck = shuffle(rng, standardDeck());
  const columns: Column[] = Array.from({ length: TABLEAU_COLUMNS }, () => []);
  deck.forEach((card, i) => {
    columns[i % TABLEAU_COLUMNS]?.push(card);
  });
  return columns;
}

/** Is `value` the index of a column of this tableau (checks untrusted input)? */
export function isColumnIndex(columns: readonly Column[], value: unknown): value is number {
  return isIndex(value, columns.length);
}

/** The top card of a column, or null when the column is empty (or does not exist). */
export function topCard(columns: readonly Column[], column: number): Card | null {
  const cards = columns[column];
  return cards?.[cards.length - 1] ?? null;
}

/** Every column's top card, in column order; empty columns are left out. */
export function topCards(columns: readonly Column[]): TopCard[] {
  const tops: TopCard[] = [];
  columns.forEach((cards, column) => {
    const card = cards[cards.length - 1];
    if (card) tops.push({ column, card });
  });
  return tops;
}

/** Removes and returns a column's top card (on a draft state only); null when the column is empty. */
export function takeTopCard(columns: Column[], column: number): Card | null {
  return columns[column]?.pop() ?? null;
}

/** Cards still on the tableau. */
export function tableauCount(columns: readonly Column[]): number {
  return columns.reduce((n, cards) => n + cards.length, 0);
}
