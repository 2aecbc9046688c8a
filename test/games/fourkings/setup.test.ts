import { describe, expect, it } from "vitest";
import { fourKings } from "../../../src/games/fourkings/engine/index.js";
import { GAMES } from "../../../src/games/index.js";
import { hasKey } from "../../../src/i18n/index.js";
import { allCards, codes, PLAYER } from "./fixtures.js";

describe("Four Kings set-up (§5 Set-up)", () => {
  it("is registered as a one-player game with the peek option", () => {
    expect(GAMES.engines().fourkings).toBe(fourKings);
    expect(fourKings.id).toBe("fourkings");
    expect([fourKings.minPlayers, fourKings.maxPlayers]).toEqual([1, 1]);
    expect(fourKings.options).toEqual([
      { name: "peek", kind: "boolean", descriptionKey: "fourkings.option.peek", default: false },
    ]);
    expect(hasKey("fourkings.option.peek")).toBe(true);
  });

  it("refuses any number of players but one", () => {
    expect(() => fourKings.setup([], {}, 1)).toThrow();
    expect(() => fourKings.setup(["a", "b"], {}, 1)).toThrow();
  });

  it("controls the 12 cards A, 2 and 3 at the start", () => {
    const state = fourKings.setup([PLAYER], {}, 7);
    expect(state.controlled).toHaveLength(12);
    expect(state.controlled.every((c) => c.rank <= 3)).toBe(true);
  });

  it("makes draw pile I of the 12 cards 4–6, II of the 16 cards 7–10 and III of the 12 J, Q, K", () => {
    const [one, two, three] = fourKings.setup([PLAYER], {}, 7).drawPiles;
    expect(one?.map((c) => c.rank).sort((a, b) => a - b)).toEqual([4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6]);
    expect(two).toHaveLength(16);
    expect(two?.every((c) => c.rank >= 7 && c.rank <= 10)).toBe(true);
    expect(three).toHaveLength(12);
    expect(three?.every((c) => c.rank >= 11)).toBe(true);
  });

  it("uses all 52 cards once", () => {
    const state = fourKings.setup([PLAYER], {}, 7);
    expect(new Set(codes(allCards(state))).size).toBe(52);
  });

  it("shuffles each draw pile separately with the seeded RNG", () => {
    const a = fourKings.setup([PLAYER], {}, 1);
    expect(fourKings.setup([PLAYER], {}, 1)).toEqual(a);
    const orders = new Set(
      [2, 3, 4, 5, 6].map((seed) => JSON.stringify(fourKings.setup([PLAYER], {}, seed).drawPiles)),
    );
    expect(orders.size).toBe(5);
    // Each pile on its own varies with the seed.
    for (const pile of [0, 1, 2]) {
      const firsts = new Set(
        [1, 2, 3, 4, 5, 6, 7, 8].map((s) => JSON.stringify(fourKings.setup([PLAYER], {}, s).drawPiles[pile])),
      );
      expect(firsts.size).toBeGreaterThan(1);
    }
  });

  it("starts in round 1 with an empty lost pile, the hand to be chosen first", () => {
    const state = fourKings.setup([PLAYER], { peek: true }, 3);
    expect(state.round).toBe(1);
    expect(state.phase).toBe("chooseHand");
    expect(state.lostPile).toEqual([]);
    expect(state.drawn).toEqual([]);
    expect(state.options.peek).toBe(true);
    expect(fourKings.actors(state)).toEqual([PLAYER]);
    expect(fourKings.outcome(state)).toBeNull();
  });
});
