import type { GameOptions } from "../../src/engine/core/game.js";
import { createRng, nextInt, type RngState } from "../../src/engine/core/rng.js";
import type { AnyEngine } from "./games.js";
import { randomLegalMove } from "./players.js";

/** The seats of a sample game of `count` players: Discord-like user ids. */
export function samplePlayers(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `10000000000000000${i}`);
}

/** The options of sample game `g`: every option at its default in even games, turned over in odd ones. */
export function sampleOptions(engine: AnyEngine, g: number): GameOptions {
  return Object.fromEntries(engine.options.map((o) => [o.name, g % 2 === 0 ? o.default : !o.default]));
}

/**
 * Every state of one game of random legal moves by random actors, from the deal, until it ends,
 * no actor can move, or `stop` moves were tried.
 */
export function randomGame(
  engine: AnyEngine,
  players: readonly string[],
  options: GameOptions,
  seed: number,
  rng: RngState,
  stop = 5000,
): unknown[] {
  let state = engine.setup([...players], options, seed);
  const states = [state];
  for (let step = 0; step < stop && !engine.outcome(state); step++) {
    const actors = engine.actors(state);
    if (actors.length === 0) break;
    const actor = actors[nextInt(rng, actors.length)]!;
    const r = engine.apply(state, actor, randomLegalMove(engine, state, actor, rng));
    if (r.ok) {
      state = r.state;
      states.push(state);
    }
  }
  return states;
}

/** States of a game at random moments of random legal games (every player count the game allows in turn). */
export function sampleStates(engine: AnyEngine, count: number): { state: unknown; players: string[] }[] {
  const rng = createRng(3);
  const samples: { state: unknown; players: string[] }[] = [];
  for (let g = 0; g < count; g++) {
    const players = samplePlayers(engine.minPlayers + (g % (engine.maxPlayers - engine.minPlayers + 1)));
    const states = randomGame(engine, players, sampleOptions(engine, g), g, rng, nextInt(rng, 200));
    samples.push({ state: states.at(-1), players });
  }
  return samples;
}
