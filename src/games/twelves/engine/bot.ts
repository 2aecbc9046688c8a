import type { BotChoice, BotTurn, GameBot } from "../../../engine/core/bot.js";
import { type Card, cardLabel, RANKS } from "../../../engine/core/cards.js";
import type { PlayerId } from "../../../engine/core/game.js";
import { topCard } from "../../../engine/core/tableau.js";
import { isRolePair } from "./rules.js";
import type { TwelvesMove, TwelvesPrivateView, TwelvesRole, TwelvesTerms } from "./types.js";

type Turn = BotTurn<TwelvesPrivateView, TwelvesMove>;
type Choice = BotChoice<TwelvesMove> | null;
type Pair = [number, number];

/** Positions one search may visit: enough for nearly every deal, and the same choice every time. */
export const NODE_BUDGET = 200_000;
/** How often (in positions) a search asks `hasTime`. */
const TIME_CHECK_EVERY = 1024;

const QUEEN = 12;
const KING = 13;
const otherRole = (role: TwelvesRole): TwelvesRole => (role === "twelve" ? "fourteen" : "twelve");

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
function takenKinds(view: TwelvesPrivateView): Record<TwelvesRole, number[]> {
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

/** What a search found: a winning first pair, or else the first pair of the line that took the most cards. */
interface Verdict {
  pair: Pair | null;
  wins: boolean;
  /** Every line was tried, so a loss is proven. */
  complete: boolean;
  /** Cards left at the end of the best line found (0 when it wins). */
  left: number;
}

/**
 * Depth-first search for a line that takes every card, the collectors alternating from `mover`.
 * A position is the columns' heights in base 5 (whose turn it is follows from the cards left),
 * so one found lost is never searched again, however it was reached.
 */
function search(
  columns: readonly Card[][],
  mover: TwelvesRole,
  kinds: Record<TwelvesRole, number[]>,
  hasTime: () => boolean,
): Verdict {
  const count = columns.length;
  const stride = Math.max(...columns.map((cards) => cards.length)) + 1;
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

  const solve = (role: TwelvesRole, cards: number, position: number): boolean => {
    if (cards === 0) return true;
    if (lost.has(position)) return false;
    nodes++;
    if (nodes > NODE_BUDGET || (nodes % TIME_CHECK_EVERY === 0 && !hasTime())) {
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
        // Pairs from the tallest columns first (they uncover the most and spare short columns' last
        // cards), then of a kind already taken once (finishing a kind leaves the other kinds open).
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
      const won = solve(
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
  const wins = solve(mover, total, start);
  return { pair: wins ? rootPair : bestPair, wins, complete: !stopped, left };
}

/** Higher is better: a found win, then an open question, then the fewest cards left. */
function worth(verdict: Verdict): number {
  return (verdict.wins ? 200 : verdict.complete ? 0 : 100) - verdict.left;
}

function pairChoice(view: TwelvesPrivateView, verdict: Verdict, pair: Pair): BotChoice<TwelvesMove> {
  const [a, b] = pair;
  const first = topCard(view.columns, a);
  const second = topCard(view.columns, b);
  const key = verdict.wins ? "winningLine" : verdict.complete ? "lostAnyway" : "longestLine";
  return {
    move: { type: "takePair", columns: pair },
    reason: {
      key: `twelves.bot.${key}`,
      params: {
        first: first ? cardLabel(first) : "",
        firstColumn: a + 1,
        second: second ? cardLabel(second) : "",
        secondColumn: b + 1,
      },
    },
  };
}

function takePair(turn: Turn): Choice {
  const { view } = turn;
  if (!view.role) return null;
  const verdict = search(view.columns, view.role, takenKinds(view), turn.hasTime);
  const fallback = turn.legal.find((m) => m.type === "takePair");
  const pair = verdict.pair ?? (fallback?.type === "takePair" ? fallback.columns : null);
  return pair && pairChoice(view, verdict, pair);
}

/** Terms as a message: who collects twelves, who starts, and whether a winning line was found. */
function termsChoice(
  move: TwelvesMove,
  terms: TwelvesTerms,
  verdict: Verdict,
  action: string,
): BotChoice<TwelvesMove> {
  const why = verdict.wins ? "Wins" : "Best";
  return {
    move,
    reason: {
      key: `twelves.bot.${action}${why}`,
      params: { twelves: terms.twelves, starter: terms.starter },
    },
  };
}

/**
 * Agreeing: a proposal by the other player is confirmed when its start leads to a winning line,
 * or when the other start does no better; otherwise the better start is proposed. With no
 * proposal (or only its own) a bot waits while a person may still choose.
 */
function agree(turn: Turn): Choice {
  const { view } = turn;
  const proposal = view.proposal;
  const offered = proposal && view.canConfirm ? proposal.terms : null;
  if (!offered && !turn.mustAct) return null;
  const verdicts = new Map<TwelvesRole, Verdict>();
  const verdict = (role: TwelvesRole): Verdict => {
    const known = verdicts.get(role) ?? search(view.columns, role, takenKinds(view), turn.hasTime);
    verdicts.set(role, known);
    return known;
  };
  const startRole = (terms: TwelvesTerms): TwelvesRole =>
    terms.starter === terms.twelves ? "twelve" : "fourteen";
  if (offered) {
    // A winning offer is confirmed without searching the other start.
    const role = startRole(offered);
    const mine = verdict(role);
    if (mine.wins || worth(mine) >= worth(verdict(otherRole(role)))) {
      return termsChoice({ type: "confirm" }, offered, mine, "confirm");
    }
  }
  const best =
    verdict("twelve").wins || worth(verdict("twelve")) >= worth(verdict("fourteen")) ? "twelve" : "fourteen";
  const twelves: PlayerId = proposal?.terms.twelves ?? view.viewer;
  const fourteens = view.players.find((p) => p !== twelves) ?? twelves;
  const terms = { twelves, starter: best === "twelve" ? twelves : fourteens };
  return termsChoice({ type: "propose", ...terms }, terms, verdict(best), "propose");
}

/**
 * Plays for a winning line: everything in Twelves is public, so a search over the view finds one
 * in nearly every deal; when the budget runs out it takes the line that cleared the most cards.
 * Both seats search the same way, so the partner keeps to the line.
 */
export const twelvesBot: GameBot<TwelvesPrivateView, TwelvesMove> = {
  choose(turn) {
    if (turn.legal.length === 0) return null;
    return turn.view.phase === "agree" ? agree(turn) : takePair(turn);
  },
};
