import { describe, expect, it } from "vitest";
import { cardCode, standardDeck } from "../../src/engine/core/cards.js";
import type { PlayerId } from "../../src/engine/core/game.js";
import { createRng, nextInt, type RngState } from "../../src/engine/core/rng.js";
import { twelves } from "../../src/engine/games/twelves/index.js";
import type { TwelvesMove, TwelvesState } from "../../src/engine/games/twelves/types.js";

const PLAYERS = ["p1", "p2"];
const GAMES = 2_000;
const MAX_STEPS = 500;
const DECK = standardDeck().map(cardCode).sort();

interface Played {
  seed: number;
  moves: [PlayerId, TwelvesMove][];
  final: TwelvesState;
}

function everyCard(state: TwelvesState): string[] {
  const pairs = Object.values(state.pairs).flatMap((ps) => ps.flat());
  return [...state.columns.flat(), ...pairs].map(cardCode).sort();
}

/** Plays one game with random legal moves by random actors, checking invariants after every move. */
function playRandom(seed: number, chooser: RngState): Played {
  let state = twelves.setup(PLAYERS, {}, seed);
  const moves: [PlayerId, TwelvesMove][] = [];
  for (let step = 0; step < MAX_STEPS && state.phase !== "over"; step++) {
    const actors = twelves.actors(state);
    const player = actors[nextInt(chooser, actors.length)] as PlayerId;
    const legal = twelves.legalMoves(state, player);
    expect(legal.length).toBeGreaterThan(0);
    const move = legal[nextInt(chooser, legal.length)] as TwelvesMove;
    const before = JSON.stringify(state);
    const result = twelves.apply(state, player, move);
    expect(JSON.stringify(state)).toBe(before);
    if (!result.ok) throw new Error(`legal move refused: ${result.error.key}`);
    state = result.state;
    moves.push([player, move]);
    expect(everyCard(state)).toEqual(DECK);
  }
  return { seed, moves, final: state };
}

describe("Twelves: random legal games", () => {
  it(`${GAMES} games end, keep all 52 cards, never mutate input, and replay exactly`, () => {
    const chooser = createRng(2024);
    for (let game = 0; game < GAMES; game++) {
      const { seed, moves, final } = playRandom(1000 + game, chooser);
      expect(final.phase).toBe("over");
      const outcome = twelves.outcome(final);
      expect(outcome).not.toBeNull();
      const results = PLAYERS.map((p) => outcome?.results[p]?.result);
      expect(results[0]).toBe(results[1]);
      if (final.endReason === "noPair") {
        const stuck = final.players[final.activeSeat] as PlayerId;
        expect(twelves.legalMoves({ ...final, phase: "play" }, stuck)).toEqual([]);
      }
      let replay = twelves.setup(PLAYERS, {}, seed);
      for (const [player, move] of moves) {
        const result = twelves.apply(replay, player, move);
        if (!result.ok) throw new Error("replay refused a move");
        replay = result.state;
      }
      expect(replay).toEqual(final);
    }
  });

  it("junk moves are refused without throwing", () => {
    const chooser = createRng(9);
    const junk: unknown[] = [
      null,
      42,
      "confirm",
      [],
      { type: "takePair", columns: [1, 1, 1] },
      { type: "takePair", columns: [Number.NaN, 2] },
      { type: "propose", twelves: 5, starter: "p1" },
      { type: "nope" },
    ];
    for (let game = 0; game < 200; game++) {
      const { final, moves } = playRandom(50_000 + game, chooser);
      let state = twelves.setup(PLAYERS, {}, 50_000 + game);
      const refusesJunk = () => {
        for (const bad of junk) {
          for (const who of [...PLAYERS, "stranger"]) {
            expect(twelves.apply(state, who, bad as TwelvesMove).ok).toBe(false);
          }
        }
      };
      for (const [player, move] of moves) {
        refusesJunk();
        const result = twelves.apply(state, player, move);
        if (!result.ok) throw new Error("replay refused a move");
        state = result.state;
      }
      refusesJunk();
      expect(state).toEqual(final);
    }
  });
});
