import { type Card, parseCardCode } from "../../src/engine/core/cards.js";

/** A card from its code, e.g. "QS" or "10H"; throws on a code that is no card. */
export function card(code: string): Card {
  const parsed = parseCardCode(code);
  if (!parsed) throw new Error(`bad card code ${code}`);
  return parsed;
}

/** Cards from codes, first card first: cards("AH 10S KD"); "" is none. */
export function cards(spec: string): Card[] {
  return spec.trim() === "" ? [] : spec.trim().split(/\s+/).map(card);
}

/** Piles from codes, first card first: "7H 5S" has 5♠ on top. "" is an empty pile. */
export function piles(...specs: string[]): Card[][] {
  return specs.map(cards);
}
