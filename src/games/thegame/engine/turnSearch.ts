import { canPlayOn } from "./rules.js";
import { PILE_DIRECTIONS } from "./types.js";

export const isUp = (pile: number): boolean => PILE_DIRECTIONS[pile] === "up";

/** Does `card` go on `pile`, whose top is `top`? */
export function fits(top: number, card: number, pile: number): boolean {
  return canPlayOn(PILE_DIRECTIONS[pile] ?? "up", top, card);
}

export interface TurnPlay {
  card: number;
  pile: number;
}

export interface TurnPlan {
  /** What the best way on is worth (lower is better); Infinity when no way reaches the minimum. */
  value: number;
  /** Its first play, or null to end the turn here. */
  first: TurnPlay | null;
}

/** What a play is worth to the search, as the robot's `weigh` fills it in. */
export interface PlayWeight {
  /** Added to the value of the position the play leads to. */
  value: number;
  /** Handed on to that position (the solo planner's weight of the table). */
  carried: number;
}

/** One turn's search: the hand and table it plays on, and what the robot makes of them. */
export interface TurnSearch {
  hand: readonly number[];
  /** The piles' tops: the search plays on them and puts them back. */
  tops: number[];
  /** live[card] = 1 while the card is still out: the search marks the cards it plays and puts them back. */
  live: Uint8Array;
  /** The plays still due this turn. */
  needed: number;
  /** The search hurries past this many positions. */
  nodeLimit: number;
  hasTime: () => boolean;
  /** The memo's key of the position the plays in `mask` (`done` of them) reached, the table as it stands. */
  key(mask: number, done: number): number;
  /**
   * Called once at each new position, before any play from it: what ending the turn here is
   * worth, `carried` from the play that led here; Infinity while the minimum is not reached.
   */
  arrive(mask: number, done: number, carried: number, enough: boolean): number;
  /**
   * Whether to try `card` on `pile` (the table shows the play, `top` was the pile's top before it;
   * `mask` has the card's bit), and if so what it is worth, written into `weight`.
   */
  weigh(
    card: number,
    pile: number,
    top: number,
    mask: number,
    done: number,
    carried: number,
    enough: boolean,
    weight: PlayWeight,
  ): boolean;
}

/**
 * The turn search of both robots (alone at the table and with 2–5 players): every order of plays
 * from the hand until the plays due are made, then more plays while the robot's `weigh` lets them;
 * the way on of least value wins, and a position met twice is worked out once. Out of time or past
 * `nodeLimit` positions it settles for ending the turn where allowed, else searches on only for a
 * way through to the minimum. The clock is asked every 256 positions (asking costs), and a "no" is
 * kept: the time does not come back.
 */
export function searchTurn(search: TurnSearch, carried: number): TurnPlan {
  const { hand, tops, live, needed, nodeLimit, hasTime, key: keyOf, arrive, weigh } = search;
  const memo = new Map<number, TurnPlan>();
  const weight: PlayWeight = { value: 0, carried: 0 };
  let nodes = 0;
  let outOfTime = false;
  const from = (mask: number, done: number, carried: number): TurnPlan => {
    const key = keyOf(mask, done);
    const known = memo.get(key);
    if (known) return known;
    nodes++;
    const enough = done >= needed;
    let best: TurnPlan = { value: arrive(mask, done, carried, enough), first: null };
    if (!outOfTime && nodes % 256 === 0 && !hasTime()) outOfTime = true;
    const hurry = outOfTime || nodes > nodeLimit;
    if (enough && hurry) return best;
    for (let i = 0; i < hand.length; i++) {
      if (mask & (1 << i)) continue;
      const card = hand[i] as number;
      for (let pile = 0; pile < 4; pile++) {
        const top = tops[pile] as number;
        if (!fits(top, card, pile)) continue;
        tops[pile] = card;
        live[card] = 0;
        if (weigh(card, pile, top, mask | (1 << i), done, carried, enough, weight)) {
          // `weight` is filled in again further down: read it first.
          const step = weight.value;
          const next = from(mask | (1 << i), done + 1, weight.carried);
          const value = step + next.value;
          if (value < best.value) best = { value, first: { card, pile } };
        }
        live[card] = 1;
        tops[pile] = top;
        if (!enough && hurry && best.value < Infinity) break;
      }
    }
    memo.set(key, best);
    return best;
  };
  return from(0, 0, carried);
}
