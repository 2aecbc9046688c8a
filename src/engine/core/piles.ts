import type { Card } from "./cards.js";

/** Fresh copies of cards, so a view never shares objects with the state (and is much cheaper than structuredClone). */
export function copyCards(cards: readonly Card[]): Card[] {
  return cards.map((card) => ({ rank: card.rank, suit: card.suit }));
}

/** Fresh copies of a list of piles (columns, rows or foundations). */
export function copyPiles(piles: readonly (readonly Card[])[]): Card[][] {
  return piles.map(copyCards);
}

/** Fresh copies of each player's piles. */
export function copyPilesByPlayer(
  byPlayer: Readonly<Record<string, readonly (readonly Card[])[]>>,
): Record<string, Card[][]> {
  return Object.fromEntries(Object.entries(byPlayer).map(([player, piles]) => [player, copyPiles(piles)]));
}
