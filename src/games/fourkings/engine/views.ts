import { type Card, cardLabel, indexOfCard } from "../../../engine/core/cards.js";
import { RuleError } from "../../../engine/core/errors.js";
import {
  type FourKingsTurnCards,
  MAX_PER_CARD,
  requirementFor,
  validateAssignment,
  winsDrawnCard,
} from "./rules.js";
import type { FourKingsRequirement } from "./types.js";

/*
 * View queries: the rule facts a panel or a picture needs about a selection the player is still
 * building (stacks on the drawn cards), answered from the view so the UI and the renderer never
 * re-derive a rule. The turn's cards are the view's own (`round`, `hand`, `drawn`).
 */

/** What a stack of hand cards on a drawn card comes to (step 4). */
export interface StackForecast {
  /** What the drawn card needs. */
  requirement: FourKingsRequirement;
  /** The placed cards' value. */
  sum: number;
  /** The value the placed cards must reach, by their suit; null with nothing placed. */
  target: number | null;
  /** The stack would win the drawn card. */
  wins: boolean;
}

/** How a stack on `drawn` (this turn's or the last turn's) would fare: its sum, its target, won or lost. */
export function stackForecast(drawn: Card, placed: readonly Card[]): StackForecast {
  const requirement = requirementFor(drawn);
  const suit = placed[0]?.suit;
  return {
    requirement,
    sum: placed.reduce((sum, c) => sum + c.rank, 0),
    target: suit === undefined ? null : suit === drawn.suit ? requirement.sameSuit : requirement.otherSuit,
    wins: winsDrawnCard(drawn, placed),
  };
}

/** What one hand card counts toward a drawn card's need: its rank, against the need for its suit. */
export function cardCountsToward(
  requirement: FourKingsRequirement,
  card: Card,
): { same: boolean; target: number } {
  const same = card.suit === requirement.suit;
  return { same, target: same ? requirement.sameSuit : requirement.otherSuit };
}

/**
 * Why the stacks built so far (drawn cards without one yet have an empty list) cannot be completed
 * into a legal assignment, or null: each stack is legal, no card is used twice, and enough hand
 * cards are left for every drawn card still without one.
 */
export function partialAssignmentError(
  turn: FourKingsTurnCards,
  stacks: readonly (readonly Card[])[],
): RuleError | null {
  const built = turn.drawn.flatMap((_, i) => ((stacks[i] ?? []).length > 0 ? [i] : []));
  const error = validateAssignment(
    { round: turn.round, hand: turn.hand, drawn: built.map((i) => turn.drawn[i] as Card) },
    built.map((i) => stacks[i] as Card[]),
  );
  if (error) return error;
  const empty = turn.drawn.filter((_, i) => !built.includes(i));
  const unused = turn.hand.length - built.reduce((n, i) => n + (stacks[i] ?? []).length, 0);
  const first = empty[0];
  return first && unused < empty.length
    ? new RuleError("fourkings.emptyStack", { card: cardLabel(first) })
    : null;
}

/**
 * Hand cards that may be added to the stack on drawn card `index`, given the stacks built so far:
 * unused, of the stack's suit, room left on the card, and enough cards left for every other empty
 * drawn card.
 */
export function placeableOn(turn: FourKingsTurnCards, stacks: readonly Card[][], index: number): Card[] {
  const stack = stacks[index] ?? [];
  if (index < 0 || index >= turn.drawn.length || stack.length >= MAX_PER_CARD[turn.round]) return [];
  const used = stacks.flat();
  const unused = turn.hand.filter((c) => indexOfCard(used, c) < 0);
  const otherEmpty = turn.drawn.filter((_, i) => i !== index && (stacks[i] ?? []).length === 0).length;
  if (unused.length - 1 < otherEmpty) return [];
  const suit = stack[0]?.suit;
  return unused.filter((c) => suit === undefined || c.suit === suit);
}

/**
 * The choice for drawn card `index` when its whole stack is chosen anew, the other stacks as built so
 * far: the hand cards that may go on it (any suit; one suit per stack is checked when it is chosen)
 * and how many at most, keeping one card back for every other drawn card still without a stack.
 */
export function stackChoice(
  turn: FourKingsTurnCards,
  stacks: readonly (readonly Card[])[],
  index: number,
): { cards: Card[]; max: number } {
  const others = turn.drawn.map((_, i) => (i === index ? [] : [...(stacks[i] ?? [])]));
  const cards = placeableOn(turn, others, index);
  const otherEmpty = others.filter((s, i) => i !== index && s.length === 0).length;
  return { cards, max: Math.max(0, Math.min(MAX_PER_CARD[turn.round], cards.length - otherEmpty)) };
}
