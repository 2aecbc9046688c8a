import { describe, expect, it } from "vitest";
import { nobleUses } from "../../../src/games/troubadour/engine/index.js";
import { act, acts, boardOf, labels, playState, refused, toVillage, waste } from "./fixtures.js";

// No village is empty, so a card fits only as a red 8, a red 5, a red 3 or an Ace.
const villages = [["9S"], ["9C"], ["6C"], ["6S"], ["4C"]];

describe("♣J: extends the standard draw until a card fits an own village or castle", () => {
  const picks = { a: ["JC", "JD", "QD"], b: ["JD", "QD", "KD"] };

  it("keeps turning until a fitting card is on top of the waste", () => {
    const state = playState({ picks, boards: { a: { villages, draw: ["2C", "8D", "5C", "3S", "7H"] } } });
    const { state: after, events } = act(state, "a", { type: "draw", clubsJack: true });
    expect(labels(boardOf(after, "a").waste)).toEqual(["7H", "3S", "5C", "8D"]);
    expect(labels(boardOf(after, "a").drawPile)).toEqual(["2C"]);
    expect(events).toEqual([
      { key: "troubadour.event.clubsJack", params: { player: "a", count: 4, card: "8♦" } },
    ]);
    expect(after.noblesUsed.a).toEqual(["clubsJack"]);
    expect(after.turn.standardDrawDone).toBe(true);
  });

  it("a card that starts a castle (an Ace) or builds on a castle fits", () => {
    const state = playState({
      picks,
      boards: { a: { villages, castles: [["AC"]], draw: ["AD", "2C", "7H"] } },
    });
    expect(labels(boardOf(acts(state, "a", { type: "draw", clubsJack: true }), "a").waste)).toEqual([
      "7H",
      "2C",
    ]);
  });

  it("with an empty village the first card always fits", () => {
    const state = playState({ picks, boards: { a: { villages: villages.slice(0, 4), draw: ["8D", "7H"] } } });
    expect(labels(boardOf(acts(state, "a", { type: "draw", clubsJack: true }), "a").waste)).toEqual(["7H"]);
  });

  it("when the draw pile runs out the waste is turned over and the turning goes on", () => {
    const state = playState({ picks, boards: { a: { villages, draw: ["7H"], waste: ["8D", "3S"] } } });
    const { state: after, events } = act(state, "a", { type: "draw", clubsJack: true });
    // 7H did not fit; the waste (8D at its bottom, then 3S, 7H) became the draw pile, and 8D fits.
    expect(labels(boardOf(after, "a").waste)).toEqual(["8D"]);
    expect(labels(boardOf(after, "a").drawPile)).toEqual(["7H", "3S"]);
    expect(events.map((e) => e.key)).toEqual([
      "troubadour.event.wasteRecycled",
      "troubadour.event.clubsJack",
    ]);
  });

  it("ruling: it stops after one full pass through all cards without a fit", () => {
    const state = playState({ picks, boards: { a: { villages, draw: ["7H", "3S"], waste: ["5C"] } } });
    const { state: after, events } = act(state, "a", { type: "draw", clubsJack: true });
    expect(events.at(-1)).toEqual({
      key: "troubadour.event.clubsJackNoFit",
      params: { player: "a", count: 3, card: "5♣" },
    });
    expect(labels(boardOf(after, "a").waste)).toEqual(["5C"]);
    expect(labels(boardOf(after, "a").drawPile)).toEqual(["7H", "3S"]);
  });

  it("must be declared with the standard draw, not after it", () => {
    const state = acts(playState({ picks, boards: { a: { villages, draw: ["8D", "7H"] } } }), "a", {
      type: "draw",
    });
    expect(refused(state, "a", { type: "draw", clubsJack: true })).toBe("troubadour.alreadyDrawn");
    expect(nobleUses(state, "a")).toEqual([
      {
        power: "clubsJack",
        attack: false,
        unavailable: { key: "troubadour.alreadyDrawn", params: {} },
        moves: [],
      },
    ]);
  });

  it("needs ♣J in the trio", () => {
    const state = playState({
      picks: { a: ["QC", "JD", "QD"], b: picks.b },
      boards: { a: { draw: ["7H"] } },
    });
    expect(refused(state, "a", { type: "draw", clubsJack: true })).toBe("troubadour.nobleNotChosen");
  });
});

describe("♣Q: after the standard draw, turn 2 extra cards, one at a time, building in between", () => {
  const picks = { a: ["QC", "JD", "QD"], b: ["JD", "QD", "KD"] };
  const state = playState({ picks, boards: { a: { villages, draw: ["2S", "2H", "8H", "7H", "3C"] } } });

  it("may only be used after the standard draw", () => {
    expect(refused(state, "a", { type: "clubsQueen" })).toBe("troubadour.clubsNeedDraw");
  });

  it("grants 2 extra cards, turned one at a time with building allowed between them", () => {
    let s = acts(state, "a", { type: "draw" });
    const used = act(s, "a", { type: "clubsQueen" });
    expect(used.events).toEqual([{ key: "troubadour.event.clubsQueen", params: { player: "a", extra: 2 } }]);
    s = acts(used.state, "a", { type: "extraDraw" });
    expect(labels(boardOf(s, "a").waste)).toEqual(["3C", "7H"]);
    expect(refused(s, "a", { type: "build", from: waste, to: toVillage(0) })).toBe("troubadour.doesNotFit");
    s = acts(s, "a", { type: "extraDraw" }, { type: "build", from: waste, to: toVillage(0) });
    expect(labels(boardOf(s, "a").waste)).toEqual(["3C", "7H"]);
    expect(refused(s, "a", { type: "extraDraw" })).toBe("troubadour.noExtraDraws");
  });

  it("works once per turn", () => {
    const s = acts(state, "a", { type: "draw" }, { type: "clubsQueen" });
    expect(refused(s, "a", { type: "clubsQueen" })).toBe("troubadour.nobleAlreadyUsed");
  });

  it("also comes after a standard draw extended by ♣J", () => {
    const s = playState({
      picks: { a: ["JC", "QC", "JD"], b: picks.b },
      boards: { a: { villages, draw: ["2S", "2H", "8H", "7H"] } },
    });
    const after = acts(s, "a", { type: "draw", clubsJack: true }, { type: "clubsQueen" });
    expect(after.turn.extraDraws).toBe(2);
  });

  it("extra cards also turn the waste over when the draw pile is empty", () => {
    const s = acts(
      playState({ picks, boards: { a: { villages, draw: ["7H"], waste: ["5S", "4D"] } } }),
      "a",
      { type: "draw" },
      { type: "clubsQueen" },
      { type: "extraDraw" },
    );
    expect(labels(boardOf(s, "a").waste)).toEqual(["5S"]);
  });

  it("unused extra cards lapse at the end of the turn", () => {
    const s = acts(state, "a", { type: "draw" }, { type: "clubsQueen" }, { type: "endTurn" });
    expect(s.turn.extraDraws).toBe(0);
  });
});

describe("♣K: only if an opponent chose ♣J or ♣Q this round, 3 extra cards after the standard draw", () => {
  const draw = ["2S", "2H", "8H", "7H", "3C", "4C", "5C"];

  it("gives 3 extra cards when an opponent chose ♣J", () => {
    const s = acts(
      playState({
        picks: { a: ["KC", "JD", "QD"], b: ["JC", "QD", "KD"] },
        boards: { a: { villages, draw } },
      }),
      "a",
      { type: "draw" },
      { type: "clubsKing" },
    );
    expect(s.turn.extraDraws).toBe(3);
    expect(s.noblesUsed.a).toEqual(["clubsKing"]);
  });

  it("gives 3 extra cards when an opponent chose ♣Q", () => {
    const s = playState({
      picks: { a: ["KC", "JD", "QD"], b: ["QC", "QD", "KD"] },
      boards: { a: { villages, draw } },
    });
    expect(acts(s, "a", { type: "draw" }, { type: "clubsKing" }).turn.extraDraws).toBe(3);
  });

  it("gives nothing when no opponent chose ♣J or ♣Q (an opponent's ♣K or one's own ♣Q does not count)", () => {
    const s = playState({
      picks: { a: ["QC", "KC", "JD"], b: ["KC", "QD", "KD"] },
      boards: { a: { villages, draw } },
    });
    expect(refused(acts(s, "a", { type: "draw" }), "a", { type: "clubsKing" })).toBe(
      "troubadour.clubsKingNeedsOpponentClubs",
    );
  });

  it("adds to ♣Q: 5 extra cards with both", () => {
    const s = playState({
      picks: { a: ["QC", "KC", "JD"], b: ["JC", "QD", "KD"] },
      boards: { a: { villages, draw } },
    });
    const after = acts(
      s,
      "a",
      { type: "draw" },
      { type: "clubsQueen" },
      { type: "extraDraw" },
      { type: "clubsKing" },
    );
    expect(after.turn.extraDraws).toBe(4);
    expect(refused(after, "a", { type: "clubsKing" })).toBe("troubadour.nobleAlreadyUsed");
  });

  it("may only be used after the standard draw", () => {
    const s = playState({
      picks: { a: ["KC", "JD", "QD"], b: ["JC", "QD", "KD"] },
      boards: { a: { villages, draw } },
    });
    expect(refused(s, "a", { type: "clubsKing" })).toBe("troubadour.clubsNeedDraw");
  });

  it("3–4 players: any opponent's ♣J or ♣Q enables it", () => {
    const s = playState({
      players: ["a", "b", "c"],
      picks: { a: ["KC", "JD", "QD"], b: ["JD", "QD", "KD"], c: ["QC", "JH", "QH"] },
      boards: { a: { villages, draw } },
    });
    expect(acts(s, "a", { type: "draw" }, { type: "clubsKing" }).turn.extraDraws).toBe(3);
  });
});
