import { describe, expect, it } from "vitest";
import { nobleUses } from "../../../src/games/troubadour/engine/index.js";
import { act, acts, boardOf, castleUpTo, codes, labels, playState, refused } from "./fixtures.js";

const targetBoard = {
  draw: ["2C", "3C"],
  villages: [["_4H", "_6S", "9S"], ["_7D", "8C"], [], ["5H"], ["_10C", "_10S", "6D"]],
  castles: [castleUpTo("H", 3)],
};

function attackState(attacker: string[], defender: string[]) {
  return playState({ picks: { a: attacker, b: defender }, boards: { b: targetBoard } });
}

describe("♠J: take all cards of one opponent village and put them, shuffled, face down under their draw pile", () => {
  const state = attackState(["JS", "JH", "QH"], ["QD", "KD", "JC"]);

  it("the whole village, face-down cards too, goes under the target's draw pile", () => {
    const after = acts(state, "a", { type: "spadesJack", target: "b", village: 0 });
    const b = boardOf(after, "b");
    expect(b.villages[0]).toEqual([]);
    expect(labels(b.drawPile).slice(-2)).toEqual(["2C", "3C"]);
    expect(labels(b.drawPile).slice(0, 3).sort()).toEqual(["4H", "6S", "9S"]);
    expect(after.noblesUsed.a).toEqual(["spadesJack"]);
  });

  it("the log line names the face-up cards taken and only counts the face-down ones", () => {
    const { events } = act(state, "a", { type: "spadesJack", target: "b", village: 0 });
    expect(events).toEqual([
      {
        key: "troubadour.event.spadesJack",
        params: { player: "a", target: "b", village: 1, count: 3, cards: "9♠", hidden: 2 },
      },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/4♥|6♠/);
  });

  it("is blocked when the target chose ♦J (♦Q and ♦K do not block it)", () => {
    expect(
      refused(attackState(["JS", "JH", "QH"], ["JD", "KC", "QC"]), "a", {
        type: "spadesJack",
        target: "b",
        village: 0,
      }),
    ).toBe("troubadour.protected");
    // Here the target chose ♦Q and ♦K but not ♦J: the attack goes through.
    expect(
      boardOf(acts(state, "a", { type: "spadesJack", target: "b", village: 0 }), "b").villages[0],
    ).toEqual([]);
  });

  it("needs a non-empty opponent village and cannot target oneself", () => {
    expect(refused(state, "a", { type: "spadesJack", target: "b", village: 2 })).toBe(
      "troubadour.nothingToTake",
    );
    expect(refused(state, "a", { type: "spadesJack", target: "a", village: 0 })).toBe(
      "troubadour.notOpponent",
    );
    expect(refused(state, "a", { type: "spadesJack", target: "z", village: 0 })).toBe(
      "troubadour.notOpponent",
    );
  });

  it("cannot be used without choosing ♠J", () => {
    const s = attackState(["QS", "JH", "QH"], ["QD", "KD", "JC"]);
    expect(refused(s, "a", { type: "spadesJack", target: "b", village: 0 })).toBe(
      "troubadour.nobleNotChosen",
    );
  });
});

describe("♠Q: take the top card of every village of one opponent; same treatment", () => {
  const state = attackState(["QS", "JH", "QH"], ["JD", "KD", "JC"]);

  it("every non-empty village loses its top; the new tops turn face up; the cards go under the draw pile", () => {
    const { state: after, events } = act(state, "a", { type: "spadesQueen", target: "b" });
    const b = boardOf(after, "b");
    expect(b.villages.map(codes)).toEqual([["_4H", "6S"], ["7D"], [], [], ["_10C", "10S"]]);
    expect(labels(b.drawPile).slice(0, 4).sort()).toEqual(["5H", "6D", "8C", "9S"]);
    expect(labels(b.drawPile).slice(-2)).toEqual(["2C", "3C"]);
    expect(events[0]).toEqual({
      key: "troubadour.event.spadesQueen",
      params: { player: "a", target: "b", count: 4, cards: "9♠ 8♣ 5♥ 6♦" },
    });
  });

  it("is blocked when the target chose ♦Q (♦J and ♦K do not block it)", () => {
    expect(
      refused(attackState(["QS", "JH", "QH"], ["QD", "KC", "QC"]), "a", { type: "spadesQueen", target: "b" }),
    ).toBe("troubadour.protected");
  });
});

describe("♠J+Q+K together: take all cards of one opponent castle; same treatment", () => {
  const state = attackState(["JS", "QS", "KS"], ["JD", "QD", "JC"]);

  it("the whole castle goes under the target's draw pile", () => {
    const { state: after, events } = act(state, "a", { type: "spadesTrio", target: "b", castle: 0 });
    const b = boardOf(after, "b");
    expect(b.castles[0]).toEqual([]);
    expect(labels(b.drawPile).slice(0, 3).sort()).toEqual(["2H", "3H", "AH"]);
    expect(events[0]).toEqual({
      key: "troubadour.event.spadesTrio",
      params: { player: "a", target: "b", suit: "♥", count: 3, cards: "A♥ 2♥ 3♥" },
    });
  });

  it("is blocked by ♦K alone (♦J and ♦Q do not block it)", () => {
    expect(
      refused(attackState(["JS", "QS", "KS"], ["KD", "JH", "QH"]), "a", {
        type: "spadesTrio",
        target: "b",
        castle: 0,
      }),
    ).toBe("troubadour.protected");
  });

  it("needs all three spade nobles and a castle with cards", () => {
    expect(
      refused(attackState(["JS", "QS", "JH"], ["JD", "QD", "JC"]), "a", {
        type: "spadesTrio",
        target: "b",
        castle: 0,
      }),
    ).toBe("troubadour.nobleNotChosen");
    expect(refused(state, "a", { type: "spadesTrio", target: "b", castle: 1 })).toBe(
      "troubadour.nothingToTake",
    );
  });

  it("♠K alone does nothing: it offers no power", () => {
    const s = attackState(["KS", "JH", "QH"], ["JD", "QD", "JC"]);
    expect(nobleUses(s, "a").map((u) => u.power)).toEqual(["heartsJack", "heartsQueen"]);
  });
});

describe("♠ limits: each noble or combination once per turn; alone rules out the combination and vice versa", () => {
  const state = attackState(["JS", "QS", "KS"], ["KC", "JH", "QH"]);

  it("♠J and ♠Q may both be used alone in one turn, each once", () => {
    const after = acts(
      state,
      "a",
      { type: "spadesJack", target: "b", village: 0 },
      { type: "spadesQueen", target: "b" },
    );
    expect(refused(after, "a", { type: "spadesJack", target: "b", village: 1 })).toBe(
      "troubadour.nobleAlreadyUsed",
    );
    expect(refused(after, "a", { type: "spadesQueen", target: "b" })).toBe("troubadour.nobleAlreadyUsed");
  });

  it("using ♠J alone rules out ♠J+Q+K that turn", () => {
    const after = acts(state, "a", { type: "spadesJack", target: "b", village: 0 });
    expect(refused(after, "a", { type: "spadesTrio", target: "b", castle: 0 })).toBe(
      "troubadour.nobleRuledOut",
    );
  });

  it("using ♠Q alone rules out ♠J+Q+K that turn", () => {
    const after = acts(state, "a", { type: "spadesQueen", target: "b" });
    expect(refused(after, "a", { type: "spadesTrio", target: "b", castle: 0 })).toBe(
      "troubadour.nobleRuledOut",
    );
  });

  it("using ♠J+Q+K rules out ♠J and ♠Q alone that turn, and it works once", () => {
    const after = acts(state, "a", { type: "spadesTrio", target: "b", castle: 0 });
    expect(refused(after, "a", { type: "spadesJack", target: "b", village: 0 })).toBe(
      "troubadour.nobleRuledOut",
    );
    expect(refused(after, "a", { type: "spadesQueen", target: "b" })).toBe("troubadour.nobleRuledOut");
    expect(refused(after, "a", { type: "spadesTrio", target: "b", castle: 0 })).toBe(
      "troubadour.nobleAlreadyUsed",
    );
  });

  it("the limits are per turn: the ♠J+Q+K holder may use ♠J alone in a later turn", () => {
    const after = acts(state, "a", { type: "spadesTrio", target: "b", castle: 0 });
    after.noblesUsed.a = [];
    after.turn = { standardDrawDone: false, extraDraws: 0, revealedAce: null };
    expect(acts(after, "a", { type: "spadesJack", target: "b", village: 0 }).noblesUsed.a).toEqual([
      "spadesJack",
    ]);
  });
});

describe("3–4 players: each ♠ attack targets one opponent; ♦ protection holds against everyone", () => {
  const villages = [["_2C", "9S"], ["8C"]];
  const state = playState({
    players: ["a", "b", "c"],
    picks: { a: ["JS", "QS", "KS"], b: ["JS", "JH", "QH"], c: ["JC", "QC", "KC"] },
    boards: { a: { villages }, b: { villages }, c: { villages } },
  });

  it("♠J and ♠Q may hit different opponents in one turn; the others are untouched", () => {
    const after = acts(
      state,
      "a",
      { type: "spadesJack", target: "b", village: 0 },
      { type: "spadesQueen", target: "c" },
    );
    expect(boardOf(after, "b").villages.map(codes).slice(0, 2)).toEqual([[], ["8C"]]);
    expect(boardOf(after, "c").villages.map(codes).slice(0, 2)).toEqual([["2C"], []]);
    expect(boardOf(after, "a").villages.map(codes).slice(0, 2)).toEqual([["_2C", "9S"], ["8C"]]);
  });

  it("a player can be attacked by several opponents in one round", () => {
    let s = acts(state, "a", { type: "spadesJack", target: "c", village: 0 }, { type: "endTurn" });
    s = acts(s, "b", { type: "spadesJack", target: "c", village: 1 });
    expect(boardOf(s, "c").villages.slice(0, 2)).toEqual([[], []]);
  });

  it("a ♦J protects its holder against the ♠J of every opponent", () => {
    const s = playState({
      players: ["a", "b", "c"],
      picks: { a: ["JS", "QS", "KS"], b: ["JS", "JH", "QH"], c: ["JD", "QC", "KC"] },
      boards: { c: { villages } },
      order: ["a", "b", "c"],
    });
    expect(refused(s, "a", { type: "spadesJack", target: "c", village: 0 })).toBe("troubadour.protected");
    const bTurn = acts(s, "a", { type: "endTurn" });
    expect(refused(bTurn, "b", { type: "spadesJack", target: "c", village: 0 })).toBe("troubadour.protected");
  });
});
