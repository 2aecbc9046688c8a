import { type Card, cardCode, isCard, SUITS } from "../../../src/engine/core/cards.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { nextInt, type RngState } from "../../../src/engine/core/rng.js";
import {
  type FourKingsMove,
  type FourKingsPublicView,
  type FourKingsState,
  fourKings,
  MAX_PER_CARD,
  requiredHandSize,
  TURN_LIMIT,
} from "../../../src/games/fourkings/engine/index.js";
import type { PropertySpec } from "../../support/property/spec.js";

const deckIndex = (c: Card): number => SUITS.indexOf(c.suit) * 13 + c.rank - 1;

/** Every card in the state, wherever it is: the whole deck, each card once; the phase's cards in place. */
function invariant(state: FourKingsState): void {
  const all = [
    ...state.controlled,
    ...state.hand,
    ...state.drawn,
    ...state.drawPiles.flat(),
    ...state.lostPile,
  ];
  const seen = new Uint8Array(52);
  for (const c of all) seen[deckIndex(c)]++;
  if (all.length !== 52 || seen.some((n) => n !== 1)) {
    throw new Error(`cards lost or duplicated: ${all.map(cardCode).sort().join(" ")}`);
  }
  if (state.turn > TURN_LIMIT) throw new Error("turn limit passed");
  if (state.phase === "assign") {
    if (state.drawn.length < 1 || state.drawn.length > 2) throw new Error("not one or two drawn cards");
    if (state.hand.length < state.drawn.length) throw new Error("fewer hand cards than drawn cards");
  } else if (state.hand.length > 0 || state.drawn.length > 0) {
    throw new Error("hand or drawn cards between turns");
  }
  if ((state.phase === "over") !== (state.endReason !== null))
    throw new Error("phase and end reason disagree");
  if (state.phase !== "over" && state.controlled.length + state.hand.length < 2) {
    throw new Error("running with fewer than 2 cards");
  }
  if (state.endReason === "won" && state.controlled.filter((c) => c.rank === 13).length !== 4) {
    throw new Error("won without the 4 Kings");
  }
}

/** Every card anywhere in a value, except the last turn's record (cards seen face up). */
function cardsShown(value: unknown, found: Card[] = []): Card[] {
  if (Array.isArray(value)) for (const item of value) cardsShown(item, found);
  else if (isCard(value)) found.push(value);
  else if (typeof value === "object" && value !== null) {
    for (const key in value)
      if (key !== "lastTurn") cardsShown((value as Record<string, unknown>)[key], found);
  }
  return found;
}

/**
 * No draw-pile card, no lost-pile card without peek, no draw-pile field; and the view is the same
 * with the draw piles in another order (their order is never shown, not even indirectly).
 */
function publicLeak(state: FourKingsState, view: unknown): string | null {
  const v = view as FourKingsPublicView;
  const hidden = new Uint8Array(52);
  for (const c of state.drawPiles.flat()) hidden[deckIndex(c)] = 1;
  if (!state.options.peek) for (const c of state.lostPile) hidden[deckIndex(c)] = 1;
  const leaked = cardsShown(v).filter((c) => hidden[deckIndex(c)] === 1);
  if (leaked.length > 0) return `hidden cards ${leaked.map(cardCode).join(" ")}`;
  if ("drawPiles" in v) return "the draw piles";
  if (!state.options.peek && v.lostPile !== null) return "the lost pile without peek";
  const reordered = { ...state, drawPiles: state.drawPiles.map((pile) => [...pile].reverse()) };
  if (JSON.stringify(fourKings.publicView(reordered)) !== JSON.stringify(v)) return "the draw pile order";
  return null;
}

const pick = <T>(items: readonly T[], rng: RngState): T | undefined => items[nextInt(rng, items.length)];

/** `count` cards of `cards` at random, in the order of `cards` (the order `legalMoves` lists them in). */
function subset(cards: readonly Card[], count: number, rng: RngState): Card[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, cards.length)) chosen.add(nextInt(rng, cards.length));
  return cards.filter((_, i) => chosen.has(i));
}

/** Hands of every size around the right one, some with a card not controlled or twice; and a placement. */
function handCandidates(state: FourKingsState, rng: RngState): unknown[] {
  const size = requiredHandSize(state.round, state.controlled.length);
  const stranger = pick([...state.drawPiles.flat(), ...state.lostPile], rng);
  const hand = subset(state.controlled, size, rng);
  return [
    { type: "chooseHand", cards: hand },
    { type: "chooseHand", cards: subset(state.controlled, size - 1, rng) },
    { type: "chooseHand", cards: subset(state.controlled, size + 1, rng) },
    ...(stranger ? [{ type: "chooseHand", cards: [...hand.slice(1), stranger] }] : []),
    { type: "chooseHand", cards: [...hand.slice(1), hand[hand.length - 1]] },
    { type: "chooseHand", cards: hand.map((c, i) => (i === 0 ? { ...c, extra: 1 } : c)) },
    { type: "chooseHand", cards: hand, extra: true },
    { type: "assign", stacks: [hand.slice(0, 1), hand.slice(1, 2)] },
  ];
}

/**
 * Hand cards dealt at random over the drawn cards (or kept back), in hand order: the legal ones are
 * listed, the others (mixed suits, too many, an empty stack) refused; then a few broken shapes.
 */
function assignCandidates(state: FourKingsState, rng: RngState): unknown[] {
  const out: unknown[] = [];
  for (let n = 0; n < 12; n++) {
    const stacks: Card[][] = state.drawn.map(() => []);
    for (const c of state.hand) {
      const where = nextInt(rng, state.drawn.length + 1);
      if (where < state.drawn.length) stacks[where]?.push(c);
    }
    out.push({ type: "assign", stacks });
  }
  const first = state.hand[0] as Card;
  const stranger = pick([...state.controlled, ...state.drawPiles.flat()], rng);
  const max = MAX_PER_CARD[state.round];
  out.push(
    { type: "assign", stacks: [...state.drawn.map(() => [first]), [first]] },
    { type: "assign", stacks: state.drawn.map(() => [first]) },
    { type: "assign", stacks: [state.hand.slice(0, max + 1), ...state.drawn.slice(1).map(() => [])] },
    ...(stranger ? [{ type: "assign", stacks: state.drawn.map(() => [stranger]) }] : []),
    { type: "assign", stacks: state.drawn.map((_, i) => [{ ...state.hand[i], extra: 1 }]) },
    { type: "assign", stacks: [[first, first]] },
    { type: "chooseHand", cards: state.hand },
  );
  return out;
}

function candidates(state: FourKingsState, _player: PlayerId, rng: RngState): unknown[] {
  if (state.phase === "chooseHand") return handCandidates(state, rng);
  if (state.phase === "assign") return assignCandidates(state, rng);
  return [];
}

export const spec: PropertySpec<FourKingsState, FourKingsMove> = {
  engine: fourKings,
  setups: [
    { players: 1, options: { peek: false } },
    { players: 1, options: { peek: true } },
  ],
  games: 1000,
  maxSteps: 2 * TURN_LIMIT + 1,
  invariant,
  publicLeak,
  candidates,
  tryLegal: 4,
};
