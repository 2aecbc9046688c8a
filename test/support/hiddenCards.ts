import { type Card, cardCode, SUITS, type Suit } from "../../src/engine/core/cards.js";
import type { AnyEngine } from "../../src/engine/core/game.js";

const RANK_BY_LETTER: Record<string, number> = { A: 1, J: 11, B: 11, Q: 12, V: 12, K: 13, H: 13 };
const SUIT_BY_SYMBOL: Record<string, Suit> = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };

/** The cards a text names ("10♥", "Q♠", Dutch "V♠"), as card codes; The Game's cards are its numbers. */
export function cardsNamed(text: string, gameType: string): string[] {
  // A pile's own number ("pile 3") is no card; any other number could be one.
  if (gameType === "thegame")
    return text.replace(/\b(?:pile|stapel) [1-4]\b/g, "").match(/\b\d{1,3}\b/g) ?? [];
  return [...text.matchAll(/(?<![\p{L}\d])(10|[2-9]|[AJQKBVH])([♠♥♦♣])/gu)].map(([, rank, symbol]) =>
    cardCode({
      rank: RANK_BY_LETTER[rank as string] ?? Number(rank),
      suit: SUIT_BY_SYMBOL[symbol as string] as Suit,
    }),
  );
}

/** Every card value in a view, wherever it sits: card codes, and The Game's numbers. */
export function cardsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === "number") found.add(String(value));
  else if (Array.isArray(value)) for (const v of value) cardsIn(v, found);
  else if (typeof value === "object" && value !== null) {
    const v = value as Record<string, unknown>;
    if (typeof v.rank === "number" && typeof v.suit === "string" && SUITS.includes(v.suit as Suit))
      found.add(cardCode(v as unknown as Card));
    else for (const key of Object.keys(v)) cardsIn(v[key], found);
  }
  return found;
}

/**
 * The cards at `state` that `viewer` (null: a watcher) may not see: those only other seats' views
 * show, and Four Kings' face-down draw piles; never one the public view or the viewer's own shows.
 */
export function hiddenFrom(
  engine: AnyEngine,
  state: unknown,
  seats: readonly string[],
  viewer: string | null,
): Set<string> {
  const seen = new Set([
    ...cardsIn(engine.publicView(state)),
    ...(viewer === null ? [] : cardsIn(engine.privateView(state, viewer))),
  ]);
  const piles = (state as { drawPiles?: unknown }).drawPiles;
  const others = seats.filter((p) => p !== viewer).map((p) => engine.privateView(state, p));
  return new Set([...cardsIn([others, piles ?? []])].filter((c) => !seen.has(c)));
}
