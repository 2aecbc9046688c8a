import { type Card, RANKS } from "../../../engine/core/cards.js";
import type { SolveBudget, Winnable } from "../../../engine/core/winnable.js";
import { isRolePair } from "./rules.js";
import type { TwelvesPublicView, TwelvesRole } from "./types.js";

/**
 * "Can this deal still be won?", answered exactly by a search over the table. Twelves is open
 * information: every card is face up in the view, so the search sees nothing a player does not.
 */

/** The winnable check behind a hint: small enough to answer within 50 ms on a busy machine (p95, `npm run ai`). */
export const CHECK_NODES = 20_000;
export const CHECK_MS = 35;
/** How often (in positions) a search asks `hasTime`. */
const TIME_CHECK_EVERY = 256;

const QUEEN = 12;
const KING = 13;
export const otherRole = (role: TwelvesRole): TwelvesRole => (role === "twelve" ? "fourteen" : "twelve");

/**
 * The kind of a pair: its lower rank, except Q+K, kind 0. In a won game each collector takes every
 * kind exactly twice, 6+6 and 7+7 once (RULES "facts"), so one more proves the deal lost.
 */
function kindOf(a: Card, b: Card): number {
  const low = Math.min(a.rank, b.rank);
  return low === QUEEN && Math.max(a.rank, b.rank) === KING ? 0 : low;
}

function kindLimit(role: TwelvesRole, kind: number): number {
  return (role === "twelve" && kind === 6) || (role === "fourteen" && kind === 7) ? 1 : 2;
}

const RANK_SPAN = KING + 1;

/** For each role, the kind of the pair two ranks make (indexed rank × RANK_SPAN + rank), or -1: the search's fast lookup. */
const PAIR_KIND: Record<TwelvesRole, Int8Array> = {
  twelve: pairKinds("twelve"),
  fourteen: pairKinds("fourteen"),
};

function pairKinds(role: TwelvesRole): Int8Array {
  const table = new Int8Array(RANK_SPAN * RANK_SPAN).fill(-1);
  for (const a of RANKS) {
    for (const b of RANKS) {
      const first: Card = { rank: a, suit: "S" };
      const second: Card = { rank: b, suit: "S" };
      if (isRolePair(role, first, second)) table[a * RANK_SPAN + b] = kindOf(first, second);
    }
  }
  return table;
}

/** Each collector's pairs taken so far, counted by kind. */
export function takenKinds(
  view: Pick<TwelvesPublicView, "players" | "roles" | "pairs">,
): Record<TwelvesRole, number[]> {
  const kinds = { twelve: new Array<number>(8).fill(0), fourteen: new Array<number>(8).fill(0) };
  for (const player of view.players) {
    const role = view.roles?.[player];
    if (!role) continue;
    for (const [a, b] of view.pairs[player] ?? []) {
      const kind = kindOf(a, b);
      kinds[role][kind] = (kinds[role][kind] ?? 0) + 1;
    }
  }
  return kinds;
}

/** Columns (lower first) of a pair to take. */
export type Pair = [number, number];

/** What a search found: a winning first pair, or else the first pair of the line that took the most cards. */
export interface Solution {
  verdict: Winnable;
  pair: Pair | null;
  /** Cards left at the end of the best line found (0 when it wins). */
  left: number;
  /** Positions visited. */
  nodes: number;
}

/**
 * Depth-first search for a line that takes every card, the collectors alternating from `mover`.
 * A position is the columns' heights in base 5: whose turn it is follows from the cards left, and
 * so do the kinds each collector has taken (the removed cards fix them, RULES "facts"), so one
 * found lost is never searched again, however it was reached. Pairs from the tallest columns
 * first (they uncover the most and spare short columns' last cards), then of a kind already taken
 * once (finishing a kind leaves the other kinds open).
 */
export function solve(
  columns: readonly (readonly Card[])[],
  mover: TwelvesRole,
  taken: Record<TwelvesRole, readonly number[]>,
  budget: SolveBudget,
): Solution {
  const kinds = { twelve: [...taken.twelve], fourteen: [...taken.fourteen] };
  const count = columns.length;
  const stride = Math.max(0, ...columns.map((cards) => cards.length)) + 1;
  /** The rank of the card at each height of each column (0 at height 0): the top is `ranks[c * stride + height]`. */
  const ranks = new Int8Array(count * stride);
  columns.forEach((cards, c) => {
    cards.forEach((card, i) => {
      ranks[c * stride + i + 1] = card.rank;
    });
  });
  const heights = new Int8Array(columns.map((cards) => cards.length));
  const weights = columns.map((_, c) => 5 ** c);
  const total = heights.reduce((n, h) => n + h, 0);
  /** One buffer of candidate pairs per depth, each coded ((height × 4 + 3 − kind still allowed) × 16 + a) × 16 + b: a plain sort ranks them. */
  const buffers = Array.from({ length: (total >> 1) + 1 }, () => new Int32Array((count * (count - 1)) / 2));
  const lost = new Set<number>();
  let nodes = 0;
  let stopped = false;
  let left = total;
  let bestPair: Pair | null = null;
  let rootPair: Pair | null = null;

  const search = (role: TwelvesRole, cards: number, position: number): boolean => {
    if (cards === 0) return true;
    if (lost.has(position)) return false;
    nodes++;
    if (nodes > budget.nodes || (nodes % TIME_CHECK_EVERY === 0 && !budget.hasTime())) {
      stopped = true;
      return false;
    }
    const table = PAIR_KIND[role];
    const counts = kinds[role];
    const buffer = buffers[cards >> 1] as Int32Array;
    let found = 0;
    for (let a = 0; a < count; a++) {
      const ha = heights[a] as number;
      const ra = ranks[a * stride + ha] as number;
      if (ra === 0) continue;
      for (let b = a + 1; b < count; b++) {
        const hb = heights[b] as number;
        const kind = table[ra * RANK_SPAN + (ranks[b * stride + hb] as number)] as number;
        const spare = kind >= 0 ? kindLimit(role, kind) - (counts[kind] as number) : 0;
        if (spare > 0) buffer[found++] = (((ha + hb) * 4 + 3 - spare) * 16 + a) * 16 + b;
      }
    }
    const ranked = buffer.subarray(0, found).sort();
    for (let i = found - 1; i >= 0; i--) {
      const code = ranked[i] as number;
      const a = (code >> 4) & 15;
      const b = code & 15;
      const kind = table[
        (ranks[a * stride + (heights[a] as number)] as number) * RANK_SPAN +
          (ranks[b * stride + (heights[b] as number)] as number)
      ] as number;
      if (cards === total) rootPair = [a, b];
      if (cards - 2 < left) {
        left = cards - 2;
        bestPair = rootPair;
      }
      heights[a] = (heights[a] as number) - 1;
      heights[b] = (heights[b] as number) - 1;
      counts[kind] = (counts[kind] as number) + 1;
      const won = search(
        otherRole(role),
        cards - 2,
        position - (weights[a] as number) - (weights[b] as number),
      );
      heights[a] = (heights[a] as number) + 1;
      heights[b] = (heights[b] as number) + 1;
      counts[kind] = (counts[kind] as number) - 1;
      if (won) return true;
      if (stopped) return false;
    }
    lost.add(position);
    return false;
  };

  const start = heights.reduce((k, h, c) => k + h * (weights[c] as number), 0);
  const wins = search(mover, total, start);
  const verdict: Winnable = wins ? "winnable" : stopped ? "unsure" : "lost";
  return { verdict, pair: wins ? rootPair : bestPair, left: wins ? 0 : left, nodes };
}

/** The role that takes the first pair under some agreed or proposed terms. */
export function startingRole(terms: { twelves: string; starter: string }): TwelvesRole {
  return terms.starter === terms.twelves ? "twelve" : "fourteen";
}

/**
 * Can the game in this view still be won? While agreeing, either start may still be chosen, so
 * the deal is winnable when some start is. The budget covers the whole check.
 */
export function winnable(view: TwelvesPublicView, budget: SolveBudget): Winnable {
  if (view.phase === "over") return view.endReason === "allTaken" ? "winnable" : "lost";
  const taken = takenKinds(view);
  const active = view.active;
  const role = active ? view.roles?.[active] : undefined;
  if (role) return solve(view.columns, role, taken, budget).verdict;
  const first = solve(view.columns, "twelve", taken, budget);
  if (first.verdict === "winnable") return "winnable";
  const spent = { nodes: Math.max(0, budget.nodes - first.nodes), hasTime: budget.hasTime };
  const second = solve(view.columns, "fourteen", taken, spent).verdict;
  if (second === "winnable") return "winnable";
  return first.verdict === "lost" && second === "lost" ? "lost" : "unsure";
}
