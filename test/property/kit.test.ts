import { describe, expect, it } from "vitest";
import { PROPERTY_SPECS } from "./games/index.js";
import { assertGames } from "./harness.js";

describe("the game kit's contract, for every game", () => {
  for (const [id, spec] of Object.entries(PROPERTY_SPECS)) {
    it(`${id}: ${spec.games} generated games — listed moves accepted, unlisted refused, invariant, no leak, exact replay`, () => {
      expect(spec.games).toBeGreaterThanOrEqual(1000);
      assertGames(spec, spec.games);
    });
  }
});
