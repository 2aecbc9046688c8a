import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { twelves } from "../../../src/games/twelves/engine/index.js";
import type { TwelvesState } from "../../../src/games/twelves/engine/types.js";
import {
  expectCooperativeEnd,
  expectExactReplay,
  expectJunkRefused,
  expectWholeDeck,
  playGenerated,
} from "../../support/property/coopHarness.js";
import { generatedGame, propertyRuns } from "../../support/property/harness.js";
import { spec } from "./property.js";

const GAMES = 2_000;
const JUNK_GAMES = 100;
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
    const ends = { allTaken: 0, noPair: 0 };
    fc.assert(
      fc.property(generatedGame({}), (game) => {
        const played = playGenerated(twelves, game, check, MAX_STEPS);
        if (played === null) return;
        const { final } = played;
        expect(final.phase).toBe("over");
        expectCooperativeEnd(twelves, final);
        if (final.endReason === "noPair") {
          const stuck = final.players[final.activeSeat] as PlayerId;
          expect(twelves.legalMoves({ ...final, phase: "play" }, stuck)).toEqual([]);
        }
        ends[final.endReason ?? "noPair"]++;
        expectExactReplay(twelves, played);
      }),
      propertyRuns(GAMES),
    );
    expect(ends.allTaken + ends.noPair).toBe(GAMES);
  });

  it("junk moves are refused without throwing, in every state of a game", () => {
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
    fc.assert(
      fc.property(generatedGame({}), (game) => {
        playGenerated(twelves, game, (state) => expectJunkRefused(twelves, state, junk), MAX_STEPS);
      }),
      propertyRuns(JUNK_GAMES),
    );
  });
});
