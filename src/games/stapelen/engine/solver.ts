import { foundationTop } from "../../../engine/core/foundations.js";
import { robotRandom } from "../../../engine/core/robot.js";
import type { SolveBudget, Winnable } from "../../../engine/core/winnable.js";
import { FOUNDATIONS_PER_PLAYER, nextRank } from "./rules.js";
import type { StapelenPublicView } from "./types.js";

/**
 * "Can this deal still be won?", answered exactly by a search over the table. Stacking is open
 * information: every card is face up in the view, so the search sees nothing a player does not.
 */

/** A budget, and numbers to shuffle near-equal moves in later rounds (fixed ones when not given). */
export interface StackingBudget extends SolveBudget {
  random?: () => number;
}

/** The winnable check behind a hint: small enough to answer within 50 ms on a busy machine (p95, `npm run ai`). */
export const CHECK_NODES = 20_000;
export const CHECK_MS = 35;

/**
 * Positions the first round may visit; each later round may visit twice as many. A depth-first
 * search that took a bad turn early rarely recovers, so short rounds that shuffle near-equal
 * moves find a winning line far sooner than one long round (measured: a few hundred positions
 * per decision on average, against a few thousand).
 */
const FIRST_ROUND = 500;
/** The most a later round's shuffling adds to a placement's promise: it reorders near-equal moves only. */
const SHUFFLE = 6;
/** How often (in positions) a search asks `hasTime`. */
const TIME_CHECK_EVERY = 128;

/** A foundation's top rank in the search; 0 for an empty foundation (it takes any card). */
const EMPTY = 0;
const RANK_VALUES = 14;

/** Sorted triples of foundation tops, numbered densely, so a position's key stays an exact integer. */
const TRIPLE_INDEX = tripleIndex();

function tripleIndex(): Int32Array {
  const index = new Int32Array(RANK_VALUES ** 3).fill(-1);
  let next = 0;
  for (let a = 0; a < RANK_VALUES; a++) {
    for (let b = a; b < RANK_VALUES; b++) {
      for (let c = b; c < RANK_VALUES; c++) index[(a * RANK_VALUES + b) * RANK_VALUES + c] = next++;
    }
  }
  return index;
}
const TRIPLES = TRIPLE_INDEX.reduce((n, i) => (i >= 0 ? n + 1 : n), 0);

/** Whether a foundation whose top is `top` takes a card of `rank`. */
const takes = (top: number, rank: number) => top === EMPTY || rank === nextRank(top);

/**
 * The deal as the search sees it: column ranks and heights, and both players' foundation tops.
 * Suits never matter, and one player's foundations with the same top are alike.
 */
export interface Position {
  /** `ranks[column][i]`, the first card dealt first. */
  ranks: number[][];
  heights: number[];
  /** Seat 0's three tops, then seat 1's; EMPTY for an empty foundation. */
  tops: number[];
  cardsLeft: number;
}

export interface Step {
  column: number;
  /** Index into `Position.tops` (seat × 3 + foundation). */
  slot: number;
}

/** What a search found: the verdict, and the first move of a winning line, or of the longest line seen when none was found. */
export interface Solution {
  verdict: Winnable;
  step: Step | null;
  /** Positions visited. */
  nodes: number;
}

/**
 * The deal as the search sees it, from what every player sees. `deal`: the same game at an
 * earlier moment (its deal), whose columns this view's are the bottoms of (cards leave a column
 * from its top only): positions of one game then share their keys, so what one search proved
 * lost another need not search again (see `winnable`).
 */
export function positionOf(view: StapelenPublicView, deal: StapelenPublicView = view): Position {
  const tops = view.players.flatMap((seat) =>
    Array.from({ length: FOUNDATIONS_PER_PLAYER }, (_, f) => {
      const foundation = view.foundations[seat]?.[f] ?? [];
      return foundationTop(foundation)?.rank ?? EMPTY;
    }),
  );
  const ranks = deal.columns.map((column) => column.map((card) => card.rank));
  return { ranks, heights: view.columns.map((c) => c.length), tops, cardsLeft: view.cardsLeft };
}

/**
 * The search below runs millions of positions a review, so it works on plain numbers: a step is
 * `column × 8 + slot`, a position's arrays are changed in place, and nothing is allocated per
 * position but the list of its steps. Its order of moves, and so every verdict and node count,
 * is the same as judging each placement by `promise` and sorting them, most promising first.
 */
const SLOT_BITS = 8;
const NO_STEP = -1;

function stepOf(code: number): Step {
  return { column: Math.floor(code / SLOT_BITS), slot: code % SLOT_BITS };
}

/** Whether one of `seat`'s started foundations takes a card of `rank` (an empty one takes anything, so says little). */
function builds(tops: number[], seat: number, rank: number): boolean {
  const base = seat * FOUNDATIONS_PER_PLAYER;
  for (let f = 0; f < FOUNDATIONS_PER_PLAYER; f++) {
    const top = tops[base + f] as number;
    if (top !== EMPTY && rank === nextRank(top)) return true;
  }
  return false;
}

/**
 * How promising a placement looks, judged after making it: building on a started foundation
 * keeps the empty ones for later; a taller column hides more cards; and the card it uncovers
 * should build on the partner's foundations (who moves next and must place) or on the mover's own.
 */
function promise(pos: Position, seat: number, column: number, onEmpty: boolean): number {
  const height = pos.heights[column] as number;
  let score = (onEmpty ? 0 : 10) + height;
  if (height > 0) {
    const uncovered = (pos.ranks[column] as number[])[height - 1] as number;
    if (builds(pos.tops, 1 - seat, uncovered)) score += 5;
    if (builds(pos.tops, seat, uncovered)) score += 2;
  }
  return score;
}

/**
 * The mover's distinct placements (foundations with the same top are alike), most promising
 * first, equal ones in the order found; `jitter` shuffles near-equal ones.
 */
function steps(pos: Position, seat: number, jitter: () => number): number[] {
  const codes: number[] = [];
  const scores: number[] = [];
  const base = seat * FOUNDATIONS_PER_PLAYER;
  const { heights, ranks, tops } = pos;
  for (let column = 0; column < heights.length; column++) {
    const height = heights[column] as number;
    if (height === 0) continue;
    const rank = (ranks[column] as number[])[height - 1] as number;
    for (let f = 0; f < FOUNDATIONS_PER_PLAYER; f++) {
      const top = tops[base + f] as number;
      // Foundations with the same top are alike: only the first of them counts.
      if ((f > 0 && top === tops[base]) || (f > 1 && top === tops[base + 1]) || !takes(top, rank)) continue;
      const slot = base + f;
      tops[slot] = rank;
      heights[column] = height - 1;
      const score = promise(pos, seat, column, top === EMPTY) + jitter();
      tops[slot] = top;
      heights[column] = height;
      // Insertion, most promising first and after the equal ones already found (a stable sort).
      let at = codes.length;
      while (at > 0 && (scores[at - 1] as number) < score) {
        codes[at] = codes[at - 1] as number;
        scores[at] = scores[at - 1] as number;
        at--;
      }
      codes[at] = column * SLOT_BITS + slot;
      scores[at] = score;
    }
  }
  return codes;
}

/** Whether `seat` can place some top card: a player to move who cannot loses the game for both. */
function canPlace(pos: Position, seat: number): boolean {
  const base = seat * FOUNDATIONS_PER_PLAYER;
  const { heights, ranks, tops } = pos;
  for (let column = 0; column < heights.length; column++) {
    const height = heights[column] as number;
    if (height === 0) continue;
    const rank = (ranks[column] as number[])[height - 1] as number;
    for (let f = 0; f < FOUNDATIONS_PER_PLAYER; f++) if (takes(tops[base + f] as number, rank)) return true;
  }
  return false;
}

/** A seat's three tops, sorted, as their dense number. */
function tripleOf(tops: number[], base: number): number {
  let a = tops[base] as number;
  let b = tops[base + 1] as number;
  let c = tops[base + 2] as number;
  if (a > b) [a, b] = [b, a];
  if (b > c) [b, c] = [c, b];
  if (a > b) [a, b] = [b, a];
  return TRIPLE_INDEX[(a * RANK_VALUES + b) * RANK_VALUES + c] as number;
}

/** An exact integer per position: column heights in mixed radix, then each seat's sorted tops. */
function keyOf(pos: Position): number {
  const { heights, ranks } = pos;
  let key = 0;
  for (let column = 0; column < heights.length; column++) {
    key = key * ((ranks[column] as number[]).length + 1) + (heights[column] as number);
  }
  key = key * TRIPLES + tripleOf(pos.tops, 0);
  return key * TRIPLES + tripleOf(pos.tops, FOUNDATIONS_PER_PLAYER);
}

/**
 * Depth-first search over both players' moves (the game is cooperative and public), remembering
 * positions shown lost, in rounds of growing size that restart with the moves shuffled a little.
 * Returns a winning first move, or the first move of the longest line seen, marked as proven
 * lost or as cut short by the budget.
 */
export function solve(
  pos: Position,
  mover: number,
  budget: StackingBudget,
  lost: Set<number> = new Set(),
): Solution {
  const random = budget.random ?? robotRandom(1);
  let nodes = 0;
  let limit = 0;
  let cut = false;
  let jitter = () => 0;
  let bestDepth = -1;
  let bestFirst = NO_STEP;

  /** True when the players to move from here, starting with `seat`, can take every card. */
  const wins = (seat: number, depth: number, first: number): boolean => {
    const key = keyOf(pos);
    if (lost.has(key)) return false;
    for (const code of steps(pos, seat, jitter)) {
      if (cut) return false;
      nodes++;
      if (nodes >= limit || (nodes % TIME_CHECK_EVERY === 0 && !budget.hasTime())) {
        cut = true;
        return false;
      }
      const column = Math.floor(code / SLOT_BITS);
      const slot = code % SLOT_BITS;
      const top = pos.tops[slot] as number;
      const height = pos.heights[column] as number;
      pos.tops[slot] = (pos.ranks[column] as number[])[height - 1] as number;
      pos.heights[column] = height - 1;
      pos.cardsLeft--;
      const next = 1 - seat;
      const line = first === NO_STEP ? code : first;
      const won = pos.cardsLeft === 0 || (canPlace(pos, next) && wins(next, depth + 1, line));
      if (!won && depth + 1 > bestDepth) {
        bestDepth = depth + 1;
        bestFirst = line;
      }
      pos.cardsLeft++;
      pos.heights[column] = height;
      pos.tops[slot] = top;
      if (won) {
        if (first === NO_STEP) bestFirst = code;
        return true;
      }
    }
    // Only a fully searched position is known lost; a cut one may still hold a winning line.
    if (!cut) lost.add(key);
    return false;
  };

  let won = false;
  for (let round = 0; ; round++) {
    limit = Math.min(budget.nodes, nodes + FIRST_ROUND * 2 ** round);
    cut = false;
    won = wins(mover, 0, NO_STEP);
    if (won || !cut || nodes >= budget.nodes || !budget.hasTime()) break;
    jitter = () => random() * SHUFFLE;
  }
  const step = bestFirst === NO_STEP ? null : stepOf(bestFirst);
  return { step, verdict: won ? "winnable" : cut ? "unsure" : "lost", nodes };
}

/**
 * Can the game in this view still be won? `game`: the same game's deal and the positions searches
 * of it proved lost so far, shared by the searches of one review. A position's key leaves out who
 * moves, which the cards placed since the deal decide (the players take turns), so within one
 * game a position lost for one search is lost for all.
 */
export function winnable(
  view: StapelenPublicView,
  budget: StackingBudget,
  game?: { deal: StapelenPublicView; lost: Set<number> },
): Winnable {
  if (view.phase === "over") return view.endReason === "allTaken" ? "winnable" : "lost";
  const mover = view.players.indexOf(view.active ?? "");
  return solve(positionOf(view, game?.deal), mover, budget, game?.lost).verdict;
}
