import { describe, expect, it } from "vitest";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { createRng } from "../../../src/engine/core/rng.js";
import { twelves } from "../../../src/games/twelves/engine/index.js";
import type { TwelvesState } from "../../../src/games/twelves/engine/types.js";
import {
  expectCooperativeEnd,
  expectExactReplay,
  expectJunkRefused,
  expectWholeDeck,
  PLAYERS,
  playRandom,
} from "../../support/property/coopHarness.js";
import { spec } from "./property.js";

const GAMES = 2_000;
const MAX_STEPS = 500;

function check(state: TwelvesState): void {
  const pairs = Object.values(state.pairs).flatMap((ps) => ps.flat());
  expectWholeDeck([...state.columns.flat(), ...pairs]);
  spec.invariant(state);
  const leak = spec.publicLeak(state, twelves.publicView(state));
  if (leak) throw new Error(leak);
}

describe("Twelves: random legal games", () => {
  it(`${GAMES} games end, keep all 52 cards, never mutate input, and replay exactly`, () => {
    const chooser = createRng(2024);
    const ends = { allTaken: 0, noPair: 0 };
    for (let game = 0; game < GAMES; game++) {
      const played = playRandom(twelves, 1000 + game, chooser, check, MAX_STEPS);
      const { final } = played;
      expect(final.phase).toBe("over");
      expectCooperativeEnd(twelves, final);
      if (final.endReason === "noPair") {
        const stuck = final.players[final.activeSeat] as PlayerId;
        expect(twelves.legalMoves({ ...final, phase: "play" }, stuck)).toEqual([]);
      }
      ends[final.endReason ?? "noPair"]++;
      expectExactReplay(twelves, played);
    }
    expect(ends.allTaken + ends.noPair).toBe(GAMES);
  });

  it("junk moves are refused without throwing, in every state of a game", () => {
    const chooser = createRng(9);
    const junk: unknown[] = [
      null,
      42,
      "confirm",
      [],
      { type: "takePair", columns: [1, 1, 1] },
      { type: "takePair", columns: [Number.NaN, 2] },
      { type: "takePair", columns: [0, 99] },
      { type: "propose", twelves: 5, starter: "p1" },
      { type: "propose", twelves: "stranger", starter: "p1" },
      { type: "nope" },
    ];
    for (let game = 0; game < 100; game++) {
      const { states } = playRandom(twelves, 50_000 + game, chooser, () => {}, MAX_STEPS);
      for (const state of states) expectJunkRefused(twelves, state, junk);
    }
    expect(PLAYERS).toHaveLength(2);
  });
});
