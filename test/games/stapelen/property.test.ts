import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { placements, stapelen } from "../../../src/games/stapelen/engine/index.js";
import type { StapelenState } from "../../../src/games/stapelen/engine/types.js";
import {
  expectCooperativeEnd,
  expectExactReplay,
  expectJunkRefused,
  expectWholeDeck,
  playGenerated,
} from "../../support/property/coopHarness.js";
import { generatedGame, propertyRuns } from "../../support/property/harness.js";

const GAMES = 2_000;
const JUNK_GAMES = 100;
const MAX_STEPS = 100;

function check(state: StapelenState): void {
  const onFoundations = Object.values(state.foundations).flatMap((fs) => fs.flat());
  expectWholeDeck([...state.columns.flat(), ...onFoundations]);
  if ("rng" in stapelen.publicView(state)) throw new Error("the public view carries the RNG");
}

describe("Stacking: random legal games", () => {
  it(`${GAMES} games end, keep all 52 cards, never mutate input, and replay exactly`, () => {
    fc.assert(
      fc.property(generatedGame({}), (game) => {
        const played = playGenerated(stapelen, game, check, MAX_STEPS);
        if (played === null) return;
        const { final } = played;
        expect(final.phase).toBe("over");
        expect(played.moves.length).toBeLessThanOrEqual(52);
        expectCooperativeEnd(stapelen, final);
        if (final.endReason === "stuck") {
          expect(placements(final, final.players[final.activeSeat] as PlayerId)).toEqual([]);
        } else {
          expect(played.moves).toHaveLength(52);
        }
        expectExactReplay(stapelen, played);
      }),
      propertyRuns(GAMES),
    );
  });

  it("junk moves are refused without throwing, in every state of a game", () => {
    const junk: unknown[] = [
      null,
      "place",
      { type: "place" },
      { type: "place", column: 0, foundation: 3 },
      { type: "place", column: 13, foundation: 0 },
      { type: "place", column: Number.POSITIVE_INFINITY, foundation: 0 },
      { type: "pass" },
    ];
    fc.assert(
      fc.property(generatedGame({}), (game) => {
        playGenerated(stapelen, game, (state) => expectJunkRefused(stapelen, state, junk), MAX_STEPS);
      }),
      propertyRuns(JUNK_GAMES),
    );
  });
});
