import { expect } from "vitest";
import type { Card } from "../../../src/engine/core/cards.js";
import { cardCode, SUITS } from "../../../src/engine/core/cards.js";
import type { GameEngine, PlayerId } from "../../../src/engine/core/game.js";
import { nextInt, type RngState } from "../../../src/engine/core/rng.js";
import { hasKey } from "../../../src/i18n/index.js";
import { deepFreeze, type GeneratedGame, nextMoveRng } from "./harness.js";

/** The driver of the two-player cooperative games' own property tests (Twelves, Stacking, Sir Tommy). */
export type EngineWithMoves<S, M> = GameEngine<S, M, unknown, unknown> & {
  legalMoves(state: S, player: PlayerId): M[];
};

export const PLAYERS = ["p1", "p2"];
/** Throws unless `cards` are exactly the 52 cards of one deck (plain checks: this runs after every move). */
export function expectWholeDeck(cards: readonly Card[]): void {
  const seen = new Uint8Array(52);
  for (const card of cards) seen[SUITS.indexOf(card.suit) * 13 + card.rank - 1]++;
  if (cards.length !== 52 || seen.some((n) => n !== 1)) {
    throw new Error(`cards lost or duplicated: ${cards.map(cardCode).sort().join(" ")}`);
  }
}

export interface PlayedGame<S, M> {
  seed: number;
  moves: [PlayerId, M][];
  final: S;
}

/**
 * Plays a generated game with legal moves (by default uniformly random) by random actors, each
 * move drawn from its generated choice. After every move: the input state is unchanged, every
 * event has its text, and `check` holds for the new state (and for the deal). Null when a shrunk
 * game's choices run out before its end; a game still running after `maxSteps` moves is returned
 * as it stands.
 */
export function playGenerated<S, M>(
  engine: EngineWithMoves<S, M>,
  game: GeneratedGame<object>,
  check: (state: S) => void,
  maxSteps: number,
  pick: (legal: M[], rng: RngState) => M = (legal, rng) => legal[nextInt(rng, legal.length)] as M,
): PlayedGame<S, M> | null {
  let state = engine.setup(PLAYERS, {}, game.seed);
  check(state);
  const moves: [PlayerId, M][] = [];
  for (let step = 0; step < maxSteps && engine.outcome(state) === null; step++) {
    const rng = nextMoveRng(game.choices);
    if (rng === null) return null;
    const actors = engine.actors(state);
    const player = actors[nextInt(rng, actors.length)] as PlayerId;
    const legal = engine.legalMoves(state, player);
    if (legal.length === 0) throw new Error(`a running game offers ${player} no legal move`);
    const move = pick(legal, rng);
    const result = engine.apply(deepFreeze(state), player, move);
    if (!result.ok) throw new Error(`legal move refused: ${result.error.key} ${JSON.stringify(move)}`);
    for (const event of result.events)
      if (!hasKey(event.key)) throw new Error(`no English text for ${event.key}`);
    state = result.state;
    moves.push([player, move]);
    check(state);
  }
  return { seed: game.seed, moves, final: state };
}

/** Replays seed + moves and expects the exact same final state. */
export function expectExactReplay<S, M>(engine: EngineWithMoves<S, M>, game: PlayedGame<S, M>): void {
  let state = engine.setup(PLAYERS, {}, game.seed);
  for (const [player, move] of game.moves) {
    const result = engine.apply(state, player, move);
    if (!result.ok) throw new Error(`replay refused: ${result.error.key}`);
    state = result.state;
  }
  expect(state).toEqual(game.final);
}

/** A finished cooperative game: an outcome exists, nobody may act, and both players share the result. */
export function expectCooperativeEnd<S, M>(engine: EngineWithMoves<S, M>, final: S): void {
  const outcome = engine.outcome(final);
  expect(outcome).not.toBeNull();
  expect(hasKey(outcome?.summary.key ?? ""), outcome?.summary.key).toBe(true);
  expect(engine.actors(final)).toEqual([]);
  const [a, b] = PLAYERS.map((p) => outcome?.results[p]?.result);
  expect(a).toBeDefined();
  expect(a).toBe(b);
  for (const p of PLAYERS) expect(engine.legalMoves(final, p)).toEqual([]);
}

/** Junk that must be refused (never thrown) in every state, by players and strangers alike. */
export function expectJunkRefused<S, M>(
  engine: EngineWithMoves<S, M>,
  state: S,
  junk: readonly unknown[],
): void {
  for (const bad of junk) {
    for (const who of [...PLAYERS, "stranger"]) {
      if (engine.apply(state, who, bad as M).ok) throw new Error(`junk accepted: ${JSON.stringify(bad)}`);
    }
  }
}
