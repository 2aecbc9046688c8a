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

/** Whether one of `seat`'s started foundations takes a card of `rank` (an empty one takes anything, so says little). */
function builds(pos: Position, seat: number, rank: number): boolean {
  for (let f = 0; f < FOUNDATIONS_PER_PLAYER; f++) {
    const top = pos.tops[seat * FOUNDATIONS_PER_PLAYER + f] ?? EMPTY;
    if (top !== EMPTY && rank === nextRank(top)) return true;
  }
  return false;
}

/**
 * How promising a placement looks, judged after making it: building on a started foundation
 * keeps the empty ones for later; a taller column hides more cards; and the card it uncovers
 * should build on the partner's foundations (who moves next and must place) or on the mover's own.
 */
function promise(pos: Position, seat: number, step: Step, onEmpty: boolean): number {
  const height = pos.heights[step.column] ?? 0;
  let score = (onEmpty ? 0 : 10) + height;
  const uncovered = pos.ranks[step.column]?.[height - 1];
  if (uncovered !== undefined) {
    if (builds(pos, 1 - seat, uncovered)) score += 5;
    if (builds(pos, seat, uncovered)) score += 2;
  }
  return score;
}

/**
 * The mover's distinct placements (foundations with the same top are alike), most promising
 * first; `jitter` shuffles near-equal ones.
 */
function steps(pos: Position, seat: number, jitter: () => number): Step[] {
  const found: { step: Step; score: number }[] = [];
  const base = seat * FOUNDATIONS_PER_PLAYER;
  pos.heights.forEach((height, column) => {
    if (height === 0) return;
    const rank = pos.ranks[column]?.[height - 1] ?? EMPTY;
    const seen: number[] = [];
    for (let f = 0; f < FOUNDATIONS_PER_PLAYER; f++) {
      const top = pos.tops[base + f] ?? EMPTY;
      if (seen.includes(top) || !takes(top, rank)) continue;
      seen.push(top);
      const step = { column, slot: base + f };
      place(pos, step);
      found.push({ step, score: promise(pos, seat, step, top === EMPTY) + jitter() });
      unplace(pos, step, top);
    }
  });
  return found.sort((a, b) => b.score - a.score).map((f) => f.step);
}

/** Takes the step's top card onto its foundation (the search changes one position in place). */
function place(pos: Position, step: Step): void {
  const height = pos.heights[step.column] ?? 0;
  pos.tops[step.slot] = pos.ranks[step.column]?.[height - 1] ?? EMPTY;
  pos.heights[step.column] = height - 1;
  pos.cardsLeft--;
}

/** Undoes `place`; `top` is the foundation's top before it. */
function unplace(pos: Position, step: Step, top: number): void {
  pos.heights[step.column] = (pos.heights[step.column] ?? 0) + 1;
  pos.tops[step.slot] = top;
  pos.cardsLeft++;
}

/** Whether `seat` can place some top card: a player to move who cannot loses the game for both. */
function canPlace(pos: Position, seat: number): boolean {
  const base = seat * FOUNDATIONS_PER_PLAYER;
  return pos.heights.some((height, column) => {
    if (height === 0) return false;
    const rank = pos.ranks[column]?.[height - 1] ?? EMPTY;
    for (let f = 0; f < FOUNDATIONS_PER_PLAYER; f++)
      if (takes(pos.tops[base + f] ?? EMPTY, rank)) return true;
    return false;
  });
}

/** An exact integer per position: column heights in mixed radix, then each seat's sorted tops. */
function keyOf(pos: Position): number {
  let key = 0;
  pos.heights.forEach((height, column) => {
    key = key * ((pos.ranks[column]?.length ?? 0) + 1) + height;
  });
  for (let seat = 0; seat < 2; seat++) {
    const [a, b, c] = pos.tops
      .slice(seat * FOUNDATIONS_PER_PLAYER, (seat + 1) * FOUNDATIONS_PER_PLAYER)
      .sort((x, y) => x - y);
    key = key * TRIPLES + (TRIPLE_INDEX[((a ?? 0) * RANK_VALUES + (b ?? 0)) * RANK_VALUES + (c ?? 0)] ?? 0);
  }
  return key;
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
  let bestFirst: Step | null = null;

  /** True when the players to move from here, starting with `seat`, can take every card. */
  const wins = (seat: number, depth: number, first: Step | null): boolean => {
    const key = keyOf(pos);
    if (lost.has(key)) return false;
    for (const step of steps(pos, seat, jitter)) {
      if (cut) return false;
      nodes++;
      if (nodes >= limit || (nodes % TIME_CHECK_EVERY === 0 && !budget.hasTime())) {
        cut = true;
        return false;
      }
      const top = pos.tops[step.slot] ?? EMPTY;
      place(pos, step);
      const next = 1 - seat;
      const won = pos.cardsLeft === 0 || (canPlace(pos, next) && wins(next, depth + 1, first ?? step));
      if (!won && depth + 1 > bestDepth) {
        bestDepth = depth + 1;
        bestFirst = first ?? step;
      }
      unplace(pos, step, top);
      if (won) {
        if (!first) bestFirst = step;
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
    won = wins(mover, 0, null);
    if (won || !cut || nodes >= budget.nodes || !budget.hasTime()) break;
    jitter = () => random() * SHUFFLE;
  }
  const step: Step | null = bestFirst;
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
