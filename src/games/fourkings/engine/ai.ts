import { type Card, SUITS, type Suit, sameCard, standardDeck } from "../../../engine/core/cards.js";
import { nextInt, type RngState, shuffle } from "../../../engine/core/rng.js";
import { fourKings } from "./engine.js";
import { MAX_PER_CARD, PILE_RANKS, requiredHandSize, winsDrawnCard } from "./rules.js";
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

const totalRank = (cards: readonly Card[]): number => cards.reduce((sum, c) => sum + c.rank, 0);
const byRankDesc = (a: Card, b: Card): number => b.rank - a.rank;

/**
 * What the next draw can bring, as far as the player's own view tells: every card up to the
 * round's highest rank that is neither controlled nor on the table lies in the draw pile or the
 * lost pile (lost hand cards too, which a reshuffle brings back). With `peek` the lost pile is
 * known, and left out while the draw pile still holds the two cards of a draw.
 */
function nextDrawable(view: FourKingsPrivateView): Card[] {
  const seen = [...view.controlled, ...view.hand, ...view.drawn];
  const highest = Math.max(...(PILE_RANKS[view.round - 1] ?? []));
  const unseen = standardDeck().filter((c) => c.rank <= highest && !seen.some((s) => sameCard(s, c)));
  const pileCount = view.drawPileCounts[view.round - 1] ?? 0;
  if (view.lostPile === null || pileCount < 2) return unseen;
  const lost = view.lostPile;
  return unseen.filter((c) => !lost.some((l) => sameCard(l, c)));
}

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

/** Per suit, the total rank of the drawable cards of that suit up to each rank 0..13. */
type ValueUpTo = Record<Suit, number[]>;

function valueUpTo(drawable: readonly Card[]): ValueUpTo {
  const table = {} as ValueUpTo;
  for (const suit of SUITS) {
    const row = new Array<number>(14).fill(0);
    for (const d of drawable) if (d.suit === suit) row[d.rank] = (row[d.rank] ?? 0) + d.rank;
    for (let rank = 1; rank <= 13; rank++) row[rank] = (row[rank] ?? 0) + (row[rank - 1] ?? 0);
    table[suit] = row;
  }
  return table;
}

/**
 * The value of the drawable cards `hand` could win one at a time (ignoring that two are drawn).
 * `hand` is sorted by rank, highest first, so the first `max` cards of a suit are its best stack.
 */
function singleValue(hand: readonly Card[], upTo: ValueUpTo, max: number): number {
  const sums: Record<Suit, number> = { S: 0, H: 0, D: 0, C: 0 };
  const counts: Record<Suit, number> = { S: 0, H: 0, D: 0, C: 0 };
  for (const c of hand) {
    if (counts[c.suit] < max) {
      counts[c.suit]++;
      sums[c.suit] += c.rank;
    }
  }
  // The best stack of another suit than a drawn card's is the best of all, or else the second best.
  let topSuit: Suit = "S";
  let second = 0;
  for (const suit of SUITS) {
    if (sums[suit] > sums[topSuit]) {
      second = sums[topSuit];
      topSuit = suit;
    } else if (suit !== topSuit) second = Math.max(second, sums[suit]);
  }
  let value = 0;
  for (const suit of SUITS) {
    const other = suit === topSuit ? second : sums[topSuit];
    const beaten = Math.min(13, Math.max(sums[suit], Math.floor(other / 3)));
    value += upTo[suit][beaten] ?? 0;
  }
  return value;
}

interface RatedHand {
  hand: Card[];
  single: number;
  cost: number;
}

/** Is `a` the better hand by `singleValue`, or as good and cheaper? */
const ratedBetter = (a: RatedHand, b: RatedHand): boolean =>
  a.single > b.single || (a.single === b.single && a.cost < b.cost);

/**
 * The `length` best hands of `size` out of `cards` (sorted by rank, highest first) by `singleValue`,
 * best first.
 */
function shortlist(
  cards: readonly Card[],
  size: number,
  length: number,
  upTo: ValueUpTo,
  max: number,
): Card[][] {
  const best: RatedHand[] = [];
  const chosen: Card[] = [];
  const extend = (from: number): void => {
    if (chosen.length === size) {
      const rated = { hand: chosen, single: singleValue(chosen, upTo, max), cost: totalRank(chosen) };
      const worst = best[best.length - 1];
      if (best.length < length || (worst && ratedBetter(rated, worst))) {
        const at = best.findIndex((other) => ratedBetter(rated, other));
        best.splice(at < 0 ? best.length : at, 0, { ...rated, hand: [...chosen] });
        best.length = Math.min(best.length, length);
      }
      return;
    }
    for (let i = from; i <= cards.length - (size - chosen.length); i++) {
      chosen.push(cards[i] as Card);
      extend(i + 1);
      chosen.pop();
    }
  };
  extend(0);
  return best.map((rated) => rated.hand);
}

/** For each drawable card, the subsets of `hand` (as bit masks) that would win it. */
function winningMasks(hand: readonly Card[], drawable: readonly Card[], max: number): number[][] {
  const stacks: { mask: number; cards: Card[] }[] = [];
  for (let mask = 1; mask < 1 << hand.length; mask++) {
    const cards = hand.filter((_, i) => mask & (1 << i));
    if (cards.length <= max && cards.every((c) => c.suit === cards[0]?.suit)) stacks.push({ mask, cards });
  }
  return drawable.map((d) => stacks.filter((s) => winsDrawnCard(d, s.cards)).map((s) => s.mask));
}

/**
 * The value won from a draw of `a` and `b` (winning masks `ma`, `mb`): a hand that wins both must
 * do so with separate cards, and one that wins only one must keep a card back for the other.
 */
function valueWon(a: Card, b: Card, ma: readonly number[], mb: readonly number[], full: number): number {
  for (const m of ma) for (const n of mb) if ((m & n) === 0) return a.rank + b.rank;
  const winsAlone = (masks: readonly number[]): boolean => masks.some((m) => m !== full);
  return Math.max(winsAlone(ma) ? a.rank : 0, winsAlone(mb) ? b.rank : 0);
}

/** The value `hand` is expected to win from a draw of two out of `drawable`. */
function pairValue(hand: readonly Card[], drawable: readonly Card[], max: number): number {
  const masks = winningMasks(hand, drawable, max);
  const full = (1 << hand.length) - 1;
  let total = 0;
  let pairs = 0;
  for (let i = 0; i < drawable.length; i++) {
    for (let j = i + 1; j < drawable.length; j++) {
      total += valueWon(drawable[i] as Card, drawable[j] as Card, masks[i] ?? [], masks[j] ?? [], full);
      pairs++;
    }
  }
  return pairs === 0 ? singleValue(hand, valueUpTo(drawable), max) : total / pairs;
}

/** How many hands, best by `singleValue`, are weighed exactly by `pairValue`. */
const SHORTLIST = 8;

/**
 * The hand a simple greedy player takes: the one expected to win the most value from the next draw
 * (high cards count more, as they are the hard ones to win); the cheaper hand on a tie, as it risks
 * less. Hands are first shortlisted by what they could win one card at a time. Decided from the
 * player's view only.
 */
export function greedyHand(view: FourKingsPrivateView): Card[] {
  const max = MAX_PER_CARD[view.round];
  const drawable = nextDrawable(view);
  let best: Card[] = [];
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const hand of shortlist(
    candidateCards(view.controlled, view.handSize, max),
    view.handSize,
    SHORTLIST,
    valueUpTo(drawable),
    max,
  )) {
    const score = pairValue(hand, drawable, max) - totalRank(hand) / 1000;
    if (score > bestScore) {
      bestScore = score;
      best = hand;
    }
  }
  return best;
}

/**
 * Of the legal assignments, the one that wins as many drawn cards as possible (the more valuable
 * first) and risks as little as possible on a card that is lost.
 */
export function greedyAssignment(
  view: FourKingsPrivateView,
  legal: readonly FourKingsMove[],
): (FourKingsMove & { type: "assign" }) | null {
  let best: (FourKingsMove & { type: "assign" }) | null = null;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const move of legal) {
    if (move.type !== "assign") continue;
    let score = 0;
    move.stacks.forEach((placed, i) => {
      const drawn = view.drawn[i] as Card;
      score += winsDrawnCard(drawn, placed) ? 1000 + drawn.rank : -totalRank(placed);
    });
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
