import { expect } from "vitest";
import { type Card, cardCode } from "../../../src/engine/core/cards.js";
import type { GameEvent, PlayerId } from "../../../src/engine/core/game.js";
import {
  sortTrio,
  type TroubadourBoard,
  type TroubadourMove,
  type TroubadourState,
  type TroubadourTurn,
  troubadour,
  type VillageCard,
} from "../../../src/games/troubadour/engine/index.js";
import { card as c } from "../../support/cards.js";

export { c };

export function cards(...codes: string[]): Card[] {
  return codes.map(c);
}

/** A village from bottom to top; a leading "_" marks a face-down card ("_5H"). */
export function village(...codes: string[]): VillageCard[] {
  return codes.map((code) =>
    code.startsWith("_") ? { card: c(code.slice(1)), faceUp: false } : { card: c(code), faceUp: true },
  );
}

/** Piles bottom first (the last code is the top card). Villages are bottom-to-top codes as in `village`. */
export interface BoardSpec {
  draw?: string[];
  waste?: string[];
  villages?: string[][];
  castles?: string[][];
}

export function board(spec: BoardSpec = {}): TroubadourBoard {
  const villages = spec.villages ?? [];
  const castles = spec.castles ?? [];
  return {
    drawPile: cards(...(spec.draw ?? [])),
    waste: cards(...(spec.waste ?? [])),
    villages: Array.from({ length: 5 }, (_, i) => village(...(villages[i] ?? []))),
    castles: Array.from({ length: 4 }, (_, i) => cards(...(castles[i] ?? []))),
  };
}

/** A castle of `suit` built from the Ace up to `top`. */
export function castleUpTo(suit: string, top: number): string[] {
  return Array.from({ length: top }, (_, i) => `${i === 0 ? "A" : String(i + 1)}${suit}`);
}

export interface PlaySpec {
  players?: PlayerId[];
  /** Trio per player as card codes ("JS", "QD", "KH"). */
  picks: Record<PlayerId, string[]>;
  boards?: Record<PlayerId, BoardSpec>;
  /** Turn order; defaults to seat order, so the first player is active. */
  order?: PlayerId[];
  turn?: Partial<TroubadourTurn>;
  seed?: number;
}

/** A hand-built state in the play phase: the first player in `order` is to move. */
export function playState(spec: PlaySpec): TroubadourState {
  const players = spec.players ?? ["a", "b"];
  const state = troubadour.setup(players, {}, spec.seed ?? 7);
  state.phase = "play";
  state.order = spec.order ?? [...players];
  state.turnIndex = 0;
  for (const p of players) {
    state.picks[p] = sortTrio(cards(...(spec.picks[p] ?? [])));
    state.boards[p] = board(spec.boards?.[p] ?? {});
  }
  state.turn = { standardDrawDone: false, extraDraws: 0, revealedAce: null, ...spec.turn };
  return state;
}

/** Applies a move that must be legal. */
export function act(
  state: TroubadourState,
  player: PlayerId,
  move: TroubadourMove,
): { state: TroubadourState; events: GameEvent[] } {
  const result = troubadour.apply(state, player, move);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(move)} to be legal, got ${result.error.key}`);
  return { state: result.state, events: result.events };
}

/** Applies a chain of legal moves by one player. */
export function acts(state: TroubadourState, player: PlayerId, ...moves: TroubadourMove[]): TroubadourState {
  return moves.reduce((s, move) => act(s, player, move).state, state);
}

/** The error key of a move that must be refused (and the state stays untouched). */
export function refused(state: TroubadourState, player: PlayerId, move: TroubadourMove): string {
  const before = structuredClone(state);
  const result = troubadour.apply(state, player, move);
  expect(state).toEqual(before);
  if (result.ok) throw new Error(`expected ${JSON.stringify(move)} to be refused`);
  return result.error.key;
}

/** Codes of a village bottom to top, face-down cards with a leading "_". */
export function codes(v: readonly VillageCard[]): string[] {
  return v.map((vc) => (vc.faceUp ? "" : "_") + cardCode(vc.card));
}

export function labels(list: readonly Card[]): string[] {
  return list.map(cardCode);
}

export function boardOf(state: TroubadourState, player: PlayerId): TroubadourBoard {
  return state.boards[player] as TroubadourBoard;
}

export const waste = { kind: "waste" } as const;
export const castle = { kind: "castle" } as const;
export function fromVillage(v: number, count = 1) {
  return { kind: "village", village: v, count } as const;
}
export function toVillage(v: number) {
  return { kind: "village", village: v } as const;
}
