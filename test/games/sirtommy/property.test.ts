import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextInt, type RngState } from "../../../src/engine/core/rng.js";
import { sirTommy } from "../../../src/games/sirtommy/engine/index.js";
import type { SirTommyMove, SirTommyState } from "../../../src/games/sirtommy/engine/types.js";
import {
  expectCooperativeEnd,
  expectExactReplay,
  expectJunkRefused,
  playGenerated,
} from "../../support/property/coopHarness.js";
import { generatedGame, propertyRuns } from "../../support/property/harness.js";
import { spec } from "./property.js";

/**
 * Sir Tommy's own checks on top of the kit's contract harness (`test/property/kit.test.ts`, which
 * plays 1,000 games with `property.ts`): that greedy play reaches every ending, super-winner included.
 */
const GAMES = 300;
const JUNK_GAMES = 60;
const MAX_STEPS = 2_000;

function check(state: SirTommyState): void {
  spec.invariant(state);
  const leak = spec.publicLeak(state, sirTommy.publicView(state));
  if (leak) throw new Error(`public view shows ${leak}`);
}

/** Prefers putting cards on foundations and never passes a playable turn: wins far more often. */
function greedy(legal: SirTommyMove[], rng: RngState): SirTommyMove {
  const toFoundation = legal.filter((m) => m.type === "toFoundation");
  const pool = toFoundation.length > 0 ? toFoundation : legal.filter((m) => m.type !== "pass");
  const choices = pool.length > 0 ? pool : legal;
  return choices[nextInt(rng, choices.length)] as SirTommyMove;
}

describe("Sir Tommy: random legal games", () => {
  it(`${GAMES} games end in every way, keep all 52 cards, hide the stock, and replay exactly`, () => {
    const ends = { allPlaced: 0, twoPasses: 0, noMoves: 0, superWinner: 0 };
    // Half the games greedy, half uniformly random.
    fc.assert(
      fc.property(generatedGame({ greedy: fc.boolean() }), (game) => {
        const played = playGenerated(sirTommy, game, check, MAX_STEPS, game.greedy ? greedy : undefined);
        if (played === null) return;
        const { final } = played;
        expect(final.phase).toBe("over");
        expectCooperativeEnd(sirTommy, final);
        ends[final.endReason ?? "noMoves"]++;
        if (sirTommy.outcome(final)?.summary.key === "sirtommy.outcome.superWinner") ends.superWinner++;
        expectExactReplay(sirTommy, played);
      }),
      propertyRuns(GAMES),
    );
    expect(ends.allPlaced + ends.twoPasses + ends.noMoves).toBe(GAMES);
    for (const count of Object.values(ends)) expect(count).toBeGreaterThan(0);
    console.info(`Sir Tommy endings over ${GAMES} games: ${JSON.stringify(ends)}`);
  });

  it("junk moves are refused without throwing, in every state of a game", () => {
    const junk: unknown[] = [
      null,
      "pass",
      { type: "toFoundation", from: { kind: "stock", index: 0 }, foundation: 0 },
      { type: "toFoundation", from: { kind: "drawn", index: 3 }, foundation: 0 },
      { type: "toFoundation", from: { kind: "row", row: 4 }, foundation: 0 },
      { type: "toFoundation", from: { kind: "row", row: 0 }, foundation: 4 },
      { type: "toRow", drawnIndex: 3, row: 0 },
      { type: "toRow", drawnIndex: 0, row: -1 },
      { type: "propose", ascending: "stranger" },
      { type: "draw" },
    ];
    fc.assert(
      fc.property(generatedGame({}), (game) => {
        const junkRefused = (state: SirTommyState) => expectJunkRefused(sirTommy, state, junk);
        playGenerated(sirTommy, game, junkRefused, MAX_STEPS, greedy);
      }),
      propertyRuns(JUNK_GAMES),
    );
  });
});
