import { describe, expect, it } from "vitest";
import { GAMES } from "../../src/games/index.js";
import { assertGames } from "../support/property/harness.js";
import { PROPERTY_SPECS } from "../support/property/specs.js";

describe("the game kit's contract, for every game", () => {
  it("every listed game has its property spec (test/games/<id>/property.ts), testing its own engine", () => {
    expect(Object.keys(PROPERTY_SPECS).sort()).toEqual([...GAMES.ids].sort());
    for (const game of GAMES.list) expect(PROPERTY_SPECS[game.id]?.engine, game.id).toBe(game.engine);
  });

  for (const [id, spec] of Object.entries(PROPERTY_SPECS)) {
    it(`${id}: ${spec.games} generated games — listed moves accepted, unlisted refused, invariant, no leak, exact replay`, () => {
      expect(spec.games).toBeGreaterThanOrEqual(1000);
      assertGames(spec, spec.games);
    });
  }
});
