import {
  type Card,
  cardLabel,
  indexOfCard,
  parseCard,
  type Rank,
  sameCard,
} from "../../../engine/core/cards.js";
import { RuleError } from "../../../engine/core/errors.js";
import { hasExactKeys } from "../../../engine/core/shape.js";
import type { FourKingsMove, FourKingsRequirement, FourKingsRound, FourKingsState } from "./types.js";

/** Cards drawn per turn. */
export const DRAW_COUNT = 2;

/** Hand size per round (step 1). */
export const HAND_SIZE: Readonly<Record<FourKingsRound, number>> = { 1: 5, 2: 3, 3: 3 };

/** Most hand cards on one drawn card per round (step 3). */
export const MAX_PER_CARD: Readonly<Record<FourKingsRound, number>> = { 1: 3, 2: 2, 3: 2 };

/** The ranks of draw piles I, II, III; the cards below rank 4 start controlled. */
export const PILE_RANKS: readonly (readonly Rank[])[] = [
  [4, 5, 6],
  [7, 8, 9, 10],
  [11, 12, 13],
];

/** Round 1 ends with every card up to 6 controlled (24 cards), round 2 with every card up to 10 (40). */
export const ROUND_END_TOP_RANK: Readonly<Record<1 | 2, Rank>> = { 1: 6, 2: 10 };

/**
 * Winning one card and giving up another every turn makes no progress, and no rule stops that from
 * repeating for ever (it even happens to a greedy player now and then). A game still running after
 * this many turns is lost. Of 3,000 greedy games played without a limit, every one that ended did so
 * within 620 turns (median 64 for a win), so a real game does not come near it.
 */
export const TURN_LIMIT = 1000;

/** The cards a turn's checks need; the state and the public view both have them. */
export type FourKingsTurnCards = Pick<FourKingsState, "round" | "hand" | "drawn">;

/** Hand size this turn: 5 or 3, or every controlled card when fewer are controlled. */
export function requiredHandSize(round: FourKingsRound, controlledCount: number): number {
  return Math.min(HAND_SIZE[round], controlledCount);
}

function sumOf(cards: readonly Card[]): number {
  return cards.reduce((sum, c) => sum + c.rank, 0);
}

export function requirementFor(drawn: Card): FourKingsRequirement {
  return { suit: drawn.suit, sameSuit: drawn.rank, otherSuit: 3 * drawn.rank };
}

/**
 * Step 4: won when the placed cards (all of one suit) are of the drawn card's suit and worth at least
 * its value, or of another suit and worth at least three times its value.
 */
export function winsDrawnCard(drawn: Card, placed: readonly Card[]): boolean {
  const first = placed[0];
  if (!first || placed.some((c) => c.suit !== first.suit)) return false;
  const need = requirementFor(drawn);
  return sumOf(placed) >= (first.suit === drawn.suit ? need.sameSuit : need.otherSuit);
}

export function cardsLabel(cards: readonly Card[]): string {
  return cards.map(cardLabel).join(" ");
}

/** Checks a chosen hand (already of a known shape); null when legal. */
export function validateHand(
  state: Pick<FourKingsState, "round" | "controlled">,
  cards: readonly Card[],
): RuleError | null {
  const required = requiredHandSize(state.round, state.controlled.length);
  if (cards.length !== required) return new RuleError("fourkings.handSize", { required });
  for (const [i, card] of cards.entries()) {
    if (indexOfCard(state.controlled, card) < 0) {
      return new RuleError("fourkings.notControlled", { card: cardLabel(card) });
    }
    if (indexOfCard(cards.slice(0, i), card) >= 0) {
      return new RuleError("fourkings.cardTwice", { card: cardLabel(card) });
    }
  }
  return null;
}

/** Checks a full assignment (already of a known shape): one list of hand cards per drawn card. Null when legal. */
export function validateAssignment(
  turn: FourKingsTurnCards,
  stacks: readonly (readonly Card[])[],
): RuleError | null {
  if (stacks.length !== turn.drawn.length) {
    return new RuleError("fourkings.stackCount", { count: turn.drawn.length });
  }
  const max = MAX_PER_CARD[turn.round];
  const used: Card[] = [];
  for (const [i, stack] of stacks.entries()) {
    const drawn = cardLabel(turn.drawn[i] as Card);
    if (stack.length === 0) return new RuleError("fourkings.emptyStack", { card: drawn });
    if (stack.length > max) return new RuleError("fourkings.tooManyOnCard", { card: drawn, max });
    for (const card of stack) {
      if (indexOfCard(turn.hand, card) < 0) {
        return new RuleError("fourkings.notInHand", { card: cardLabel(card) });
      }
      if (indexOfCard(used, card) >= 0)
        return new RuleError("fourkings.cardTwice", { card: cardLabel(card) });
      used.push(card);
    }
    if (stack.some((c) => c.suit !== stack[0]?.suit)) {
      return new RuleError("fourkings.mixedSuits", { card: drawn });
    }
  }
  return null;
}

/** Every non-empty one-suit subset of `cards` with at most `max` cards. */
function oneSuitStacks(cards: readonly Card[], max: number): Card[][] {
  const stacks: Card[][] = [];
  const grow = (stack: Card[], from: number): void => {
    for (let i = from; i < cards.length; i++) {
      const card = cards[i] as Card;
      if (stack.length > 0 && card.suit !== stack[0]?.suit) continue;
      const next = [...stack, card];
      stacks.push(next);
      if (next.length < max) grow(next, i + 1);
    }
  };
  grow([], 0);
  return stacks;
}

/**
 * Every legal full assignment for this turn, in a stable order: per drawn card, one-suit sets of the
 * unused hand cards in hand order. 170 at most (5 hand cards of one suit on 2 drawn cards in round 1).
 */
export function legalAssignments(turn: FourKingsTurnCards): Card[][][] {
  const max = MAX_PER_CARD[turn.round];
  const result: Card[][][] = [];
  const extend = (chosen: Card[][], unused: readonly Card[]): void => {
    if (chosen.length === turn.drawn.length) {
      result.push(chosen);
      return;
    }
    const stillEmpty = turn.drawn.length - chosen.length - 1;
    for (const stack of oneSuitStacks(unused, max)) {
      const rest = unused.filter((c) => !stack.some((s) => sameCard(s, c)));
      if (rest.length >= stillEmpty) extend([...chosen, stack], rest);
    }
  };
  extend([], turn.hand);
  return result;
}

/**
 * Every legal hand: each set of `requiredHandSize` controlled cards once, in the order of
 * `controlled` (combinations of its positions in lexicographic order). The list is exact, so it is
 * long when many cards are controlled: 5 of 23 in round 1 is 33,649 hands. The hands share fresh
 * copies of the cards, never the state's own objects.
 */
export function legalHands(state: Pick<FourKingsState, "round" | "controlled">): Card[][] {
  const cards = state.controlled.map((c) => ({ rank: c.rank, suit: c.suit }));
  const n = cards.length;
  const size = requiredHandSize(state.round, n);
  const hands: Card[][] = [];
  const at = Array.from({ length: size }, (_, i) => i);
  for (;;) {
    hands.push(at.map((i) => cards[i] as Card));
    let j = size - 1;
    while (j >= 0 && at[j] === n - size + j) j--;
    if (j < 0) return hands;
    let next = (at[j] as number) + 1;
    for (let k = j; k < size; k++) at[k] = next++;
  }
}

/** A list of cards (no holes, no stray fields), copied; null for anything else. */
function parseCards(value: unknown): Card[] | null {
  if (!Array.isArray(value) || value.length > 52) return null;
  const cards: Card[] = [];
  for (let i = 0; i < value.length; i++) {
    const card = parseCard(value[i]);
    if (!card) return null;
    cards.push(card);
  }
  return cards;
}

/** A move of a known shape (untrusted input), as fresh plain data; null for anything else. */
export function parseMove(move: unknown): FourKingsMove | null {
  if (typeof move !== "object" || move === null || Array.isArray(move)) return null;
  const m = move as Record<string, unknown>;
  if (m.type === "chooseHand" && hasExactKeys(m, ["type", "cards"])) {
    const cards = parseCards(m.cards);
    return cards && { type: "chooseHand", cards };
  }
  if (m.type === "assign" && hasExactKeys(m, ["type", "stacks"])) {
    if (!Array.isArray(m.stacks) || m.stacks.length > 52) return null;
    const stacks: Card[][] = [];
    for (let i = 0; i < m.stacks.length; i++) {
      const stack = parseCards(m.stacks[i]);
      if (!stack) return null;
      stacks.push(stack);
    }
    return { type: "assign", stacks };
  }
  return null;
}
