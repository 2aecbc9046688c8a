import { describe, expect, it } from "vitest";
import { RuleError } from "../../../src/engine/core/errors.js";
import { GAMES } from "../../../src/games/index.js";
import { CARD_COUNT, handSizeFor, theGame } from "../../../src/games/thegame/engine/index.js";

const seats = (n: number): string[] => Array.from({ length: n }, (_, i) => `p${i + 1}`);

describe("The Game: material and set-up", () => {
  it("is registered as 'thegame' for 1 to 5 players with the expert and smallerHands options", () => {
    expect(GAMES.get("thegame")?.engine).toBe(theGame);
    expect(theGame.minPlayers).toBe(1);
    expect(theGame.maxPlayers).toBe(5);
    expect(theGame.options.map((o) => [o.name, o.kind, o.descriptionKey, o.default])).toEqual([
      ["expert", "boolean", "thegame.option.expert", false],
      ["smallerHands", "boolean", "thegame.option.smallerHands", false],
    ]);
  });

  it("uses the 98 cards 2..99, each exactly once, and the four piles start empty", () => {
    for (let n = 1; n <= 5; n++) {
      const state = theGame.setup(seats(n), {}, 7 + n);
      const all = [...state.drawPile, ...Object.values(state.hands).flat()].sort((a, b) => a - b);
      expect(all).toEqual(Array.from({ length: CARD_COUNT }, (_, i) => i + 2));
      expect(state.piles).toEqual([[], [], [], []]);
      expect(theGame.publicView(state).piles.map((p) => p.top)).toEqual([1, 1, 100, 100]);
    }
  });

  it("shuffles with the seeded RNG: the same seed deals the same game, another seed another", () => {
    const a = theGame.setup(seats(3), {}, 42);
    expect(theGame.setup(seats(3), {}, 42)).toEqual(a);
    expect(theGame.setup(seats(3), {}, 43).drawPile).not.toEqual(a.drawPile);
  });

  it("deals 8 cards for 1 player, 7 for 2 and 6 for 3 to 5; the rest is the draw pile", () => {
    const expected = [8, 7, 6, 6, 6];
    for (let n = 1; n <= 5; n++) {
      const state = theGame.setup(seats(n), {}, n);
      for (const player of state.players) expect(state.hands[player]).toHaveLength(expected[n - 1] as number);
      expect(state.drawPile).toHaveLength(CARD_COUNT - n * (expected[n - 1] as number));
      expect(theGame.publicView(state).handSize).toBe(expected[n - 1]);
    }
  });

  it("variant smaller hands: one card fewer (7 / 6 / 5)", () => {
    const expected = [7, 6, 5, 5, 5];
    for (let n = 1; n <= 5; n++) {
      const state = theGame.setup(seats(n), { smallerHands: true }, n);
      for (const player of state.players) expect(state.hands[player]).toHaveLength(expected[n - 1] as number);
      expect(handSizeFor(n, state.options)).toBe(expected[n - 1]);
    }
  });

  it("both variants may be combined, and unknown or non-boolean option values count as off", () => {
    expect(theGame.setup(seats(2), { expert: true, smallerHands: true }, 1).options).toEqual({
      expert: true,
      smallerHands: true,
    });
    expect(theGame.setup(seats(2), { expert: "yes", other: true }, 1).options).toEqual({
      expert: false,
      smallerHands: false,
    });
  });

  it("refuses 0 or 6 players", () => {
    expect(() => theGame.setup([], {}, 1)).toThrow(RuleError);
    expect(() => theGame.setup(seats(6), {}, 1)).toThrow(RuleError);
  });

  it("1 player: the solo game starts at once with that player active", () => {
    const state = theGame.setup(["solo"], {}, 5);
    expect(state.phase).toBe("play");
    expect(theGame.actors(state)).toEqual(["solo"]);
    expect(theGame.publicView(state).active).toBe("solo");
  });

  it("5 players: every seat gets 6 cards and the claim phase is open to all five", () => {
    const state = theGame.setup(seats(5), {}, 5);
    expect(state.phase).toBe("claim");
    expect(theGame.actors(state)).toEqual(seats(5));
    expect(state.drawPile).toHaveLength(68);
  });
});
