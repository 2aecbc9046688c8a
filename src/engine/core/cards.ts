/** Standard French-suited playing cards, as plain JSON data. */
export type Suit = "S" | "H" | "D" | "C";
/** ♠ ♥ ♦ ♣ */
export const SUITS: readonly Suit[] = ["S", "H", "D", "C"];
export const SUIT_SYMBOL: Record<Suit, string> = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const SUIT_NAME: Record<Suit, string> = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };

/** Rank 1..13: A=1, J=11, Q=12, K=13 (a game may value them differently). */
export type Rank = number;
export const RANKS: readonly Rank[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];

export interface Card {
  rank: Rank;
  suit: Suit;
}

export type Colour = "red" | "black";

export function colourOf(suit: Suit): Colour {
  return suit === "H" || suit === "D" ? "red" : "black";
}

export function rankLabel(rank: Rank): string {
  switch (rank) {
    case 1:
      return "A";
    case 11:
      return "J";
    case 12:
      return "Q";
    case 13:
      return "K";
    default:
      return String(rank);
  }
}

/** Human label such as "10♥" or "Q♠". */
export function cardLabel(card: Card): string {
  return rankLabel(card.rank) + SUIT_SYMBOL[card.suit];
}

/** Compact ASCII code such as "10H" or "QS", safe for custom_ids and select values. */
export function cardCode(card: Card): string {
  return rankLabel(card.rank) + card.suit;
}

const RANK_BY_LABEL: Record<string, Rank> = { A: 1, J: 11, Q: 12, K: 13 };

/** Parses a `cardCode`; returns null for anything malformed. */
export function parseCardCode(code: string): Card | null {
  const m = /^(A|J|Q|K|[2-9]|10)([SHDC])$/.exec(code);
  if (!m) return null;
  const label = m[1] as string;
  const rank = RANK_BY_LABEL[label] ?? Number(label);
  return { rank, suit: m[2] as Suit };
}

export function sameCard(a: Card, b: Card): boolean {
  return a.rank === b.rank && a.suit === b.suit;
}

/** Is `value` a well-formed card (for checking untrusted moves)? */
export function isCard(value: unknown): value is Card {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.rank === "number" &&
    Number.isInteger(v.rank) &&
    v.rank >= 1 &&
    v.rank <= 13 &&
    typeof v.suit === "string" &&
    (SUITS as readonly string[]).includes(v.suit)
  );
}

/** A fresh, ordered 52-card deck (suit by suit, A..K). */
export function standardDeck(): Card[] {
  const deck: Card[] = [];
  for (const suit of SUITS) for (const rank of RANKS) deck.push({ rank, suit });
  return deck;
}

/** Index of a card in a list, or -1. */
export function indexOfCard(cards: readonly Card[], card: Card): number {
  return cards.findIndex((c) => sameCard(c, card));
}

/** Sort by suit (♠ ♥ ♦ ♣ order of SUITS) then rank descending: the order a hand is shown in. */
export function compareBySuitThenRankDesc(a: Card, b: Card): number {
  return SUITS.indexOf(a.suit) - SUITS.indexOf(b.suit) || b.rank - a.rank;
}

/** A card from untrusted input with no stray fields, as a fresh copy; null for anything else. */
export function parseCard(value: unknown): Card | null {
  if (!isCard(value) || Object.keys(value).length !== 2) return null;
  return { rank: value.rank, suit: value.suit };
}
