import { type Card, SUITS } from "../../../engine/core/cards.js";
import { nextInt, type RngState, shuffle } from "../../../engine/core/rng.js";
import { fourKings } from "./engine.js";
import { MAX_PER_CARD, requiredHandSize, winsDrawnCard } from "./rules.js";
import type { FourKingsMove, FourKingsPrivateView, FourKingsState } from "./types.js";

/**
 * A uniformly random legal move: a random hand (drawn directly, as the list of every hand is long),
 * or one of the engine's legal assignments. Advances `rng`.
 */
export function randomMove(state: FourKingsState, rng: RngState): FourKingsMove {
  if (state.phase === "chooseHand") {
    const size = requiredHandSize(state.round, state.controlled.length);
    return { type: "chooseHand", cards: shuffle(rng, [...state.controlled]).slice(0, size) };
  }
  const options = fourKings.legalMoves(state, state.player);
  return options[nextInt(rng, options.length)] as FourKingsMove;
}

const byRankDesc = (a: Card, b: Card): number => b.rank - a.rank;

/**
 * Cards worth considering for the hand: the strongest of each suit (as many as fit on one drawn
 * card) and the two lowest as cheap sacrifices; all cards when that is too few. Highest first.
 */
function candidateCards(controlled: readonly Card[], size: number, max: number): Card[] {
  const strongest = [...controlled].sort(byRankDesc);
  const picked = new Set([
    ...SUITS.flatMap((suit) => strongest.filter((c) => c.suit === suit).slice(0, max)),
    ...strongest.slice(-2),
  ]);
  return picked.size >= size ? strongest.filter((c) => picked.has(c)) : strongest;
}

/**
 * What a card is worth to the player: its rank. A high card wins more and is harder to win back
 * once lost (it takes a stack of its suit worth as much), so a stack's worth is what it risks.
 */
const worth = (cards: readonly Card[]): number => cards.reduce((sum, c) => sum + c.rank, 0);

/** What placing `placed` on `drawn` comes to: the drawn card's worth won, or the placed cards' lost. */
function stackScore(drawn: Card, placed: readonly Card[]): number {
  return winsDrawnCard(drawn, placed) ? drawn.rank : -worth(placed);
}

/** A possible next draw and its chance. */
export interface PossibleDraw {
  cards: Card[];
  chance: number;
}

/** Every two of `cards`, equally likely. */
function pairsOf(cards: readonly Card[]): PossibleDraw[] {
  const draws: PossibleDraw[] = [];
  const chance = 2 / (cards.length * (cards.length - 1));
  for (let i = 0; i < cards.length; i++) {
    for (let j = i + 1; j < cards.length; j++) {
      draws.push({ cards: [cards[i] as Card, cards[j] as Card], chance });
    }
  }
  return draws;
}

/**
 * The next draw's possibilities, from the player's memory (sets only, so every order is equally
 * likely): two of the draw pile; with one card left, that card and one of the lost pile, which is
 * shuffled into a new draw pile mid-draw; a single card when nothing more is left.
 */
export function possibleDraws(view: FourKingsPrivateView): PossibleDraw[] {
  const pile = view.memory?.drawPile ?? [];
  const lost = view.memory?.lost ?? [];
  const last = pile[0];
  if (pile.length >= 2) return pairsOf(pile);
  if (last === undefined)
    return lost.length >= 2 ? pairsOf(lost) : lost.map((c) => ({ cards: [c], chance: 1 }));
  if (lost.length === 0) return [{ cards: [last], chance: 1 }];
  return lost.map((card) => ({ cards: [last, card], chance: 1 / lost.length }));
}

/**
 * Weighs hands out of `cards` against the possible draws: what each hand is expected to gain,
 * placed as well as it can be on every draw (each drawn card its own stack, the rest returned).
 * Stacks are bit masks over `cards`, scored and ranked once per drawable card; a hand keeps the
 * ranked stacks it holds, so each draw is weighed over a few stacks only.
 */
function handWeigher(
  cards: readonly Card[],
  draws: readonly PossibleDraw[],
  max: number,
): (hand: number) => number {
  const masks: number[] = [];
  for (let mask = 1; mask < 1 << cards.length; mask++) {
    const stack = cards.filter((_, i) => mask & (1 << i));
    if (stack.length <= max && stack.every((c) => c.suit === stack[0]?.suit)) masks.push(mask);
  }
  const drawable = [...new Set(draws.flatMap((draw) => draw.cards))];
  const ranked = drawable.map((drawn) => {
    const scored = masks.map((m) => ({
      mask: m,
      score: stackScore(
        drawn,
        cards.filter((_, i) => m & (1 << i)),
      ),
    }));
    return scored.sort((a, b) => b.score - a.score);
  });
  const pairs = draws.map((draw) => draw.cards.map((c) => drawable.indexOf(c)));
  return (hand) => {
    const held = ranked.map((row) => row.filter((stack) => (stack.mask & hand) === stack.mask));
    let expected = 0;
    pairs.forEach(([a, b], k) => {
      const onA = held[a as number] ?? [];
      const onB = b === undefined ? undefined : held[b];
      let best = onA[0]?.score ?? 0;
      if (onB !== undefined) {
        const bestB = onB[0]?.score ?? 0;
        best = Number.NEGATIVE_INFINITY;
        for (const stackA of onA) {
          if (stackA.score + bestB <= best) break;
          // The best stack for b that leaves a's alone is the best one with it.
          const stackB = onB.find((stack) => (stack.mask & stackA.mask) === 0);
          if (stackB !== undefined) best = Math.max(best, stackA.score + stackB.score);
        }
      }
      expected += (draws[k] as PossibleDraw).chance * best;
    });
    return expected;
  };
}

/** Every set of `size` of the positions 0..n-1, as bit masks. */
function handMasks(n: number, size: number): number[] {
  const hands: number[] = [];
  const extend = (mask: number, from: number, left: number): void => {
    if (left === 0) {
      hands.push(mask);
      return;
    }
    for (let i = from; i <= n - left; i++) extend(mask | (1 << i), i + 1, left - 1);
  };
  extend(0, 0, size);
  return hands;
}

/**
 * The hand expected to gain the most worth from the next draw: the advanced player's choice, who
 * remembers the lost cards and so knows what the draw pile holds (never its order). Every hand of
 * the candidate cards is weighed over every draw the memory allows, each placed as well as it can
 * be; on a tie the cheaper hand, as it risks less. Stops early when `hasTime` says so.
 */
export function greedyHand(view: FourKingsPrivateView, hasTime: () => boolean = () => true): Card[] {
  const max = MAX_PER_CARD[view.round];
  const cards = candidateCards(view.controlled, view.handSize, max);
  const weigh = handWeigher(cards, possibleDraws(view), max);
  const cost = (hand: number): number => worth(cards.filter((_, i) => hand & (1 << i)));
  let best = -1;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const hand of handMasks(cards.length, view.handSize)) {
    if (best >= 0 && !hasTime()) break;
    const score = weigh(hand) - cost(hand) / 1000;
    if (score > bestScore) {
      bestScore = score;
      best = hand;
    }
  }
  return cards.filter((_, i) => best & (1 << i));
}

/** Of the legal assignments, the one that gains the most worth: cards won, less the cards lost. */
export function greedyAssignment(
  view: FourKingsPrivateView,
  legal: readonly FourKingsMove[],
): (FourKingsMove & { type: "assign" }) | null {
  let best: (FourKingsMove & { type: "assign" }) | null = null;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const move of legal) {
    if (move.type !== "assign") continue;
    const score = move.stacks.reduce((sum, placed, i) => sum + stackScore(view.drawn[i] as Card, placed), 0);
    if (score > bestScore) {
      bestScore = score;
      best = move;
    }
  }
  return best;
}

/** The greedy player's move in `state`, decided from the player's own view (for measuring). */
export function greedyMove(state: FourKingsState): FourKingsMove {
  const view = fourKings.privateView(state, state.player);
  if (state.phase === "chooseHand") return { type: "chooseHand", cards: greedyHand(view) };
  return greedyAssignment(view, fourKings.legalMoves(state, state.player)) ?? { type: "assign", stacks: [] };
}
