import { BACKWARDS_STEP, HIGHEST_CARD, LOWEST_CARD } from "./rules.js";
import { fits, isUp, searchTurn, type TurnPlay } from "./turnSearch.js";

/**
 * The Game alone: the player knows every card still out (all of 2..99 but the played ones), so a
 * table is judged by how many piles still take each of them. A card only one pile takes is close
 * to lost, a card no pile takes is lost: the weight of a card grows steeply as its piles go. A turn
 * is every sequence of plays that reaches the minimum, then extra plays while each is cheap (a
 * backwards trick always is): the one that leaves the least weight, less a credit per card played.
 * Only the table and the count of cards still out matter, never the order of the draw pile.
 */

/** The knobs of the solo planner (tuned over seeded solo games). */
export interface SoloParams {
  /** Credit per card played while the draw pile lasts: an extra play is made when it costs less. */
  theta: number;
  /** The credit once the draw pile is empty. */
  thetaEmpty: number;
  /** The weight of a card still out by how many piles take it (index 0 to 4). */
  weight: number[];
  /** Beyond the minimum, a play is tried only if it adds at most this weight (a trick always). */
  extraMax: number;
  /** Weight of the next turn's cheapest minimum from the cards kept. */
  nextWeight: number;
}

export const SOLO_PARAMS: SoloParams = {
  theta: 0.6,
  thetaEmpty: 1,
  weight: [80, 10, 3, 1, 0],
  extraMax: 1.5,
  nextWeight: 0.3,
};

/** A turn's search stops after this many positions (and when `hasTime` says so). */
const NODE_LIMIT = 40_000;

/** How badly placed the cards still out are: each weighs by how many piles still take it. */
export function badness(p: SoloParams, tops: readonly number[], live: Uint8Array): number {
  let total = 0;
  for (let x = LOWEST_CARD; x <= HIGHEST_CARD; x++) if (live[x] === 1) total += cardBadness(p, tops, x);
  return total;
}

/** How many piles take card `x` on this table (a pile that takes it only by the trick counts too, at most 4). */
function options(tops: readonly number[], x: number): number {
  const a = tops[0] as number;
  const b = tops[1] as number;
  const c = tops[2] as number;
  const d = tops[3] as number;
  const n =
    (x > a || x === a - BACKWARDS_STEP ? 1 : 0) +
    (x > b || x === b - BACKWARDS_STEP ? 1 : 0) +
    (x < c || x === c + BACKWARDS_STEP ? 1 : 0) +
    (x < d || x === d + BACKWARDS_STEP ? 1 : 0);
  return n;
}

/** The weight of card `x` on this table: fewer piles that take it, more weight. */
function cardBadness(p: SoloParams, tops: readonly number[], x: number): number {
  return p.weight[options(tops, x)] as number;
}

/** The change of weight of card `x`, one the trick reaches from a top, outside the cards passed. */
function reachedDelta(
  w: readonly number[],
  before: Layout,
  tops: readonly number[],
  live: Uint8Array,
  lo: number,
  hi: number,
  card: number,
  x: number,
): number {
  if (x < LOWEST_CARD || x > HIGHEST_CARD || (x > lo && x < hi) || x === card || live[x] !== 1) {
    return 0;
  }
  return (w[options(tops, x)] as number) - (w[before.options[x] as number] as number);
}

/**
 * A table's weights laid out for quick plays: each card's count of piles, and running sums of what
 * the cards still out would lose by one pile fewer (`loss`) or gain by one pile more (`gain`).
 */
interface Layout {
  options: Uint8Array;
  loss: Float64Array;
  gain: Float64Array;
}

function newLayout(): Layout {
  const size = HIGHEST_CARD + 2;
  return { options: new Uint8Array(size), loss: new Float64Array(size), gain: new Float64Array(size) };
}

function layOut(p: SoloParams, tops: readonly number[], live: Uint8Array, into: Layout): void {
  const w = p.weight;
  let loss = 0;
  let gain = 0;
  // Only the cards still out are laid out: the played ones never weigh again.
  for (let x = LOWEST_CARD; x <= HIGHEST_CARD; x++) {
    if (live[x] === 1) {
      const n = options(tops, x);
      into.options[x] = n;
      if (n > 0) loss += (w[n - 1] as number) - (w[n] as number);
      if (n < 4) gain += (w[n + 1] as number) - (w[n] as number);
    }
    into.loss[x] = loss;
    into.gain[x] = gain;
  }
}

/**
 * How `badness` changes when `card` goes on `pile` (top `top`): the cards between the old and the
 * new top lose the pile (a backwards trick gives it back), the new top's trick card keeps it, and
 * the cards the trick reaches from either top change. `tops` and `live` hold the table after the
 * play, `before` the layout before it.
 */
function playDelta(
  p: SoloParams,
  before: Layout,
  tops: readonly number[],
  live: Uint8Array,
  pile: number,
  top: number,
  card: number,
): number {
  const w = p.weight;
  const lo = Math.min(top, card);
  const hi = Math.max(top, card);
  const up = isUp(pile);
  let delta = -(w[before.options[card] as number] as number);
  if (card === (up ? top - BACKWARDS_STEP : top + BACKWARDS_STEP)) {
    delta += (before.gain[hi - 1] as number) - (before.gain[lo] as number);
  } else {
    delta += (before.loss[hi - 1] as number) - (before.loss[lo] as number);
    const kept = up ? card - BACKWARDS_STEP : card + BACKWARDS_STEP;
    if (kept > lo && kept < hi && live[kept] === 1) {
      delta -= (before.loss[kept] as number) - (before.loss[kept - 1] as number);
    }
  }
  // Each top's trick cards (counted once where the old and the new top reach the same card).
  delta += reachedDelta(w, before, tops, live, lo, hi, card, top - BACKWARDS_STEP);
  delta += reachedDelta(w, before, tops, live, lo, hi, card, top + BACKWARDS_STEP);
  const below = card - BACKWARDS_STEP;
  const above = card + BACKWARDS_STEP;
  if (below !== top + BACKWARDS_STEP) delta += reachedDelta(w, before, tops, live, lo, hi, card, below);
  if (above !== top - BACKWARDS_STEP) delta += reachedDelta(w, before, tops, live, lo, hi, card, above);
  return delta;
}

/**
 * This turn's next play alone at the table, or null to end the turn, by turnSearch.ts:
 * every sequence of plays that reaches the `needed` plays still due, then extra plays while they
 * cost at most `extraMax` (a backwards trick always); a position is judged by `badness` (plus the
 * next turn's cheapest minimum, weighed by `nextWeight`) less a credit per card played. `live`
 * marks every card not yet played (hand and draw pile); it is restored on return.
 */
export function planSoloTurn(
  p: SoloParams,
  hand: readonly number[],
  tops0: readonly number[],
  live: Uint8Array,
  drawPileCount: number,
  needed: number,
  hasTime: () => boolean,
): TurnPlay | null {
  const theta = drawPileCount === 0 ? p.thetaEmpty : p.theta;
  const tops = tops0.slice();
  const layouts = Array.from({ length: hand.length + 1 }, newLayout);
  // The two piles of a direction are interchangeable: a position is keyed with each pair sorted.
  const key = (mask: number, done: number): number => {
    const [a = 0, b = 0, c = 0, d = 0] = tops;
    const ups = Math.min(a, b) * 101 + Math.max(a, b);
    const downs = Math.min(c, d) * 101 + Math.max(c, d);
    return ((mask * 10_201 + ups) * 10_201 + downs) * 4 + Math.min(done, needed, 3);
  };
  /** What the next turn's minimum costs at least from the cards kept (before the draw): the cheapest single plays. */
  const nextTurnCost = (mask: number, done: number): number => {
    if (p.nextWeight === 0) return 0;
    const layout = layouts[done] as Layout;
    // The two cheapest single plays, kept without sorting.
    let first = Infinity;
    let second = Infinity;
    for (let i = 0; i < hand.length; i++) {
      if (mask & (1 << i)) continue;
      const card = hand[i] as number;
      let least = p.weight[0] as number;
      for (let pile = 0; pile < 4; pile++) {
        const top = tops[pile] as number;
        if (!fits(top, card, pile)) continue;
        tops[pile] = card;
        live[card] = 0;
        least = Math.min(least, playDelta(p, layout, tops, live, pile, top, card));
        live[card] = 1;
        tops[pile] = top;
      }
      if (least < first) {
        second = first;
        first = least;
      } else if (least < second) second = least;
    }
    if (first === Infinity) return 0;
    return drawPileCount > done && second !== Infinity ? first + second : first;
  };
  // A position carries its table's weight (`badness`), which each play changes by its `playDelta`.
  return searchTurn(
    {
      hand,
      tops,
      live,
      needed,
      nodeLimit: NODE_LIMIT,
      hasTime,
      key,
      arrive(mask, done, bad, enough) {
        layOut(p, tops, live, layouts[done] as Layout);
        return enough ? bad + p.nextWeight * nextTurnCost(mask, done) : Infinity;
      },
      weigh(card, pile, top, _mask, done, bad, enough, weight) {
        const after = bad + playDelta(p, layouts[done] as Layout, tops, live, pile, top, card);
        const trick = card === (isUp(pile) ? top - BACKWARDS_STEP : top + BACKWARDS_STEP);
        if (enough && !trick && after - bad > p.extraMax) return false;
        weight.value = -theta;
        weight.carried = after;
        return true;
      },
    },
    badness(p, tops, live),
  ).first;
}
