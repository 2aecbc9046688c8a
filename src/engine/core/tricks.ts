import type { Card, Suit } from "./cards.js";

/**
 * Trick-taking, written once: following suit and who wins a trick. Aces are high (A K Q … 2).
 */

/** A card's strength within its suit: 2 lowest, Ace highest. */
export function trickRank(card: Card): number {
  return card.rank === 1 ? 14 : card.rank;
}

/** The cards of `hand` that may be played to a trick led with `led` (null: the trick is new). */
export function followSuit(hand: readonly Card[], led: Suit | null): Card[] {
  if (led === null) return [...hand];
  const same = hand.filter((c) => c.suit === led);
  return same.length > 0 ? same : [...hand];
}

/**
 * Which of the trick's cards (in play order, the first one led) wins: the highest trump if any
 * trump was played, else the highest card of the led suit.
 */
export function trickWinner(cards: readonly Card[], trump: Suit | null): number {
  let best = 0;
  for (let i = 1; i < cards.length; i++) {
    const card = cards[i] as Card;
    const top = cards[best] as Card;
    // The best card so far is of the led suit or a trump, so a card of another suit wins only as a trump.
    const beats = card.suit === top.suit ? trickRank(card) > trickRank(top) : card.suit === trump;
    if (beats) best = i;
  }
  return best;
}
