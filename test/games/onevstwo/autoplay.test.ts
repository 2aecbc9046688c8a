import { describe, expect, it } from "vitest";
import { onevstwo } from "../../../src/games/onevstwo/engine/index.js";
import { ANN, actor, BOB, CAT, codes, FOUR, must, play, table } from "./fixtures.js";

const followOnly = { left: "5D 3H", dummy: "6D 4H", right: "9D 5H", boss: "7D 6H" };

describe("Option autoplay (default off): a seat with exactly one legal card plays it automatically", () => {
  it("off: a single legal card still waits for its player", () => {
    const after = must(table({ hands: followOnly }), BOB, play("5D")).state;
    expect(after.trick).toHaveLength(1);
    expect(actor(after)).toBe(ANN);
    expect(onevstwo.privateView(after, ANN).play?.legal).toEqual([{ rank: 6, suit: "D" }]);
  });

  it("on: forced cards are played at once, the dummy's too, until a real choice", () => {
    const state = table({
      hands: { ...followOnly, right: "9D 8D" },
      options: { autoplay: true },
    });
    const after = must(state, BOB, play("5D")).state;
    expect(after.trick.map((pc) => [pc.place, codes([pc.card])[0]])).toEqual([
      ["left", "5D"],
      ["dummy", "6D"],
    ]);
    expect(actor(after)).toBe(CAT);
  });

  it("on: through the end of the trick, the next lead and the last trick, to the next game's contract", () => {
    for (const players of [undefined, FOUR]) {
      const state = table({
        players,
        contract: { tricks: 2, trump: null },
        hands: followOnly,
        bossTricks: 0,
        liceTricks: 11,
        options: { autoplay: true },
      });
      const { state: after, events } = must(state, BOB, play("5D"));
      expect(after.sheet).toHaveLength(1);
      expect(after.sheet[0]).toMatchObject({ tricksWon: 1, score: -50 });
      expect(after.phase).toBe("contract");
      expect(onevstwo.actors(after)).toEqual([BOB]);
      expect(events.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("on: never decides a real choice, and the contract is never automatic", () => {
    const state = table({ hands: followOnly, options: { autoplay: true } });
    expect(actor(state)).toBe(BOB);
    expect(state.trick).toEqual([]);
    const fresh = onevstwo.setup(FOUR, { autoplay: true }, 1);
    expect(fresh.phase).toBe("contract");
  });
});
