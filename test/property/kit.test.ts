import { describe, expect, it } from "vitest";
import type { GameEngine, PlayerId } from "../../src/engine/core/game.js";
import { createRng, nextInt, type RngState } from "../../src/engine/core/rng.js";
import { hasKey } from "../../src/i18n/index.js";
import { deepFreeze } from "./coopHarness.js";
import { PROPERTY_SPECS } from "./games/index.js";
import { type PropertySpec, SEATS } from "./spec.js";

/**
 * One property harness for every game, driven by the engine contract alone: random games by
 * random actors from `legalMoves`, checking after every move that every listed move is accepted,
 * that plausible unlisted moves are refused, that the game's own invariant holds and that the
 * public view leaks nothing; at the end, that the game is over, nobody may act, and the replay of
 * seed + moves is exact.
 */

/** JSON with sorted keys, so a move is recognised whatever order its fields were written in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(record[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function sample<T>(items: readonly T[], count: number, rng: RngState): T[] {
  if (items.length <= count) return [...items];
  const picked = new Set<number>();
  while (picked.size < count) picked.add(nextInt(rng, items.length));
  return [...picked].map((i) => items[i] as T);
}

/** Junk every game refuses in every state, from players and strangers alike. */
const JUNK: readonly unknown[] = [null, undefined, 7, "play", [], {}, { type: "nonsense" }, { type: 1 }];

function playOne<S, M>(spec: PropertySpec<S, M>, index: number): void {
  const { engine } = spec;
  const setup = spec.setups[index % spec.setups.length]!;
  const players = SEATS.slice(0, setup.players);
  const seed = index + 1;
  const rng = createRng(seed * 7919 + 17);
  const tryLegal = spec.tryLegal ?? 40;
  let state = engine.setup(players, setup.options ?? {}, seed);
  const moves: [PlayerId, M][] = [];
  const check = (s: S) => {
    spec.invariant(s);
    const leak = spec.publicLeak(s, engine.publicView(s));
    if (leak) throw new Error(`public view leaks: ${leak}`);
  };
  check(state);
  for (let step = 0; engine.outcome(state) === null; step++) {
    if (step >= spec.maxSteps) throw new Error(`game ${seed} still running after ${spec.maxSteps} moves`);
    const actors = engine.actors(state);
    if (actors.length === 0) throw new Error("a running game has nobody to act");
    // A player who is not to act may still be offered moves the rules allow at any time (The Game's
    // table signals); each must then be accepted like any listed move.
    for (const p of players) {
      if (actors.includes(p)) continue;
      for (const move of engine.legalMoves(state, p)) {
        const result = engine.apply(state, p, move);
        if (!result.ok)
          throw new Error(
            `${p} may not act but is offered a refused move (${result.error.key}): ${canonical(move)}`,
          );
      }
    }
    const player = actors[nextInt(rng, actors.length)] as PlayerId;
    const legal = engine.legalMoves(state, player);
    if (legal.length === 0) throw new Error(`a running game offers ${player} no legal move`);
    const frozen = deepFreeze(state);
    for (const move of sample(legal, tryLegal, rng)) {
      const result = engine.apply(frozen, player, move);
      if (!result.ok) throw new Error(`listed move refused (${result.error.key}): ${canonical(move)}`);
    }
    // An accepted candidate must be listed (so an unlisted one must be refused). The list is keyed
    // only when needed: some games offer thousands of moves, and most candidates are refused.
    let listed: Set<string> | null = null;
    for (const candidate of spec.candidates(state, player, rng)) {
      if (!engine.apply(frozen, player, candidate).ok) continue;
      listed ??= new Set(legal.map(canonical));
      if (!listed.has(canonical(candidate)))
        throw new Error(`unlisted move accepted: ${canonical(candidate)}`);
    }
    if (step % 16 === 0) {
      for (const bad of JUNK) {
        for (const who of [player, "stranger"]) {
          if (engine.apply(frozen, who, bad).ok) throw new Error(`junk accepted: ${canonical(bad)}`);
        }
      }
    }
    const move = spec.choose
      ? spec.choose(legal, state, player, rng)
      : (legal[nextInt(rng, legal.length)] as M);
    const result = engine.apply(frozen, player, move);
    if (!result.ok) throw new Error(`chosen move refused: ${result.error.key}`);
    for (const event of result.events)
      if (!hasKey(event.key)) throw new Error(`no English text for ${event.key}`);
    state = result.state;
    moves.push([player, move]);
    check(state);
  }
  const outcome = engine.outcome(state);
  expect(hasKey(outcome?.summary.key ?? ""), outcome?.summary.key).toBe(true);
  expect(engine.actors(state)).toEqual([]);
  for (const p of players) expect(engine.legalMoves(state, p)).toEqual([]);
  expectExactReplay(engine, players, setup.options ?? {}, seed, moves, state);
}

function expectExactReplay<S, M>(
  engine: GameEngine<S, M, unknown, unknown>,
  players: readonly PlayerId[],
  options: Record<string, boolean | number | string>,
  seed: number,
  moves: readonly [PlayerId, M][],
  final: S,
): void {
  let state = engine.setup(players, options, seed);
  for (const [player, move] of moves) {
    const result = engine.apply(state, player, move);
    if (!result.ok) throw new Error(`replay refused: ${result.error.key}`);
    state = result.state;
  }
  expect(state).toEqual(final);
}

describe("the game kit's contract, for every game", () => {
  for (const [id, spec] of Object.entries(PROPERTY_SPECS)) {
    it(`${id}: ${spec.games} random games — listed moves accepted, unlisted refused, invariant, no leak, exact replay`, () => {
      expect(spec.games).toBeGreaterThanOrEqual(1000);
      for (let i = 0; i < spec.games; i++) {
        try {
          playOne(spec, i);
        } catch (err) {
          throw new Error(`${id} game ${i + 1}: ${(err as Error).message}`);
        }
      }
    });
  }
});
