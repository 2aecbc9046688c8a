import { describe, expect, it } from "vitest";
import { isRolePair, ROLE_PAIRS, TARGET } from "../../../src/games/twelves/engine/index.js";
import type { TwelvesRole } from "../../../src/games/twelves/engine/types.js";

const ROLES: TwelvesRole[] = ["twelve", "fourteen"];

describe("Twelves: each role's pairs and target (§2)", () => {
  it("the twelves add up to 12 and the fourteens to 14", () => {
    expect(TARGET).toEqual({ twelve: 12, fourteen: 14 });
  });

  it("a role's listed pairs are exactly the rank pairs the engine accepts for it (Q+K among the twelves)", () => {
    for (const role of ROLES) {
      const accepted: string[] = [];
      for (let a = 1; a <= 13; a++)
        for (let b = a; b <= 13; b++)
          if (isRolePair(role, { rank: a, suit: "S" }, { rank: b, suit: "H" })) accepted.push(`${a}+${b}`);
      const listed = ROLE_PAIRS[role].map(([a, b]) => `${Math.min(a, b)}+${Math.max(a, b)}`);
      expect(listed.sort()).toEqual(accepted.sort());
    }
    expect(ROLE_PAIRS.twelve[0]).toEqual([12, 13]);
  });

  it("every listed pair but Q+K adds up to its role's target", () => {
    for (const role of ROLES)
      for (const [a, b] of ROLE_PAIRS[role]) if (!(a === 12 && b === 13)) expect(a + b).toBe(TARGET[role]);
  });
});
