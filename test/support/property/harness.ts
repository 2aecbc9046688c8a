import fc from "fast-check";
import { expect } from "vitest";
import type { GameOptions, PlayerId } from "../../../src/engine/core/game.js";
import { createRng, nextInt, type RngState } from "../../../src/engine/core/rng.js";
import { hasKey } from "../../../src/i18n/index.js";
import { type PropertySpec, SEATS } from "./spec.js";

/**
 * One property harness for every game, driven by the engine contract alone (`assertGames`), and the
 * generators a game's own property tests play their games with (`generatedGame`, `nextMoveRng`).
 * fast-check generates the games (a deal seed, a setup, and the move choices); each game checks
 * after every move that every listed move is accepted (a non-actor's too), that plausible unlisted
 * moves and junk are refused, that the game's own invariant holds and that the public view leaks
 * nothing; at the end, that the game is over, nobody may act, and the replay of seed + moves is
 * exact. A failing game shrinks to the shortest move sequence that still fails.
 */

/** fast-check's seed for every property game: a failure reproduces run for run. */
export const FC_SEED = 22;

/** Choices are drawn below this bound (fast-check's `nat` shrinks them toward 0). */
const CHOICE_BOUND = 0x80000000;
const CHOICE_LISTS = fc.array(fc.nat());

/**
 * The choice of every move of one game, read one per move: in the kit's games, which actor moves
 * (`choice % actors`) and which of their legal moves (`choice / actors` as an index into
 * `legalMoves`, wrapped), or the seed of the spec's own `choose`; in a game's own properties, the
 * seed of the move's random source (`nextMoveRng`). A generated game reads an endless seeded stream
 * and plays to its end; a shrunk game reads a fixed list and stops where the list ends. Either way
 * the choices read are kept, so a failing game shrinks from exactly the moves it played.
 */
export class MoveChoices {
  readonly read: number[] = [];
  private readonly stream: RngState;

  constructor(
    readonly fixed: readonly number[] | null,
    streamSeed = 0,
  ) {
    this.stream = createRng(streamSeed);
  }

  /** The next move's choice, or undefined when a fixed list has run out. */
  next(): number | undefined {
    const choice = this.fixed ? this.fixed[this.read.length] : nextInt(this.stream, CHOICE_BOUND);
    if (choice !== undefined) this.read.push(choice);
    return choice;
  }

  [fc.toStringMethod](): string {
    return `MoveChoices(${JSON.stringify(this.read)})`;
  }
}

/**
 * How many moves shrinking one failure may replay in all. A shrink candidate replays at most its
 * own moves; a failure deep in a long game (a match is up to 850 moves) would otherwise replay
 * millions of checked moves before it is reported. Past the budget the report shows the shortest
 * sequence found so far.
 */
export const SHRINK_BUDGET = 200_000;

/** Move choices; shrinking a failure drops moves, then lowers each choice, within `budget` moves. */
export class MoveChoicesArbitrary extends fc.Arbitrary<MoveChoices> {
  constructor(private readonly budget = SHRINK_BUDGET) {
    super();
  }

  generate(mrng: fc.Random): fc.Value<MoveChoices> {
    return new fc.Value(new MoveChoices(null, mrng.nextInt(0, CHOICE_BOUND - 1)), undefined);
  }

  canShrinkWithoutContext(value: unknown): value is MoveChoices {
    return value instanceof MoveChoices;
  }

  /** fast-check's list shrinking over the choices the game read; the context is the budget left. */
  shrink(value: MoveChoices, context: unknown): fc.Stream<fc.Value<MoveChoices>> {
    const budget = typeof context === "number" ? context : this.budget;
    return fc.stream(shrinkWithin(CHOICE_LISTS.shrink([...value.read], undefined), budget));
  }
}

function* shrinkWithin(
  lists: Iterable<fc.Value<number[]>>,
  budget: number,
): Generator<fc.Value<MoveChoices>> {
  let left = budget;
  for (const list of lists) {
    left -= list.value.length;
    if (left < 0) return;
    yield new fc.Value(new MoveChoices(list.value), left);
  }
}

/** A generated game: the deal's seed, the move choices, and the game's own settings. */
export type GeneratedGame<T> = T & { seed: number; choices: MoveChoices };

/**
 * Games with settings drawn from `settings` (a setup, an option, a policy): only the move choices
 * shrink, as a new seed or setting would be another game. Seeds are drawn evenly (fast-check favours
 * small numbers otherwise, and a seed is only a deal).
 */
export function generatedGame<T extends object>(
  settings: {
    [K in keyof T]: fc.Arbitrary<T[K]>;
  },
): fc.Arbitrary<GeneratedGame<T>> {
  const kept = Object.fromEntries(
    Object.entries<fc.Arbitrary<unknown>>(settings).map(([name, arbitrary]) => [
      name,
      fc.noShrink(arbitrary),
    ]),
  );
  return fc.record({
    ...kept,
    seed: fc.noShrink(fc.noBias(fc.nat())),
    choices: new MoveChoicesArbitrary(),
  }) as unknown as fc.Arbitrary<GeneratedGame<T>>;
}

/** True in one game of `n` on average: a setting for the rarer, longer or slower-checked games. */
export function oneIn(n: number): fc.Arbitrary<boolean> {
  return fc.noBias(fc.nat(n - 1)).map((k) => k === 0);
}

/**
 * The random source of a game's next move, seeded by the move's generated choice, or null once a
 * shrunk game's choices have run out (the moves so far kept every rule: the game passes there).
 */
export function nextMoveRng(choices: MoveChoices): RngState | null {
  const choice = choices.next();
  return choice === undefined ? null : createRng(choice);
}

/** fast-check's parameters for `numRuns` games from a fixed seed: CI plays the same games each run. */
export function propertyRuns<Ts>(numRuns: number, seed = FC_SEED): fc.Parameters<Ts> {
  return { seed, numRuns, includeErrorInReport: true };
}

/** One generated game of a spec: the deal's seed, a setup of the spec, and the move choices. */
export type PropertyGame = GeneratedGame<{ setup: { players: number; options?: GameOptions } }>;

/** Games of `spec`, in each of its setups. */
export function gameArbitrary<S, M>(spec: PropertySpec<S, M>): fc.Arbitrary<PropertyGame> {
  return generatedGame({ setup: fc.constantFrom(...spec.setups) });
}

/** Freezes a plain JSON value and everything inside it: a write inside `apply` then throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/** A broken check, with the moves that led to it (the shortest such sequence once shrunk). */
export class GameFailure<M> extends Error {
  constructor(
    broken: Error,
    readonly moves: readonly [PlayerId, M][],
  ) {
    const shown = moves.length <= 60 ? moves : moves.slice(-10);
    const list = shown.map(([player, move]) => `${player} ${canonical(move)}`).join("; ");
    const which = shown === moves ? "" : ", the last 10";
    super(`${broken.message}\n  after ${moves.length} moves${which}: ${list}`, { cause: broken });
  }
}

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

/** Plays `game` and checks it throughout; throws a `GameFailure` naming the moves played. */
export function playGame<S, M>(spec: PropertySpec<S, M>, game: PropertyGame): void {
  const moves: [PlayerId, M][] = [];
  try {
    playChecked(spec, game, moves);
  } catch (err) {
    throw new GameFailure(err as Error, moves);
  }
}

function playChecked<S, M>(spec: PropertySpec<S, M>, game: PropertyGame, moves: [PlayerId, M][]): void {
  const { engine } = spec;
  const { seed, setup, choices } = game;
  const players = SEATS.slice(0, setup.players);
  const rng = createRng(seed * 7919 + 17);
  const tryLegal = spec.tryLegal ?? 40;
  let state = engine.setup(players, setup.options ?? {}, seed);
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
    const choice = choices.next();
    // A shrunk game ends where its choices end: the moves so far kept every rule.
    if (choice === undefined) return;
    const player = actors[choice % actors.length] as PlayerId;
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
      ? spec.choose(legal, state, player, createRng(choice))
      : (legal[Math.floor(choice / actors.length) % legal.length] as M);
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
  let replay = engine.setup(players, setup.options ?? {}, seed);
  for (const [player, move] of moves) {
    const result = engine.apply(replay, player, move);
    if (!result.ok) throw new Error(`replay refused: ${result.error.key}`);
    replay = result.state;
  }
  expect(replay).toEqual(state);
}

/** The property "every game of `spec` keeps the contract", for `fc.assert` or `fc.check`. */
export function gameProperty<S, M>(spec: PropertySpec<S, M>): fc.IPropertyWithHooks<[PropertyGame]> {
  return fc.property(gameArbitrary(spec), (game) => playGame(spec, game));
}

/**
 * Plays `numRuns` generated games of `spec` from `FC_SEED`; throws on the first failure, shrunk,
 * with the seed and shrink path that reproduce it and the broken check with its moves.
 */
export function assertGames<S, M>(spec: PropertySpec<S, M>, numRuns: number): void {
  fc.assert(gameProperty(spec), propertyRuns(numRuns));
}
