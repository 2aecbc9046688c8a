import { describe, expect, it } from "vitest";
import {
  acts,
  boardOf,
  castle,
  codes,
  fromVillage,
  labels,
  playState,
  refused,
  toVillage,
  waste,
} from "./fixtures.js";

const picks = { a: ["JD", "QD", "KD"], b: ["JD", "QD", "KD"] };

describe("Build a castle: an Ace starts it, then the same suit 2, 3, … 10", () => {
  it("an Ace from the waste top starts a castle", () => {
    const state = acts(playState({ picks, boards: { a: { waste: ["AH"] } } }), "a", {
      type: "build",
      from: waste,
      to: castle,
    });
    expect(boardOf(state, "a").castles[0]).toEqual([{ rank: 1, suit: "H" }]);
    expect(boardOf(state, "a").waste).toEqual([]);
  });

  it("an Ace from a village top starts a castle", () => {
    const state = acts(playState({ picks, boards: { a: { villages: [["9C", "AS"]] } } }), "a", {
      type: "build",
      from: fromVillage(0),
      to: castle,
    });
    expect(labels(boardOf(state, "a").castles[0] ?? [])).toEqual(["AS"]);
  });

  it("the next card of the same suit goes on; another suit or a gap does not", () => {
    const state = playState({
      picks,
      boards: { a: { castles: [["AH", "2H"]], villages: [["3H"], ["3D"], ["4H"], ["2S"]] } },
    });
    expect(
      labels(
        boardOf(acts(state, "a", { type: "build", from: fromVillage(0), to: castle }), "a").castles[0] ?? [],
      ),
    ).toEqual(["AH", "2H", "3H"]);
    expect(refused(state, "a", { type: "build", from: fromVillage(1), to: castle })).toBe(
      "troubadour.doesNotFit",
    );
    expect(refused(state, "a", { type: "build", from: fromVillage(2), to: castle })).toBe(
      "troubadour.doesNotFit",
    );
    expect(refused(state, "a", { type: "build", from: fromVillage(3), to: castle })).toBe(
      "troubadour.doesNotFit",
    );
  });

  it("up to 4 castles: each new Ace takes a free slot", () => {
    const state = acts(
      playState({ picks, boards: { a: { villages: [["AS"], ["AH"], ["AD"], ["AC"]] } } }),
      "a",
      { type: "build", from: fromVillage(0), to: castle },
      { type: "build", from: fromVillage(1), to: castle },
      { type: "build", from: fromVillage(2), to: castle },
      { type: "build", from: fromVillage(3), to: castle },
    );
    expect(boardOf(state, "a").castles.map((c) => labels(c))).toEqual([["AS"], ["AH"], ["AD"], ["AC"]]);
  });

  it("a castle with the 10 is complete and takes nothing more", () => {
    const state = playState({
      picks,
      boards: { a: { castles: [["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"]], waste: ["10H"] } },
    });
    const after = acts(state, "a", { type: "build", from: waste, to: castle });
    expect(boardOf(after, "a").castles[0]).toHaveLength(10);
  });

  it("taking the waste top exposes the next card, which may be used too", () => {
    const state = acts(
      playState({ picks, boards: { a: { waste: ["2C", "AC"] } } }),
      "a",
      { type: "build", from: waste, to: castle },
      { type: "build", from: waste, to: castle },
    );
    expect(labels(boardOf(state, "a").castles[0] ?? [])).toEqual(["AC", "2C"]);
  });

  it("only the waste top or a village top may be used: a card under the top may not", () => {
    const state = playState({ picks, boards: { a: { waste: ["AC", "7D"], villages: [["AH", "9S"]] } } });
    expect(refused(state, "a", { type: "build", from: waste, to: castle })).toBe("troubadour.doesNotFit");
    expect(refused(state, "a", { type: "build", from: fromVillage(0), to: castle })).toBe(
      "troubadour.doesNotFit",
    );
  });

  it("an empty waste pile or village has nothing to take", () => {
    const state = playState({ picks });
    expect(refused(state, "a", { type: "build", from: waste, to: castle })).toBe("troubadour.emptySource");
    expect(refused(state, "a", { type: "build", from: fromVillage(2), to: toVillage(1) })).toBe(
      "troubadour.emptySource",
    );
  });
});

describe("Build a village: one lower and the opposite colour, from the waste top or another village's top", () => {
  const state = playState({
    picks,
    boards: { a: { waste: ["8H"], villages: [["9S"], ["8C"], ["9D"], ["7S"]] } },
  });

  it("a red 8 from the waste goes on a black 9", () => {
    const after = acts(state, "a", { type: "build", from: waste, to: toVillage(0) });
    expect(codes(boardOf(after, "a").villages[0] ?? [])).toEqual(["9S", "8H"]);
  });

  it("a black 8 from another village's top goes on a red 9", () => {
    const after = acts(state, "a", { type: "build", from: fromVillage(1), to: toVillage(2) });
    expect(codes(boardOf(after, "a").villages[2] ?? [])).toEqual(["9D", "8C"]);
    expect(boardOf(after, "a").villages[1]).toEqual([]);
  });

  it("the same colour, the same rank or a gap does not fit", () => {
    expect(refused(state, "a", { type: "build", from: fromVillage(1), to: toVillage(0) })).toBe(
      "troubadour.doesNotFit",
    );
    expect(refused(state, "a", { type: "build", from: waste, to: toVillage(1) })).toBe(
      "troubadour.doesNotFit",
    );
    expect(refused(state, "a", { type: "build", from: fromVillage(3), to: toVillage(2) })).toBe(
      "troubadour.doesNotFit",
    );
  });

  it("an empty village takes any card", () => {
    const after = acts(
      state,
      "a",
      { type: "build", from: fromVillage(3), to: toVillage(4) },
      { type: "build", from: waste, to: toVillage(3) },
    );
    expect(codes(boardOf(after, "a").villages[4] ?? [])).toEqual(["7S"]);
    expect(codes(boardOf(after, "a").villages[3] ?? [])).toEqual(["8H"]);
  });

  it("a card cannot move onto its own village", () => {
    expect(refused(state, "a", { type: "build", from: fromVillage(0), to: toVillage(0) })).toBe(
      "troubadour.sameVillage",
    );
  });
});

describe("Move a run (each card one lower, alternating colour, top lowest) as a unit", () => {
  const state = playState({
    picks,
    boards: {
      a: {
        villages: [["_4C", "10D", "9S", "8H", "7C"], ["10H"], ["9C"], [], ["5D", "8S", "7H"]],
      },
    },
  });
  const villages = (s: typeof state) => boardOf(s, "a").villages.map(codes);

  it("part of a run that includes the top card moves onto a village whose top fits its highest card", () => {
    const two = acts(state, "a", { type: "build", from: fromVillage(0, 2), to: toVillage(2) });
    expect(villages(two)[2]).toEqual(["9C", "8H", "7C"]);
    expect(villages(two)[0]).toEqual(["_4C", "10D", "9S"]);
    const three = acts(state, "a", { type: "build", from: fromVillage(0, 3), to: toVillage(1) });
    expect(villages(three)[1]).toEqual(["10H", "9S", "8H", "7C"]);
    expect(villages(three)[0]).toEqual(["_4C", "10D"]);
  });

  it("the whole run moves onto an empty village", () => {
    const after = acts(state, "a", { type: "build", from: fromVillage(0, 4), to: toVillage(3) });
    expect(villages(after)[3]).toEqual(["10D", "9S", "8H", "7C"]);
  });

  it("a face-down card that becomes a village's top is turned face up automatically", () => {
    const after = acts(state, "a", { type: "build", from: fromVillage(0, 4), to: toVillage(3) });
    expect(villages(after)[0]).toEqual(["4C"]);
  });

  it("cards that do not form a run (or a face-down card) cannot move with it", () => {
    expect(refused(state, "a", { type: "build", from: fromVillage(0, 5), to: toVillage(3) })).toBe(
      "troubadour.notARun",
    );
    expect(refused(state, "a", { type: "build", from: fromVillage(4, 3), to: toVillage(3) })).toBe(
      "troubadour.notARun",
    );
  });

  it("the run's highest card must fit the target's top", () => {
    expect(refused(state, "a", { type: "build", from: fromVillage(0, 2), to: toVillage(1) })).toBe(
      "troubadour.doesNotFit",
    );
  });

  it("only one card at a time goes onto a castle", () => {
    expect(refused(state, "a", { type: "build", from: fromVillage(0, 2), to: castle })).toBe(
      "troubadour.runToCastle",
    );
  });
});
