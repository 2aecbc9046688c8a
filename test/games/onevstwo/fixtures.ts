import { expect } from "vitest";
import { type Card, cardCode, type Suit } from "../../../src/engine/core/cards.js";
import type { RuleError } from "../../../src/engine/core/errors.js";
import type { GameEvent, GameOptions, PlayerId } from "../../../src/engine/core/game.js";
import {
  type Contract,
  type OnevstwoMove,
  type OnevstwoState,
  onevstwo,
  type Place,
} from "../../../src/games/onevstwo/engine/index.js";
import { hasKey } from "../../../src/i18n/index.js";
import { card as c, cards } from "../../support/cards.js";

/** Seat order: Ann is seat 1 (the host), then clockwise Bob, Cat, Dan. */
export const ANN = "ann";
export const BOB = "bob";
export const CAT = "cat";
export const DAN = "dan";
export const THREE: PlayerId[] = [ANN, BOB, CAT];
export const FOUR: PlayerId[] = [ANN, BOB, CAT, DAN];

export { c, cards };

export const codes = (list: readonly Card[]): string[] => list.map(cardCode);
export const sortedCodes = (list: readonly Card[]): string[] => codes(list).sort();

export const play = (code: string): OnevstwoMove => ({ type: "play", card: c(code) });
export const contract = (tricks: number, trump: Suit | null): OnevstwoMove => ({
  type: "contract",
  tricks,
  trump,
});

/** The stack index of `place` when the boss sits at `bossSeat`, straight from docs/RULES.md §7. */
export function stackIndex(playerCount: number, bossSeat: number, place: Place): number {
  if (playerCount === 3) {
    if (place === "dummy") return 3;
    const offset = { boss: 0, left: 1, right: 2 }[place];
    return (bossSeat + offset) % 3;
  }
  const offset = { boss: 0, left: 1, dummy: 2, right: 3 }[place];
  return (bossSeat + offset) % 4;
}

export function bossSeatOf(state: OnevstwoState): number {
  return (state.roundFirstBoss + state.gameInRound) % state.players.length;
}

/** The player who owns the seat of `place` (3 players: the dummy has no seat → null). */
export function playerAt(state: OnevstwoState, place: Place): PlayerId | null {
  const n = state.players.length;
  if (n === 3 && place === "dummy") return null;
  return state.players[stackIndex(n, bossSeatOf(state), place)] as PlayerId;
}

export function handOf(state: OnevstwoState, place: Place): Card[] {
  return state.stacks[stackIndex(state.players.length, bossSeatOf(state), place)] as Card[];
}

export interface TableSpec {
  players?: PlayerId[];
  /** 0-based seat of the boss (default 0, seat 1) */
  boss?: number;
  contract?: Contract;
  /** Each place's remaining cards; the same number each (minus a card already in `trick`) */
  hands: Record<Place, string>;
  leader?: Place;
  /** Cards already on the table in this trick, in play order from the leader */
  trick?: [Place, string][];
  bossTricks?: number;
  liceTricks?: number;
  options?: GameOptions;
}

/**
 * A hand-edited state in the play phase. Tricks already played default so that the tricks won
 * plus the cards in hand make 13 (all to the lice unless `bossTricks` says otherwise).
 */
export function table(spec: TableSpec): OnevstwoState {
  const players = spec.players ?? THREE;
  const state = onevstwo.setup(players, spec.options ?? {}, 11);
  const n = players.length;
  const boss = spec.boss ?? 0;
  state.phase = "play";
  state.roundFirstBoss = boss;
  state.gameInRound = 0;
  state.contract = spec.contract ?? { tricks: 7, trump: null };
  state.leader = spec.leader ?? "left";
  state.trick = (spec.trick ?? []).map(([place, code]) => ({ place, card: c(code) }));
  state.lastTrick = null;
  state.sheet = [];
  for (const place of ["boss", "left", "dummy", "right"] as Place[]) {
    state.stacks[stackIndex(n, boss, place)] = cards(spec.hands[place]);
  }
  const inHand = Math.max(
    ...(["boss", "left", "dummy", "right"] as Place[]).map(
      (p) => cards(spec.hands[p]).length + (state.trick.some((pc) => pc.place === p) ? 1 : 0),
    ),
  );
  const done = 13 - inHand;
  state.bossTricks = spec.bossTricks ?? 0;
  state.liceTricks = spec.liceTricks ?? done - state.bossTricks;
  return state;
}

/** The single player who must act now. */
export function actor(state: OnevstwoState): PlayerId {
  const actors = onevstwo.actors(state);
  expect(actors).toHaveLength(1);
  return actors[0] as PlayerId;
}

export interface Applied {
  state: OnevstwoState;
  events: GameEvent[];
}

export function must(state: OnevstwoState, player: PlayerId, move: unknown): Applied {
  const result = onevstwo.apply(state, player, move);
  if (!result.ok) {
    throw new Error(
      `refused ${JSON.stringify(move)}: ${result.error.key} ${JSON.stringify(result.error.params)}`,
    );
  }
  for (const event of result.events) expect(hasKey(event.key), event.key).toBe(true);
  return { state: result.state, events: result.events };
}

/** The refusal of a move that must be refused: a catalogued reason, the state untouched. */
export function refusal(state: OnevstwoState, player: PlayerId, move: unknown): RuleError {
  const before = structuredClone(state);
  const result = onevstwo.apply(state, player, move);
  if (result.ok) throw new Error(`accepted ${JSON.stringify(move)} from ${player}`);
  expect(hasKey(result.error.key), result.error.key).toBe(true);
  expect(state).toEqual(before);
  return result.error;
}

/** Plays the given cards in turn, each by whoever must act now. */
export function playCards(state: OnevstwoState, ...cardCodes: string[]): Applied {
  let current: Applied = { state, events: [] };
  for (const code of cardCodes) {
    const next = must(current.state, actor(current.state), play(code));
    current = { state: next.state, events: [...current.events, ...next.events] };
  }
  return current;
}

/** Plays the first legal move of whoever acts, until `stop` holds or the match is over. */
export function playOn(
  state: OnevstwoState,
  stop: (s: OnevstwoState) => boolean,
  choose: (moves: OnevstwoMove[], s: OnevstwoState) => OnevstwoMove = (moves) => moves[0] as OnevstwoMove,
): OnevstwoState {
  let s = state;
  let guard = 0;
  while (s.phase !== "over" && !stop(s)) {
    if (++guard > 5000) throw new Error("the game does not end");
    const who = actor(s);
    const moves = onevstwo.legalMoves(s, who);
    expect(moves.length).toBeGreaterThan(0);
    s = must(s, who, choose(moves, s)).state;
  }
  return s;
}

/** Plays until the current game is over (the next has started or the match ended). */
export function finishGame(state: OnevstwoState): OnevstwoState {
  const games = state.sheet.length;
  return playOn(state, (s) => s.sheet.length > games);
}

/** The boss announces, then everything is played to the end of the match. */
export function finishMatch(state: OnevstwoState): OnevstwoState {
  return playOn(state, () => false);
}
