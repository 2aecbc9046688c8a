import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Card } from "../../../src/engine/core/cards.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { nextFloat, nextInt, type RngState, shuffle } from "../../../src/engine/core/rng.js";
import {
  allNobles,
  castleSlotFor,
  legalMoves,
  type TroubadourMove,
  type TroubadourState,
  troubadour,
} from "../../../src/games/troubadour/engine/index.js";
import {
  FC_SEED,
  type GeneratedGame,
  generatedGame,
  nextMoveRng,
  oneIn,
  propertyRuns,
} from "../../support/property/harness.js";
import { privateLeak, spec } from "./property.js";

/** Most random games end with a win well before this; the default cap has its own unit test. */
const ROUND_CAP = 60;
/** A random player ends a turn after this many moves at the latest (village-to-village moves can cycle). */
const MAX_MOVES_PER_TURN = 8;

type Step = { player: PlayerId; move: TroubadourMove };

/** The kit spec's checks (all cards accounted for, face-up village tops, nothing hidden in any view). */
function checkInvariants(state: TroubadourState): void {
  spec.invariant(state);
  const leak = spec.publicLeak(state, troubadour.publicView(state));
  if (leak) throw new Error(`public view leaks: ${leak}`);
  for (const p of state.players) {
    const own = privateLeak(state, p);
    if (own) throw new Error(`private view of ${p} leaks: ${own}`);
  }
}

/** Checks run after many moves, so they throw plain errors instead of going through `expect` (speed). */
function ensure(condition: boolean, what: string): void {
  if (!condition) throw new Error(`invariant broken: ${what}`);
}

function randomTrio(rng: RngState): Card[] {
  return shuffle(rng, allNobles()).slice(0, 3);
}

function pickOne<T>(rng: RngState, list: readonly T[]): T {
  return list[nextInt(rng, list.length)] as T;
}

const DRAWS = new Set<TroubadourMove["type"]>(["draw", "clubsQueen", "clubsKing", "extraDraw"]);
const ATTACKS_AND_PEEKS = new Set<TroubadourMove["type"]>([
  "spadesJack",
  "spadesQueen",
  "spadesTrio",
  "heartsQueen",
]);

/**
 * A random but purposeful player, so most games end in a win: builds castles whenever it can, turns
 * every card it may (a ♥Q+K search names a card its castles need), often attacks or peeks, and
 * otherwise makes random legal moves or ends the turn.
 */
function chooseMove(
  state: TroubadourState,
  player: PlayerId,
  rng: RngState,
  movesThisTurn: number,
): TroubadourMove {
  const actions = legalMoves(state, player);
  const castles = state.boards[player]?.castles ?? [];
  const castleBuilds = actions.filter(
    (m) =>
      ((m.type === "build" || m.type === "heartsJack") && m.to.kind === "castle") ||
      m.type === "heartsQueenAce",
  );
  if (castleBuilds.length > 0 && nextFloat(rng) < 0.95) return pickOne(rng, castleBuilds);
  const draws = actions.filter(
    (m) => DRAWS.has(m.type) || (m.type === "heartsQueenKing" && castleSlotFor(castles, m.card) >= 0),
  );
  if (draws.length > 0 && nextFloat(rng) < 0.9) return pickOne(rng, draws);
  const attacks = actions.filter((m) => ATTACKS_AND_PEEKS.has(m.type));
  if (attacks.length > 0 && nextFloat(rng) < 0.5) return pickOne(rng, attacks);
  const others = actions.filter((m) => m.type !== "endTurn");
  if (others.length === 0 || movesThisTurn >= MAX_MOVES_PER_TURN || nextFloat(rng) < 0.3)
    return { type: "endTurn" };
  return pickOne(rng, others);
}

interface Played {
  final: TroubadourState;
  steps: Step[];
  rounds: number;
}

/** Every check after every move in one game of fifty, after every 20th move in the rest (runtime). */
type Game = GeneratedGame<{ fullyChecked: boolean }>;

const GAMES = generatedGame({ fullyChecked: oneIn(50) });

/** Plays `game` to its end (null when a shrunk game's choices run out first). */
function playRandomGame(players: PlayerId[], game: Game): Played | null {
  const checkEvery = game.fullyChecked ? 1 : 20;
  let state = troubadour.setup(players, { roundCap: ROUND_CAP }, game.seed);
  const steps: Step[] = [];
  let movesThisTurn = 0;
  let n = 0;
  const apply = (player: PlayerId, move: TroubadourMove) => {
    const check = ++n % checkEvery === 0;
    const before = check ? JSON.stringify(state) : "";
    const result = troubadour.apply(state, player, move);
    if (check) ensure(JSON.stringify(state) === before, `apply mutated its input (${JSON.stringify(move)})`);
    if (!result.ok) throw new Error(`legal move refused: ${JSON.stringify(move)} → ${result.error.key}`);
    state = result.state;
    steps.push({ player, move });
    if (check) checkInvariants(state);
  };
  while (state.phase !== "over") {
    const rng = nextMoveRng(game.choices);
    if (rng === null) return null;
    if (state.phase === "pick") {
      const order = shuffle(rng, troubadour.actors(state));
      // Sometimes a player changes their mind before everyone has picked.
      if (order.length > 1 && nextFloat(rng) < 0.2)
        apply(order[0] as PlayerId, { type: "pickNobles", nobles: randomTrio(rng) });
      for (const p of order) apply(p, { type: "pickNobles", nobles: randomTrio(rng) });
      movesThisTurn = 0;
      continue;
    }
    const [active] = troubadour.actors(state);
    const move = chooseMove(state, active as PlayerId, rng, movesThisTurn);
    movesThisTurn = move.type === "endTurn" ? 0 : movesThisTurn + 1;
    apply(active as PlayerId, move);
  }
  checkInvariants(state);
  return { final: state, steps, rounds: state.round };
}

function replay(players: PlayerId[], seed: number, steps: Step[]): TroubadourState {
  let state = troubadour.setup(players, { roundCap: ROUND_CAP }, seed);
  for (const { player, move } of steps) {
    const result = troubadour.apply(state, player, structuredClone(move));
    if (!result.ok) throw new Error(`replay diverged at ${JSON.stringify(move)}`);
    state = result.state;
  }
  return state;
}

/** Plays `games` generated games of `playerCount` players; returns how many ended in a win. */
function runGames(playerCount: number, games: number): number {
  const players = ["p1", "p2", "p3", "p4"].slice(0, playerCount);
  let wins = 0;
  fc.assert(
    fc.property(GAMES, (game) => {
      const played = playRandomGame(players, game);
      if (played === null) return;
      const { final, steps } = played;
      ensure(final.phase === "over" && troubadour.outcome(final) !== null, "the game did not end");
      if (final.winner) wins++;
      ensure(
        JSON.stringify(replay(players, game.seed, steps)) === JSON.stringify(final),
        "the replay differs",
      );
    }),
    propertyRuns(games, FC_SEED + playerCount),
  );
  return wins;
}

// Every game ends (a win, or a draw at the round cap); the assertions that matter are the invariants
// checked inside runGames: all 40 cards of each player accounted for, no face-down village card,
// draw pile card, buried waste card or unrevealed pick in any view, exact replay, unmutated input.
describe("Troubadour property: random legal games keep every invariant", () => {
  it("two players, 1,000 games", () => {
    expect(runGames(2, 1000)).toBeGreaterThan(0);
  });

  it.each([3, 4])("%i players, 150 games", (playerCount) => {
    expect(runGames(playerCount, 150)).toBeGreaterThan(0);
  });
});
