import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TwelvesMove, TwelvesState } from "../../src/games/twelves/engine/types.js";
import { spec as twelves } from "../games/twelves/property.js";
import {
  assertGames,
  FC_SEED,
  GameFailure,
  gameProperty,
  MoveChoices,
  MoveChoicesArbitrary,
} from "../support/property/harness.js";
import type { PropertySpec } from "../support/property/spec.js";

/**
 * Twelves with a planted fault: the third pair taken vanishes from its taker's pairs. Moves are
 * chosen without the spec's nudge to confirm, so generated games wander through proposals first.
 */
const faulty: PropertySpec<TwelvesState, TwelvesMove> = {
  ...twelves,
  choose: undefined,
  engine: {
    ...twelves.engine,
    apply(state, player, move) {
      const result = twelves.engine.apply(state, player, move);
      if (!result.ok || Object.values(result.state.pairs).flat().length !== 3) return result;
      const pairs = { ...result.state.pairs, [player]: result.state.pairs[player]?.slice(0, -1) ?? [] };
      return { ...result, state: { ...result.state, pairs } };
    },
  },
};

describe("the property harness shrinks a failure", () => {
  it("to the shortest move sequence that breaks the invariant: propose, confirm and three pairs", () => {
    const details = fc.check(gameProperty(faulty), {
      seed: FC_SEED,
      numRuns: 10,
      verbose: fc.VerbosityLevel.Verbose,
    });
    expect(details.failed).toBe(true);
    // The first failing game took more moves to get there: shrinking dropped them.
    const [first] = details.failures;
    expect(first?.[0].choices.read.length).toBeGreaterThan(5);
    const failure = details.errorInstance as GameFailure<TwelvesMove>;
    expect(failure).toBeInstanceOf(GameFailure);
    expect(failure.message).toContain("cards lost or duplicated");
    expect(failure.moves.map(([, move]) => move.type)).toEqual([
      "propose",
      "confirm",
      "takePair",
      "takePair",
      "takePair",
    ]);
    expect(details.counterexample?.[0].choices.read).toHaveLength(5);
  });

  it("reports the seed and the shrunk moves when it fails", () => {
    expect(() => assertGames(faulty, 10)).toThrow(
      new RegExp(`seed: ${FC_SEED}, path: "[\\d:]+"[^]*cards lost[^]*after 5 moves: p\\d \\{"starter"`),
    );
  });

  it("replays at most its budget of moves in all, across shrink steps", () => {
    const played = new MoveChoices(Array.from({ length: 30 }, (_, i) => i + 1));
    readAll(played);
    const arbitrary = new MoveChoicesArbitrary(100);
    const first = [...arbitrary.shrink(played, undefined)];
    expect(movesIn(first)).toBeLessThanOrEqual(100);
    expect(movesIn([...new MoveChoicesArbitrary().shrink(played, undefined)])).toBeGreaterThan(100);
    // fast-check shrinks on from a failing candidate with its context: the budget left.
    const failing = first.at(-1) as fc.Value<MoveChoices>;
    readAll(failing.value);
    const second = [...arbitrary.shrink(failing.value, failing.context)];
    expect(second.length).toBeGreaterThan(0);
    expect(movesIn(first) + movesIn(second)).toBeLessThanOrEqual(100);
  });
});

function readAll(choices: MoveChoices): void {
  while (choices.next() !== undefined);
}

/** How many moves shrink candidates replay at most. */
function movesIn(candidates: fc.Value<MoveChoices>[]): number {
  return candidates.reduce((sum, candidate) => sum + (candidate.value.fixed?.length ?? 0), 0);
}
