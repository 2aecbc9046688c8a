import { describe, expect, it } from "vitest";
import { nobleUses } from "../../../src/games/troubadour/engine/index.js";
import { act, acts, boardOf, c, castle, codes, labels, playState, refused, toVillage } from "./fixtures.js";

const defender = ["JD", "QD", "KD"];

describe("♥J: one fitting face-up card from inside a village goes onto a castle or another village's top", () => {
  const state = playState({
    picks: { a: ["JH", "JD", "QD"], b: defender },
    boards: {
      a: {
        villages: [["_2C", "3H", "9S", "8D"], ["4S"], ["4H"], []],
        castles: [["AH", "2H"]],
      },
    },
  });

  it("onto a castle; the cards above it stay where they are", () => {
    const { state: after, events } = act(state, "a", {
      type: "heartsJack",
      village: 0,
      position: 1,
      to: castle,
    });
    expect(codes(boardOf(after, "a").villages[0] ?? [])).toEqual(["_2C", "9S", "8D"]);
    expect(labels(boardOf(after, "a").castles[0] ?? [])).toEqual(["AH", "2H", "3H"]);
    expect(events).toEqual([
      { key: "troubadour.event.heartsJackToCastle", params: { player: "a", card: "3♥", from: 1 } },
    ]);
    expect(after.noblesUsed.a).toEqual(["heartsJack"]);
  });

  it("onto the top of another village where it fits, or onto an empty village", () => {
    const onTop = acts(state, "a", { type: "heartsJack", village: 0, position: 1, to: toVillage(1) });
    expect(codes(boardOf(onTop, "a").villages[1] ?? [])).toEqual(["4S", "3H"]);
    const onEmpty = acts(state, "a", { type: "heartsJack", village: 0, position: 2, to: toVillage(3) });
    expect(codes(boardOf(onEmpty, "a").villages[3] ?? [])).toEqual(["9S"]);
  });

  it("the card must fit where it goes", () => {
    expect(refused(state, "a", { type: "heartsJack", village: 0, position: 1, to: toVillage(2) })).toBe(
      "troubadour.doesNotFit",
    );
    expect(refused(state, "a", { type: "heartsJack", village: 0, position: 2, to: castle })).toBe(
      "troubadour.doesNotFit",
    );
    expect(refused(state, "a", { type: "heartsJack", village: 0, position: 1, to: toVillage(0) })).toBe(
      "troubadour.sameVillage",
    );
  });

  it("only a face-up card; the top card needs no noble", () => {
    expect(refused(state, "a", { type: "heartsJack", village: 0, position: 0, to: toVillage(3) })).toBe(
      "troubadour.faceDown",
    );
    expect(refused(state, "a", { type: "heartsJack", village: 0, position: 3, to: toVillage(3) })).toBe(
      "troubadour.heartsJackTopCard",
    );
    expect(refused(state, "a", { type: "heartsJack", village: 0, position: 9, to: toVillage(3) })).toBe(
      "core.malformedMove",
    );
  });

  it("works once per turn", () => {
    const after = acts(state, "a", { type: "heartsJack", village: 0, position: 1, to: castle });
    expect(refused(after, "a", { type: "heartsJack", village: 0, position: 1, to: toVillage(3) })).toBe(
      "troubadour.nobleAlreadyUsed",
    );
  });
});

describe("♥Q: in one village turn one face-down card face up where it lies", () => {
  const state = playState({
    picks: { a: ["QH", "JD", "QD"], b: defender },
    boards: {
      a: {
        villages: [
          ["_2C", "_5H", "9S"],
          ["_AC", "_3D", "8S"],
        ],
      },
    },
  });

  it("the card stays in its place, face up, and the table learns it", () => {
    const { state: after, events } = act(state, "a", { type: "heartsQueen", village: 0, position: 0 });
    expect(codes(boardOf(after, "a").villages[0] ?? [])).toEqual(["2C", "_5H", "9S"]);
    expect(events).toEqual([
      { key: "troubadour.event.heartsQueen", params: { player: "a", village: 1, card: "2♣" } },
    ]);
    expect(after.turn.revealedAce).toBeNull();
  });

  it("an Ace turned up may at once start a castle", () => {
    const revealed = acts(state, "a", { type: "heartsQueen", village: 1, position: 0 });
    expect(revealed.turn.revealedAce).toEqual({ village: 1, position: 0 });
    const { state: after, events } = act(revealed, "a", { type: "heartsQueenAce" });
    expect(labels(boardOf(after, "a").castles[0] ?? [])).toEqual(["AC"]);
    expect(codes(boardOf(after, "a").villages[1] ?? [])).toEqual(["_3D", "8S"]);
    expect(events).toEqual([{ key: "troubadour.event.heartsQueenAce", params: { player: "a", card: "A♣" } }]);
  });

  it("starting the castle is optional, but only at once: after another move the Ace stays in the village", () => {
    const revealed = acts(state, "a", { type: "heartsQueen", village: 1, position: 0 });
    const later = acts(revealed, "a", {
      type: "build",
      from: { kind: "village", village: 1, count: 1 },
      to: toVillage(2),
    });
    expect(refused(later, "a", { type: "heartsQueenAce" })).toBe("troubadour.noRevealedAce");
    expect(codes(boardOf(later, "a").villages[1] ?? [])).toEqual(["AC", "3D"]);
  });

  it("a card that is not an Ace, or no ♥Q at all, starts nothing", () => {
    expect(refused(state, "a", { type: "heartsQueenAce" })).toBe("troubadour.noRevealedAce");
    const revealed = acts(state, "a", { type: "heartsQueen", village: 0, position: 1 });
    expect(refused(revealed, "a", { type: "heartsQueenAce" })).toBe("troubadour.noRevealedAce");
  });

  it("only a face-down card, and once per turn", () => {
    expect(refused(state, "a", { type: "heartsQueen", village: 0, position: 2 })).toBe(
      "troubadour.alreadyFaceUp",
    );
    const after = acts(state, "a", { type: "heartsQueen", village: 0, position: 0 });
    expect(refused(after, "a", { type: "heartsQueen", village: 0, position: 1 })).toBe(
      "troubadour.nobleAlreadyUsed",
    );
  });
});

describe("♥Q+K: instead of the standard draw, name a card from the draw or waste pile and turn until it is on top", () => {
  const picks = { a: ["QH", "KH", "QC"], b: defender };
  const villages = [["9S"], ["6C", "5H"]];
  const state = playState({ picks, boards: { a: { villages, draw: ["5S", "9H", "2D"], waste: ["7C"] } } });

  it("turns cards without pause until the named card is on top of the waste", () => {
    const { state: after, events } = act(state, "a", { type: "heartsQueenKing", card: c("9H") });
    expect(labels(boardOf(after, "a").waste)).toEqual(["7C", "2D", "9H"]);
    expect(labels(boardOf(after, "a").drawPile)).toEqual(["5S"]);
    expect(events).toEqual([
      { key: "troubadour.event.heartsQueenKing", params: { player: "a", card: "9♥", count: 2 } },
    ]);
  });

  it("turns the waste over when the draw pile runs out", () => {
    const s = playState({ picks, boards: { a: { villages, draw: ["3S"], waste: ["4D", "6C"] } } });
    const { state: after, events } = act(s, "a", { type: "heartsQueenKing", card: c("4D") });
    expect(labels(boardOf(after, "a").waste)).toEqual(["4D"]);
    expect(events.map((e) => e.key)).toEqual([
      "troubadour.event.wasteRecycled",
      "troubadour.event.heartsQueenKing",
    ]);
  });

  it("only when no village holds a face-down card", () => {
    const s = playState({ picks, boards: { a: { villages: [["_2C", "9S"]], draw: ["5S", "9H"] } } });
    expect(refused(s, "a", { type: "heartsQueenKing", card: c("9H") })).toBe(
      "troubadour.searchNeedsNoFaceDown",
    );
  });

  it("ruling: the named card must not be in a village or on a castle (nor already on top, nor a noble)", () => {
    const s = playState({
      picks,
      boards: { a: { villages, castles: [["AD"]], draw: ["5S"], waste: ["7C"] } },
    });
    expect(refused(s, "a", { type: "heartsQueenKing", card: c("5H") })).toBe("troubadour.searchCardPlaced");
    expect(refused(s, "a", { type: "heartsQueenKing", card: c("AD") })).toBe("troubadour.searchCardPlaced");
    expect(refused(s, "a", { type: "heartsQueenKing", card: c("7C") })).toBe("troubadour.searchCardOnTop");
    expect(refused(s, "a", { type: "heartsQueenKing", card: c("JH") })).toBe("troubadour.notBuildingCard");
  });

  it("replaces the standard draw: no standard draw after it, but ♣Q may follow", () => {
    const after = acts(state, "a", { type: "heartsQueenKing", card: c("9H") });
    expect(refused(after, "a", { type: "draw" })).toBe("troubadour.alreadyDrawn");
    expect(acts(after, "a", { type: "clubsQueen" }).turn.extraDraws).toBe(2);
  });

  it("cannot follow the standard draw", () => {
    const after = acts(state, "a", { type: "draw" });
    expect(refused(after, "a", { type: "heartsQueenKing", card: c("9H") })).toBe(
      "troubadour.searchAfterDraw",
    );
  });

  it("needs both ♥Q and ♥K; ♥K alone does nothing", () => {
    const s = playState({
      picks: { a: ["KH", "JD", "QD"], b: defender },
      boards: { a: { villages, draw: ["9H"] } },
    });
    expect(refused(s, "a", { type: "heartsQueenKing", card: c("9H") })).toBe("troubadour.nobleNotChosen");
    expect(nobleUses(s, "a")).toEqual([]);
  });
});

describe("♥ limits: using ♥Q alone rules out ♥Q+K that turn, and the other way round", () => {
  const picks = { a: ["QH", "KH", "JD"], b: defender };

  it("♥Q alone (even on the last face-down card) rules out ♥Q+K", () => {
    const s = playState({ picks, boards: { a: { villages: [["_2C", "9S"]], draw: ["5S", "9H"] } } });
    const after = acts(s, "a", { type: "heartsQueen", village: 0, position: 0 });
    expect(refused(after, "a", { type: "heartsQueenKing", card: c("9H") })).toBe("troubadour.nobleRuledOut");
  });

  it("♥Q+K rules out ♥Q alone", () => {
    const s = playState({ picks, boards: { a: { villages: [["2C", "9S"]], draw: ["5S", "9H"] } } });
    const after = acts(s, "a", { type: "heartsQueenKing", card: c("9H") });
    expect(refused(after, "a", { type: "heartsQueen", village: 0, position: 0 })).toBe(
      "troubadour.nobleRuledOut",
    );
    expect(refused(after, "a", { type: "heartsQueenKing", card: c("5S") })).toBe(
      "troubadour.nobleAlreadyUsed",
    );
  });
});
