import { describe, expect, it } from "vitest";
import { type Card, cardCode, SUITS, standardDeck } from "../../../src/engine/core/cards.js";
import { trickRank } from "../../../src/engine/core/tricks.js";
import { GAMES } from "../../../src/games/index.js";
import {
  controllerOf,
  nextPlace,
  onevstwo,
  type Place,
  rolesOf,
  stackOf,
} from "../../../src/games/onevstwo/engine/index.js";
import { hasKey } from "../../../src/i18n/index.js";
import { ANN, BOB, CAT, contract, DAN, FOUR, must, sortedCodes, stackIndex, THREE } from "./fixtures.js";

/** Grouped by suit (each suit in one run, `first` leading if given), A K Q … 2 within a suit. */
function expectSortedBySuitHighToLow(list: Card[], first: string | null = null): void {
  const runs: string[] = [];
  for (const card of list) if (runs.at(-1) !== card.suit) runs.push(card.suit);
  expect(new Set(runs).size, `suits in one run each: ${list.map(cardCode).join(" ")}`).toBe(runs.length);
  if (first !== null && list.some((card) => card.suit === first)) expect(runs[0]).toBe(first);
  for (let i = 1; i < list.length; i++) {
    const [a, b] = [list[i - 1] as Card, list[i] as Card];
    if (a.suit === b.suit) expect(trickRank(a), list.map(cardCode).join(" ")).toBeGreaterThan(trickRank(b));
  }
}

describe("One versus Two: the engine", () => {
  it("is registered under its id, for 3 or 4 players", () => {
    expect(GAMES.get("onevstwo")?.engine).toBe(onevstwo);
    expect(onevstwo.id).toBe("onevstwo");
    expect([onevstwo.minPlayers, onevstwo.maxPlayers]).toEqual([3, 4]);
  });

  it("options shortMatch, autoplay and hints, all off by default", () => {
    expect(onevstwo.options).toEqual([
      { name: "shortMatch", kind: "boolean", descriptionKey: "onevstwo.option.shortMatch", default: false },
      { name: "autoplay", kind: "boolean", descriptionKey: "onevstwo.option.autoplay", default: false },
      { name: "hints", kind: "boolean", descriptionKey: "core.option.hints", default: false },
    ]);
    for (const option of onevstwo.options) expect(hasKey(option.descriptionKey)).toBe(true);
    expect(onevstwo.setup(THREE, {}, 1).options).toEqual({ shortMatch: false, autoplay: false });
    expect(onevstwo.setup(THREE, { shortMatch: true, autoplay: true }, 1).options).toEqual({
      shortMatch: true,
      autoplay: true,
    });
  });

  it("a score is the match total, higher is better", () => {
    expect(onevstwo.score).toEqual({ better: "higher", unitKey: "onevstwo.scoreUnit" });
    expect(hasKey("onevstwo.scoreUnit")).toBe(true);
  });
});

describe("A deal: 52 cards into 4 stacks of 13; rank A K Q J 10 … 2", () => {
  for (const players of [THREE, FOUR]) {
    it(`${players.length} players: four stacks of 13, the whole deck, kept as the round's deal`, () => {
      const state = onevstwo.setup(players, {}, 5);
      expect(state.deal).toHaveLength(4);
      expect(state.stacks).toHaveLength(4);
      for (const stack of state.stacks) expect(stack).toHaveLength(13);
      expect(sortedCodes(state.stacks.flat())).toEqual(sortedCodes(standardDeck()));
      expect(state.stacks).toEqual(state.deal);
      expect(state.phase).toBe("contract");
      expect(state.contract).toBeNull();
    });
  }

  it("different seeds shuffle differently; the same seed deals the same", () => {
    expect(onevstwo.setup(THREE, {}, 5)).toEqual(onevstwo.setup(THREE, {}, 5));
    expect(onevstwo.setup(THREE, {}, 5).deal).not.toEqual(onevstwo.setup(THREE, {}, 6).deal);
  });

  it("3 players: the 4th stack is the dummy, laid open, sorted by suit, high to low (A first)", () => {
    for (const seed of [1, 2, 3]) {
      const state = onevstwo.setup(THREE, {}, seed);
      const view = onevstwo.publicView(state);
      expect(sortedCodes(view.dummy)).toEqual(sortedCodes(state.stacks[3] as Card[]));
      expectSortedBySuitHighToLow(view.dummy);
    }
  });

  it("the dummy shows trumps first once the contract is known", () => {
    for (const trump of SUITS) {
      const state = must(onevstwo.setup(THREE, {}, 2), ANN, contract(7, trump)).state;
      expectSortedBySuitHighToLow(onevstwo.publicView(state).dummy, trump);
      expectSortedBySuitHighToLow(onevstwo.privateView(state, BOB).hand, trump);
    }
  });

  it("each player's private hand is their own stack, sorted by suit, high to low", () => {
    const state = onevstwo.setup(THREE, {}, 4);
    THREE.forEach((player, seat) => {
      const hand = onevstwo.privateView(state, player).hand;
      expect(sortedCodes(hand)).toEqual(sortedCodes(state.stacks[seat] as Card[]));
      expectSortedBySuitHighToLow(hand);
    });
  });
});

describe("Roles and seating (rulings: join order clockwise, 'left' is the next seat)", () => {
  it("3 players: seat 1 is the first boss, seat 2 the left louse, seat 3 the right louse", () => {
    const state = onevstwo.setup(THREE, {}, 1);
    const roles = { boss: ANN, left: BOB, right: CAT, servant: null, dummyController: ANN };
    expect(rolesOf(state)).toEqual(roles);
    expect(onevstwo.publicView(state).roles).toEqual(roles);
    expect(onevstwo.publicView(state).pairs).toBeNull();
    expect(onevstwo.actors(state)).toEqual([ANN]);
  });

  it("4 players: the partner opposite is the servant; seats 1 & 3 and 2 & 4 are the pairs", () => {
    const state = onevstwo.setup(FOUR, {}, 1);
    const roles = { boss: ANN, left: BOB, right: DAN, servant: CAT, dummyController: CAT };
    expect(rolesOf(state)).toEqual(roles);
    expect(onevstwo.publicView(state).roles).toEqual(roles);
    expect(onevstwo.publicView(state).pairs).toEqual([
      [ANN, CAT],
      [BOB, DAN],
    ]);
    expect(onevstwo.actors(state)).toEqual([ANN]);
  });

  it("places go clockwise boss → left → dummy → right → boss", () => {
    const order: Place[] = ["boss", "left", "dummy", "right"];
    for (const [i, place] of order.entries()) expect(nextPlace(place)).toBe(order[(i + 1) % 4]);
  });

  it("stacks: 3 players the dummy is the 4th stack; 4 players the dummy is the servant's own stack", () => {
    for (const players of [THREE, FOUR]) {
      for (const boss of [0, 1, 2]) {
        const state = onevstwo.setup(players, {}, 1);
        state.roundFirstBoss = boss;
        for (const place of ["boss", "left", "dummy", "right"] as Place[]) {
          expect(stackOf(state, place), `${players.length}p boss ${boss} ${place}`).toBe(
            stackIndex(players.length, boss, place),
          );
        }
      }
    }
  });

  it("the dummy is controlled by the boss with 3 players and by the servant with 4", () => {
    const three = onevstwo.setup(THREE, {}, 1);
    expect(controllerOf(three, "dummy")).toBe(ANN);
    expect([controllerOf(three, "boss"), controllerOf(three, "left"), controllerOf(three, "right")]).toEqual([
      ANN,
      BOB,
      CAT,
    ]);
    const four = onevstwo.setup(FOUR, {}, 1);
    expect(controllerOf(four, "dummy")).toBe(CAT);
    expect([controllerOf(four, "boss"), controllerOf(four, "left"), controllerOf(four, "right")]).toEqual([
      ANN,
      BOB,
      DAN,
    ]);
  });
});
