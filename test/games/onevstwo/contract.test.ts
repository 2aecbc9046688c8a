import { describe, expect, it } from "vitest";
import { SUITS, type Suit } from "../../../src/engine/core/cards.js";
import { onevstwo } from "../../../src/games/onevstwo/engine/index.js";
import {
  ANN,
  BOB,
  CAT,
  codes,
  contract,
  DAN,
  FOUR,
  handOf,
  must,
  play,
  refusal,
  THREE,
  table,
} from "./fixtures.js";

const fresh = () => onevstwo.setup(THREE, {}, 9);

describe("Contract: the boss, looking at own hand and the dummy, announces 1..13 tricks and a trump or no-trump", () => {
  it("the boss sees own hand and the open dummy before announcing", () => {
    const state = fresh();
    const view = onevstwo.privateView(state, ANN);
    expect(view.canAnnounce).toBe(true);
    expect(view.hand).toHaveLength(13);
    expect(view.dummy).toHaveLength(13);
    expect(view.play).toBeNull();
    for (const louse of [BOB, CAT]) expect(onevstwo.privateView(state, louse).canAnnounce).toBe(false);
  });

  it("ruling 1 to 13: every count with every trump or no-trump is accepted, and nothing else is offered", () => {
    const state = fresh();
    const offered = onevstwo.legalMoves(state, ANN);
    const expected = [];
    for (let tricks = 1; tricks <= 13; tricks++) {
      for (const trump of [...SUITS, null] as (Suit | null)[]) expected.push(contract(tricks, trump));
    }
    expect(offered).toHaveLength(65);
    expect(offered).toEqual(expect.arrayContaining(expected));
    for (const move of expected)
      expect(must(state, ANN, move).state.contract).toEqual({
        tricks: (move as { tricks: number }).tricks,
        trump: (move as { trump: Suit | null }).trump,
      });
  });

  it("ruling: a contract outside 1..13 or with an unknown trump is refused", () => {
    const state = fresh();
    for (const tricks of [0, 14, -1, 7.5, Number.NaN]) refusal(state, ANN, contract(tricks, "S"));
    refusal(state, ANN, { type: "contract", tricks: "7", trump: "S" });
    refusal(state, ANN, { type: "contract", tricks: 7, trump: "X" });
    refusal(state, ANN, { type: "contract", tricks: 7, trump: "♠" });
    refusal(state, ANN, { type: "contract", tricks: 7 });
  });

  it("only the boss announces: the lice are refused and have no moves", () => {
    const state = fresh();
    for (const louse of [BOB, CAT]) {
      expect(onevstwo.legalMoves(state, louse)).toEqual([]);
      refusal(state, louse, contract(7, "S"));
    }
    const four = onevstwo.setup(FOUR, {}, 9);
    for (const other of [BOB, CAT, DAN]) refusal(four, other, contract(7, "S"));
  });

  it("no card is played before the contract: not even the left louse's lead or the boss's", () => {
    const state = fresh();
    refusal(state, BOB, play("AS"));
    for (const card of [...handOf(state, "boss"), ...handOf(state, "dummy")]) {
      refusal(state, ANN, { type: "play", card });
    }
  });

  it("ruling: public at once — in the public view and announced as an event", () => {
    const { state, events } = must(fresh(), ANN, contract(10, "H"));
    expect(onevstwo.publicView(state).contract).toEqual({ tricks: 10, trump: "H" });
    expect(onevstwo.privateView(state, BOB).contract).toEqual({ tricks: 10, trump: "H" });
    expect(state.phase).toBe("play");
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).toContain(ANN);
  });

  it("ruling: announced once, before the first lead; it cannot be changed", () => {
    const announced = must(fresh(), ANN, contract(10, "H")).state;
    refusal(announced, ANN, contract(11, "S"));
    expect(onevstwo.privateView(announced, ANN).canAnnounce).toBe(false);
    // Even when the boss must act later (leading a trick), no contract move is accepted or offered.
    const bossLeads = table({
      contract: { tricks: 10, trump: "H" },
      leader: "boss",
      hands: { boss: "AS 2S", left: "3S 4S", dummy: "5S 6S", right: "7S 8S" },
    });
    expect(onevstwo.actors(bossLeads)).toEqual([ANN]);
    refusal(bossLeads, ANN, contract(11, "S"));
    expect(onevstwo.legalMoves(bossLeads, ANN).every((m) => m.type === "play")).toBe(true);
    const offered = onevstwo.legalMoves(bossLeads, ANN).flatMap((m) => (m.type === "play" ? [m.card] : []));
    expect(codes(offered).sort()).toEqual(["2S", "AS"]);
  });
});
