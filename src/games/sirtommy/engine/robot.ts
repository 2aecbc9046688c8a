import { type Card, cardLabel } from "../../../engine/core/cards.js";
import type { Message } from "../../../engine/core/errors.js";
import { foundationTop } from "../../../engine/core/foundations.js";
import type { PlayerId } from "../../../engine/core/game.js";
import type { Robot, RobotChoice, RobotTurn } from "../../../engine/core/robot.js";
import { DRAW_SIZE } from "./rules.js";
import type { SirTommyMove, SirTommyPrivateView, SirTommySource } from "./types.js";

/**
 * Sir Tommy's robot: a cooperative heuristic that reads only its seat's private view (the stock's
 * order is never in it).
 *
 * Putting a card on a foundation only ever opens more play, so the robot always does it, row tops
 * first (a drawn card that fits can still be played after, and a row top uncovers a card). The
 * real choice is where the leftover drawn cards go. A row is a stack, so it should hold the card
 * wanted soonest on top: each card's "distance" is how many cards either player still needs on a
 * foundation before it fits, and a card buried under one with a larger distance waits for it.
 * The score of a placement adds up the waiting in all rows and a little for tall rows (spreading
 * the cards keeps more of them in reach). The robot scores every order and row for its leftover
 * drawn cards, then plays the best few placements out to the end over the same few guessed stock
 * orders (shuffles of the cards it cannot see, the stock's known content) with a quick greedy
 * version of itself, and keeps the one that leaves the fewest cards.
 */

/** Tops of both players' foundations as ranks: an empty Ascending pile is 0, an empty Descending one 14. */
interface Tops {
  ascending: number[];
  descending: number[];
}

/** The knobs of the placement score and its play-outs (tuned over seeded all-robot games). */
export interface SirTommyRobotParams {
  /** What an empty row is worth, in units of waiting (below 0: filling it pays, as cards spread out). */
  emptyRow: number;
  /** Weight of each card's wait, in distance. */
  gap: number;
  /** Weight of a row's height squared: spreads the cards. */
  height: number;
  /** How many of the best-scored placements are played out. */
  candidates: number;
  /** How many guessed stock orders each of them is played out with. */
  samples: number;
  /** What a lost play-out costs beyond its cards left. */
  lossWeight: number;
}

export const DEFAULT_PARAMS: SirTommyRobotParams = {
  emptyRow: -1,
  gap: 1,
  height: 0.15,
  candidates: 8,
  samples: 16,
  lossWeight: 5,
};

const EMPTY_ASCENDING = 0;
const EMPTY_DESCENDING = 14;
const KING = 13;
const SUITS_PER_RANK = 4;
/** The distance of a card that no foundation takes any more (never so for a card still out). */
const FAR = 13;

function topsOf(view: SirTommyPrivateView): Tops {
  const tops: Tops = { ascending: [], descending: [] };
  for (const player of view.players) {
    const ascending = player === view.ascending;
    for (const pile of view.foundations[player] ?? []) {
      const top = foundationTop(pile);
      if (ascending) tops.ascending.push(top?.rank ?? EMPTY_ASCENDING);
      else tops.descending.push(top?.rank ?? EMPTY_DESCENDING);
    }
  }
  return tops;
}

/** How many cards must go on some foundation before a card of `rank` fits on one (0: it fits now). */
function distance(tops: Tops, rank: number): number {
  let best = FAR;
  for (const top of tops.ascending) if (top < rank) best = Math.min(best, rank - 1 - top);
  for (const top of tops.descending) if (top > rank) best = Math.min(best, top - 1 - rank);
  return best;
}

/** Waiting in one row: each card waits for the farthest card above it (the top is the last rank). */
function rowWaiting(tops: Tops, row: readonly number[], params: SirTommyRobotParams): number {
  let farthestAbove = 0;
  let waiting = params.height * row.length * row.length;
  for (let i = row.length - 1; i >= 0; i--) {
    const d = distance(tops, row[i] as number);
    if (farthestAbove > d) waiting += params.gap * (farthestAbove - d);
    else farthestAbove = d;
  }
  return waiting;
}

function placementScore(tops: Tops, rows: readonly number[][], params: SirTommyRobotParams): number {
  let score = 0;
  for (const row of rows) score += row.length === 0 ? -params.emptyRow : rowWaiting(tops, row, params);
  return score;
}

type Direction = keyof Tops;

/** One way to put every drawn card on a row: its first step, the rows it leaves and their score. */
interface Plan {
  drawnIndex: number;
  row: number;
  rows: number[][];
  score: number;
}

/** Every distinct way to put the drawn cards on rows (all orders, all rows), best score first. */
function placementPlans(
  tops: Tops,
  rows: number[][],
  drawn: readonly number[],
  params: SirTommyRobotParams,
): Plan[] {
  const plans = new Map<string, Plan>();
  const search = (left: readonly number[], first: { drawnIndex: number; row: number } | null) => {
    if (left.length === 0) {
      const key = JSON.stringify(rows);
      if (first && !plans.has(key)) {
        plans.set(key, {
          ...first,
          rows: rows.map((row) => [...row]),
          score: placementScore(tops, rows, params),
        });
      }
      return;
    }
    left.forEach((rank, i) => {
      const rest = left.filter((_, j) => j !== i);
      rows.forEach((row, r) => {
        row.push(rank);
        search(rest, first ?? { drawnIndex: i, row: r });
        row.pop();
      });
    });
  };
  search(drawn, null);
  return [...plans.values()].sort((a, b) => a.score - b.score);
}

/** Puts `rank` on one of `direction`'s foundations if it fits there; says whether it did. */
function build(tops: Tops, direction: Direction, rank: number): boolean {
  const piles = tops[direction];
  const need = direction === "ascending" ? rank - 1 : rank + 1;
  const at = piles.indexOf(need);
  if (at < 0) return false;
  piles[at] = rank;
  return true;
}

/** The greedy part of a turn: row tops, then drawn cards, onto the mover's foundations while any fits. */
function buildAll(tops: Tops, rows: number[][], drawn: number[], direction: Direction): boolean {
  let moved = false;
  let again = true;
  while (again) {
    again = false;
    for (const row of rows) {
      while (row.length > 0 && build(tops, direction, row[row.length - 1] as number)) {
        row.pop();
        again = moved = true;
      }
    }
    for (let i = drawn.length - 1; i >= 0; i--) {
      if (build(tops, direction, drawn[i] as number)) {
        drawn.splice(i, 1);
        again = moved = true;
      }
    }
  }
  return moved;
}

/** The rollouts' quick placement: farthest card first, each on the row its score grows least on. */
function placeQuickly(tops: Tops, rows: number[][], drawn: number[], params: SirTommyRobotParams): void {
  drawn.sort((a, b) => distance(tops, b) - distance(tops, a));
  for (const rank of drawn) {
    let bestRow = rows[0] as number[];
    let bestGrowth = Number.POSITIVE_INFINITY;
    for (const row of rows) {
      const before = row.length === 0 ? -params.emptyRow : rowWaiting(tops, row, params);
      row.push(rank);
      const growth = rowWaiting(tops, row, params) - before;
      row.pop();
      if (growth < bestGrowth) {
        bestGrowth = growth;
        bestRow = row;
      }
    }
    bestRow.push(rank);
  }
}

const other = (direction: Direction): Direction => (direction === "ascending" ? "descending" : "ascending");

/** Plays the rest of the game with one guessed stock order (the last card is drawn first); returns the cards left. */
function playOut(
  tops: Tops,
  rows: number[][],
  stock: number[],
  mover: Direction,
  params: SirTommyRobotParams,
): number {
  let direction = mover;
  while (stock.length > 0) {
    const drawn = stock.splice(-DRAW_SIZE);
    buildAll(tops, rows, drawn, direction);
    placeQuickly(tops, rows, drawn, params);
    direction = other(direction);
  }
  for (let passes = 0; passes < 2; direction = other(direction)) {
    passes = buildAll(tops, rows, [], direction) ? 0 : passes + 1;
  }
  return rows.reduce((n, row) => n + row.length, 0);
}

/** Ranks of the cards not in sight: the stock's content (its order is unknown). */
function unseenRanks(view: SirTommyPrivateView): number[] {
  const seen = new Array<number>(KING + 1).fill(0);
  const count = (cards: readonly Card[]) => {
    for (const card of cards) seen[card.rank] = (seen[card.rank] ?? 0) + 1;
  };
  view.rows.forEach(count);
  count(view.drawn);
  for (const player of view.players) (view.foundations[player] ?? []).forEach(count);
  const unseen: number[] = [];
  for (let rank = 1; rank <= KING; rank++) {
    for (let n = seen[rank] ?? 0; n < SUITS_PER_RANK; n++) unseen.push(rank);
  }
  return unseen;
}

function shuffled(ranks: readonly number[], random: () => number): number[] {
  const out = [...ranks];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as number, out[i] as number];
  }
  return out;
}

const cloneTops = (tops: Tops): Tops => ({
  ascending: [...tops.ascending],
  descending: [...tops.descending],
});

/**
 * The best few plans by score, each played out over the same guessed stock orders; the one that
 * leaves the fewest cards wins (a won game counts extra), the score breaking ties.
 */
function bestPlan(
  turn: RobotTurn<SirTommyPrivateView, SirTommyMove>,
  tops: Tops,
  plans: readonly Plan[],
  params: SirTommyRobotParams,
): Plan {
  const candidates = plans.slice(0, params.candidates);
  const first = candidates[0] as Plan;
  if (candidates.length === 1) return first;
  const mover = other(turn.view.direction ?? "ascending");
  const unseen = unseenRanks(turn.view);
  const loss = candidates.map(() => 0);
  for (let sample = 0; sample < params.samples && turn.hasTime(); sample++) {
    const stock = shuffled(unseen, turn.random);
    candidates.forEach((plan, i) => {
      const left = playOut(
        cloneTops(tops),
        plan.rows.map((row) => [...row]),
        [...stock],
        mover,
        params,
      );
      loss[i] = (loss[i] ?? 0) + left + (left > 0 ? params.lossWeight : 0);
    });
  }
  let best = 0;
  loss.forEach((l, i) => {
    if (l < (loss[best] as number)) best = i;
  });
  return candidates[best] as Plan;
}

function robotReason(key: string, params: Message["params"] = {}): Message {
  return { key: `sirtommy.robot.${key}`, params };
}

function topOf(cards: readonly Card[] | undefined): Card | null {
  return cards?.[cards.length - 1] ?? null;
}

/** The card a row top's move would uncover, if any. */
function cardUnder(view: SirTommyPrivateView, row: number): Card | null {
  const cards = view.rows[row] ?? [];
  return cards[cards.length - 2] ?? null;
}

function sourceCard(view: SirTommyPrivateView, from: SirTommySource): Card | null {
  return from.kind === "drawn" ? (view.drawn[from.index] ?? null) : topOf(view.rows[from.row]);
}

/** Row tops first (each uncovers a card); among them the one that uncovers the card nearest to fitting. */
function chooseFoundationMove(
  view: SirTommyPrivateView,
  moves: readonly Extract<SirTommyMove, { type: "toFoundation" }>[],
): RobotChoice<SirTommyMove> {
  const tops = topsOf(view);
  const rank = (move: (typeof moves)[number]): number => {
    if (move.from.kind === "drawn") return FAR + 2;
    const under = cardUnder(view, move.from.row);
    return under ? distance(tops, under.rank) : FAR + 1;
  };
  const move = moves.reduce((best, m) => (rank(m) < rank(best) ? m : best));
  const card = cardLabel(sourceCard(view, move.from) as Card);
  const foundation = move.foundation + 1;
  if (move.from.kind === "drawn")
    return { move, reason: robotReason("drawnToFoundation", { card, foundation }) };
  const under = cardUnder(view, move.from.row);
  return {
    move,
    reason: under
      ? robotReason("rowToFoundation", { card, row: move.from.row + 1, foundation, under: cardLabel(under) })
      : robotReason("rowToFoundationEmpties", { card, row: move.from.row + 1, foundation }),
  };
}

function choosePlacement(
  turn: RobotTurn<SirTommyPrivateView, SirTommyMove>,
  params: SirTommyRobotParams,
): RobotChoice<SirTommyMove> {
  const { view } = turn;
  const tops = topsOf(view);
  const rows = view.rows.map((row) => row.map((c) => c.rank));
  const plans = placementPlans(
    tops,
    rows,
    view.drawn.map((c) => c.rank),
    params,
  );
  const { drawnIndex, row } = bestPlan(turn, tops, plans, params);
  const drawnCard = view.drawn[drawnIndex] as Card;
  const card = cardLabel(drawnCard);
  const move: SirTommyMove = { type: "toRow", drawnIndex, row };
  const top = topOf(view.rows[row]);
  if (!top) return { move, reason: robotReason("toEmptyRow", { card, row: row + 1 }) };
  const sooner = distance(tops, drawnCard.rank) <= distance(tops, top.rank);
  return {
    move,
    reason: robotReason(sooner ? "toRowSooner" : "toRowLeastHarm", {
      card,
      row: row + 1,
      top: cardLabel(top),
    }),
  };
}

/** Agreeing who is Ascending: either way works, so confirm what is proposed, or offer to start. */
function chooseAgreement(
  turn: RobotTurn<SirTommyPrivateView, SirTommyMove>,
): RobotChoice<SirTommyMove> | null {
  const { view } = turn;
  if (view.canConfirm && view.proposal) {
    return {
      move: { type: "confirm" },
      reason: robotReason("confirm", { ascending: view.proposal.terms.ascending }),
    };
  }
  if (!turn.mustAct) return null;
  const ascending: PlayerId = view.proposal?.terms.ascending ?? view.viewer;
  return { move: { type: "propose", ascending }, reason: robotReason("propose", { ascending }) };
}

export function createSirTommyRobot(
  params: SirTommyRobotParams = DEFAULT_PARAMS,
): Robot<SirTommyPrivateView, SirTommyMove> {
  return {
    choose(turn) {
      const { view, legal } = turn;
      if (legal.length === 0) return null;
      if (view.phase === "agree") return chooseAgreement(turn);
      const toFoundation = legal.filter(
        (m): m is Extract<SirTommyMove, { type: "toFoundation" }> => m.type === "toFoundation",
      );
      if (toFoundation.length > 0) return chooseFoundationMove(view, toFoundation);
      if (view.drawn.length > 0) return choosePlacement(turn, params);
      if (view.canEndTurn) return { move: { type: "endTurn" }, reason: robotReason("endTurn") };
      return { move: { type: "pass" }, reason: robotReason("pass") };
    },
  };
}

export const sirTommyRobot = createSirTommyRobot();
