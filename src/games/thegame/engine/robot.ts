import type { Message } from "../../../engine/core/errors.js";
import type { Robot, RobotChoice, RobotTurn } from "../../../engine/core/robot.js";
import { BACKWARDS_STEP, HIGHEST_CARD } from "./rules.js";
import { planSoloTurn, SOLO_PARAMS, type SoloParams } from "./solo.js";
import { fits, isUp, searchTurn, type TurnPlan } from "./turnSearch.js";
import type { TheGameMove, TheGamePrivateView, TheGameSignal } from "./types.js";

/**
 * The Game's robot: a cooperative heuristic that reads only its seat's private view.
 *
 * The cost of a play is the number of cards still out (the card tracker says which are gone) that
 * it jumps over, since each of them loses that pile; a jumped card that the pile's twin can still
 * take counts less. A backwards trick is a gift: it reopens the cards it jumps back over. On its
 * turn the robot searches the orders of its cards for the cheapest way to play this turn's minimum,
 * and plays more only where a card is nearly free (every card still out pays a small credit `theta`,
 * larger once the draw pile is empty). Another player's "hold" or "I can play well here" makes a
 * pile dear unless the play jumps nothing; "big jump coming" makes it cheaper, since the cards
 * below the jump are lost anyway. Before ending its turn the robot tells the table, without numbers,
 * where it holds a close card ("hold"), where it could play cheaply, or where a big jump is coming.
 * Alone at the table it plays by the solo planner (solo.ts), which knows every card still out.
 */

/** The knobs of the heuristic (tuned over seeded all-robot games). */
export interface TheGameRobotParams {
  /** Credit per card played, while the draw pile lasts: extra plays cheaper than this are made. */
  theta: number;
  /** The credit once the draw pile is empty (every card played is a point). */
  thetaEmpty: number;
  /** Weight of a jumped card that the other pile of the same direction can still take. */
  altWeight: number;
  /** What a backwards trick is worth beyond the cards it reopens. */
  trickBonus: number;
  /** Added to a play that jumps cards on a pile another player asked to hold. */
  holdPenalty: number;
  /** Added to a play that jumps cards on a pile where another player can play well. */
  wellPenalty: number;
  /** A play on a pile where another player announced a big jump costs this share. */
  jumpFactor: number;
  /** Weight of the cards left in hand: their cheapest fit after the turn. */
  futureWeight: number;
  /** Signal "hold" when a card fits a pile at this cost or less (or is a trick there). */
  holdMax: number;
  /** Signal "I can play well here" at this cost or less. */
  wellMax: number;
  /** Signal "big jump coming" when every card costs at least this. */
  jumpMin: number;
  /** At most this many signals on the table at once. */
  maxSignals: number;
  /** Claim the first turn when the opening plan costs at most this. */
  claimMax: number;
}

export const DEFAULT_PARAMS: TheGameRobotParams = {
  theta: 0.6,
  thetaEmpty: 1,
  altWeight: 0.5,
  trickBonus: 1,
  holdPenalty: 6,
  wellPenalty: 2,
  jumpFactor: 0.6,
  futureWeight: 0,
  holdMax: 0.5,
  wellMax: 3,
  jumpMin: 10,
  maxSignals: 2,
  claimMax: 4,
};

/** A search of the turn stops after this many positions (and when `hasTime` says so). */
const NODE_LIMIT = 60_000;

interface Table {
  tops: number[];
  /** live[card] = 1 while the card is still out (in some hand or the draw pile). */
  live: Uint8Array;
  /** Per pile: how another player's signals change the cost of jumping cards there. */
  penalty: number[];
  factor: number[];
  /** Per pile: does another player ask to hold it? (for the reason line) */
  held: boolean[];
}

interface PlayCost {
  cost: number;
  /** Cards still out that the play jumps over (weighted), 0 for a trick. */
  jumped: number;
  trick: boolean;
}

/**
 * What playing `card` on `pile` costs now (the caller knows it fits); `top` is the pile's top before
 * the play, for a search whose table already shows it.
 */
function playCost(
  p: TheGameRobotParams,
  table: Table,
  card: number,
  pile: number,
  top = table.tops[pile] as number,
): PlayCost {
  const up = isUp(pile);
  if (card === (up ? top - BACKWARDS_STEP : top + BACKWARDS_STEP)) {
    // Cards the trick gives back weigh what jumping them cost, so a chain of jumps and tricks
    // is worth only where it ends.
    const reopened = jumpedWeight(p, table, pile, up ? [card + 1, top - 1] : [top + 1, card - 1]);
    return { cost: -reopened - p.trickBonus, jumped: 0, trick: true };
  }
  const jumped = jumpedWeight(p, table, pile, up ? [top + 1, card - 1] : [card + 1, top - 1]);
  let cost = jumped * (table.factor[pile] as number);
  if (jumped > 0) cost += table.penalty[pile] as number;
  return { cost, jumped, trick: false };
}

/** The weight of the cards still out from `lo` to `hi` that `pile` passes over. */
function jumpedWeight(p: TheGameRobotParams, table: Table, pile: number, [lo, hi]: [number, number]): number {
  const twin = table.tops[twinOf(pile)] as number;
  const up = isUp(pile);
  let weight = 0;
  for (let x = lo; x <= hi; x++) {
    if (table.live[x] !== 1) continue;
    // A card the twin pile can still take is not lost, only made harder.
    weight += (up ? twin < x : twin > x) ? p.altWeight : 1;
  }
  return weight;
}

/** The other pile of the same direction. */
function twinOf(pile: number): number {
  return pile ^ 1;
}

/** The cheapest fit of each card left in hand: how good the hand is after the turn. */
function handValue(p: TheGameRobotParams, table: Table, hand: readonly number[], mask: number): number {
  if (p.futureWeight === 0) return 0;
  let total = 0;
  hand.forEach((card, i) => {
    if (mask & (1 << i)) return;
    let best = 20;
    for (let pile = 0; pile < 4; pile++) {
      if (fits(table.tops[pile] as number, card, pile))
        best = Math.min(best, playCost(p, table, card, pile).cost);
    }
    total += best;
  });
  return p.futureWeight * total;
}

/**
 * The best way to go on this turn (turnSearch.ts): every order of plays until `needed`
 * more cards are played, then only plays that pay for themselves (cheaper than `theta`) or that set
 * up a backwards trick with a card in hand.
 */
function planTurn(
  p: TheGameRobotParams,
  table: Table,
  hand: readonly number[],
  needed: number,
  theta: number,
  hasTime: () => boolean,
): TurnPlan {
  const { tops, live } = table;
  return searchTurn(
    {
      hand,
      tops,
      live,
      needed,
      nodeLimit: NODE_LIMIT,
      hasTime,
      // The plays made, each pile's top in turn (each has its own signals), the plays due made.
      key: (mask, done) => {
        const [a = 0, b = 0, c = 0, d = 0] = tops;
        return ((((mask * 101 + a) * 101 + b) * 101 + c) * 101 + d) * (needed + 1) + Math.min(done, needed);
      },
      // A plan's value: total cost minus the credit for the cards played.
      arrive: (mask, _done, _carried, enough) => (enough ? handValue(p, table, hand, mask) : Infinity),
      weigh(card, pile, top, mask, _done, _carried, enough, weight) {
        const { cost } = playCost(p, table, card, pile, top);
        if (enough && cost >= theta && !setsUpTrick(hand, mask, card, pile)) return false;
        weight.value = cost - theta;
        return true;
      },
    },
    0,
  );
}

/** After `card` goes on `pile`, does a card left in hand go exactly 10 back on it? */
function setsUpTrick(hand: readonly number[], mask: number, card: number, pile: number): boolean {
  const back = isUp(pile) ? card - BACKWARDS_STEP : card + BACKWARDS_STEP;
  return hand.some((c, i) => c === back && !(mask & (1 << i)));
}

/** The table as the robot weighs it: tops, the cards still out, and the other players' signals. */
function readTable(p: TheGameRobotParams, view: TheGamePrivateView): Table {
  const live = new Uint8Array(HIGHEST_CARD + 2);
  for (let card = 2; card <= HIGHEST_CARD; card++) live[card] = 1;
  for (const card of view.playedCards) live[card] = 0;
  const penalty = [0, 0, 0, 0];
  const factor = [1, 1, 1, 1];
  const held = [false, false, false, false];
  (view.signals ?? []).forEach((signals, pile) => {
    for (const { player, signal } of signals) {
      if (player === view.viewer) continue;
      if (signal === "hold") {
        penalty[pile] = Math.max(penalty[pile] as number, p.holdPenalty);
        held[pile] = true;
      } else if (signal === "playWell") {
        penalty[pile] = Math.max(penalty[pile] as number, p.wellPenalty);
      } else {
        factor[pile] = p.jumpFactor;
      }
    }
  });
  return { tops: view.piles.map((pile) => pile.top), live, penalty, factor, held };
}

/** The signals this hand should show the others: at most `maxSignals`, holds first. */
function wantedSignals(
  p: TheGameRobotParams,
  view: TheGamePrivateView,
  table: Table,
): (TheGameSignal | null)[] {
  const neutral: Table = { ...table, penalty: [0, 0, 0, 0], factor: [1, 1, 1, 1] };
  const best = [0, 1, 2, 3].map((pile) => {
    let cost = Infinity;
    for (const card of view.hand) {
      if (fits(table.tops[pile] as number, card, pile))
        cost = Math.min(cost, playCost(p, neutral, card, pile).cost);
    }
    return cost;
  });
  const wanted: { pile: number; signal: TheGameSignal; rank: number }[] = [];
  const cheapest = Math.min(...best);
  best.forEach((cost, pile) => {
    if (cost <= p.holdMax) wanted.push({ pile, signal: "hold", rank: cost });
    else if (cost <= p.wellMax) wanted.push({ pile, signal: "playWell", rank: 100 + cost });
  });
  if (view.hand.length > 0 && cheapest >= p.jumpMin && cheapest < Infinity) {
    wanted.push({ pile: best.indexOf(cheapest), signal: "bigJump", rank: 50 });
  }
  const out: (TheGameSignal | null)[] = [null, null, null, null];
  for (const w of wanted.sort((a, b) => a.rank - b.rank || a.pile - b.pile).slice(0, p.maxSignals)) {
    out[w.pile] = w.signal;
  }
  return out;
}

function mySignal(view: TheGamePrivateView, pile: number): TheGameSignal | null {
  return view.signals?.[pile]?.find((s) => s.player === view.viewer)?.signal ?? null;
}

function has(legal: readonly TheGameMove[], move: TheGameMove): boolean {
  return legal.some((m) => JSON.stringify(m) === JSON.stringify(move));
}

function playReason(p: TheGameRobotParams, table: Table, card: number, pile: number): Message {
  const top = table.tops[pile] as number;
  const { trick, jumped } = playCost(p, table, card, pile);
  if (trick) return { key: `thegame.robot.trick.${pile}`, params: { card } };
  const gap = Math.abs(card - top);
  if (jumped === 0 && gap > 1) return { key: `thegame.robot.playFree.${pile}`, params: { card } };
  const key = table.held[pile] && jumped > 0 ? "thegame.robot.playHeld" : "thegame.robot.play";
  return { key: `${key}.${pile}`, params: { card, gap } };
}

/** The first signal that differs from what the table shows of this player, if any. */
function nextSignal(
  p: TheGameRobotParams,
  view: TheGamePrivateView,
  table: Table,
  legal: readonly TheGameMove[],
): RobotChoice<TheGameMove> | null {
  const wanted = wantedSignals(p, view, table);
  for (let pile = 0; pile < 4; pile++) {
    const signal = wanted[pile] ?? null;
    if (mySignal(view, pile) === signal) continue;
    const move: TheGameMove = { type: "signal", pile, signal };
    if (!has(legal, move)) continue;
    return { move, reason: { key: `thegame.robot.signal.${signal ?? "clear"}.${pile}` } };
  }
  return null;
}

/** The opening plan's value: how cheaply this hand plays the first minimum. */
function openingValue(p: TheGameRobotParams, view: TheGamePrivateView): number {
  const table = readTable(p, view);
  const needed = view.minimumThisTurn;
  return planTurn(p, table, view.hand, needed, 0, () => true).value;
}

/** Alone at the table: this turn's next play by the solo planner, from the cards the view shows gone. */
function soloPlay(solo: SoloParams, view: TheGamePrivateView, hasTime: () => boolean) {
  const live = new Uint8Array(HIGHEST_CARD + 2);
  for (let card = 2; card <= HIGHEST_CARD; card++) live[card] = 1;
  for (const card of view.playedCards) live[card] = 0;
  const tops = view.piles.map((pile) => pile.top);
  const needed = Math.max(0, view.minimumThisTurn - view.playedThisTurn);
  return planSoloTurn(solo, view.hand, tops, live, view.drawPileCount, needed, hasTime);
}

export function makeTheGameRobot(
  params: Partial<TheGameRobotParams> = {},
  soloParams: Partial<SoloParams> = {},
): Robot<TheGamePrivateView, TheGameMove> {
  const p: TheGameRobotParams = { ...DEFAULT_PARAMS, ...params };
  const solo: SoloParams = { ...SOLO_PARAMS, ...soloParams };
  return {
    choose(turn: RobotTurn<TheGamePrivateView, TheGameMove>): RobotChoice<TheGameMove> | null {
      const { view, legal } = turn;
      if (legal.length === 0) return null;
      if (view.phase === "claim") {
        const claim = legal.find((m) => m.type === "claimStart");
        if (!claim) return null;
        if (openingValue(p, view) <= p.claimMax)
          return { move: claim, reason: { key: "thegame.robot.claim" } };
        return turn.mustAct ? { move: claim, reason: { key: "thegame.robot.claimMust" } } : null;
      }
      const table = readTable(p, view);
      // Waiting for another's turn, only the table talk is open: a signal the hand calls for, if any.
      if (view.active !== view.viewer) return nextSignal(p, view, table, legal);
      let first: { card: number; pile: number } | null;
      if (view.players.length === 1) first = soloPlay(solo, view, turn.hasTime);
      else {
        const needed = Math.max(0, view.minimumThisTurn - view.playedThisTurn);
        const theta = view.drawPileCount === 0 ? p.thetaEmpty : p.theta;
        first = planTurn(p, table, view.hand, needed, theta, turn.hasTime).first;
      }
      if (first !== null && (view.stranding[first.card] ?? []).includes(first.pile))
        first = safePlay(view) ?? first;
      if (first !== null) {
        const move: TheGameMove = { type: "play", card: first.card, pile: first.pile };
        if (has(legal, move)) return { move, reason: playReason(p, table, first.card, first.pile) };
      }
      const end: TheGameMove = { type: "endTurn" };
      if (has(legal, end)) {
        const signal = nextSignal(p, view, table, legal);
        if (signal) return signal;
        return {
          move: end,
          reason: { key: view.hand.length === 0 ? "thegame.robot.endTurnEmpty" : "thegame.robot.endTurn" },
        };
      }
      // No plan reaches the minimum (the search ran out of time): any play that does not strand.
      const fallback = safePlay(view) ?? legal.find((m) => m.type === "play");
      if (fallback && fallback.type === "play") {
        return { move: fallback, reason: playReason(p, table, fallback.card, fallback.pile) };
      }
      return { move: legal[0] as TheGameMove, reason: { key: "robot.reason.random" } };
    },
  };
}

/** A play that keeps this turn's minimum in reach, if there is one (the lowest card first). */
function safePlay(view: TheGamePrivateView): { type: "play"; card: number; pile: number } | null {
  for (const card of view.hand) {
    for (const pile of view.playable[card] ?? []) {
      if (!(view.stranding[card] ?? []).includes(pile)) return { type: "play", card, pile };
    }
  }
  return null;
}

export const theGameRobot: Robot<TheGamePrivateView, TheGameMove> = makeTheGameRobot();
