import { describe, expect, it } from "vitest";
import {
  legalMoves,
  nobleUses,
  type TroubadourState,
  troubadour,
} from "../../../src/engine/games/troubadour/index.js";
import { act, cards, playState } from "./helpers.js";

function pickPhaseWithOnePick(): TroubadourState {
  return act(troubadour.setup(["a", "b"], {}, 5), "a", {
    type: "pickNobles",
    nobles: cards("JS", "QS", "KS"),
  }).state;
}

describe("Information: chosen trios are secret until the reveal", () => {
  it("the public view of the pick phase shows only who has picked", () => {
    const view = troubadour.publicView(pickPhaseWithOnePick());
    expect(view.boards.map((b) => [b.player, b.hasPicked, b.trio])).toEqual([
      ["a", true, null],
      ["b", false, null],
    ]);
    expect(JSON.stringify(view)).not.toMatch(/"rank":1[123]/);
  });

  it("a private view shows the viewer's own pick, never another player's", () => {
    const state = pickPhaseWithOnePick();
    expect(troubadour.privateView(state, "a").pick).toEqual(cards("JS", "QS", "KS"));
    const other = troubadour.privateView(state, "b");
    expect(other.pick).toBeNull();
    expect(JSON.stringify({ ...other, nobles: [] })).not.toMatch(/"rank":1[123]/);
  });

  it("after the reveal every trio is public, lowest noble first", () => {
    const state = act(pickPhaseWithOnePick(), "b", {
      type: "pickNobles",
      nobles: cards("KH", "JD", "QC"),
    }).state;
    expect(troubadour.publicView(state).boards.map((b) => b.trio)).toEqual([
      cards("JS", "QS", "KS"),
      cards("JD", "QC", "KH"),
    ]);
  });
});

describe("Information: face-down village cards, draw piles and waste cards under the top are hidden from everyone", () => {
  const state = playState({
    picks: { a: ["JS", "JD", "QD"], b: ["JD", "QD", "KD"] },
    boards: {
      a: {
        draw: ["2C", "3C"],
        waste: ["4C", "5C", "6C"],
        villages: [["_7C", "_8C", "9C"]],
        castles: [["AH"]],
      },
    },
  });
  const hidden = /"(rank)":[2-8],"suit":"C"/;

  it("the public view has counts, backs and the waste top only", () => {
    const view = troubadour.publicView(state);
    const a = view.boards[0];
    expect(a?.drawPileCount).toBe(2);
    expect(a?.wasteCount).toBe(3);
    expect(a?.wasteTop).toEqual({ rank: 6, suit: "C" });
    expect(a?.villages[0]).toEqual([
      { faceUp: false },
      { faceUp: false },
      { faceUp: true, card: { rank: 9, suit: "C" } },
    ]);
    expect(a?.castles[0]).toEqual([{ rank: 1, suit: "H" }]);
    expect(
      JSON.stringify({ ...view, boards: view.boards.map((b) => ({ ...b, wasteTop: null })) }),
    ).not.toMatch(hidden);
    expect(JSON.stringify(view)).not.toContain("rng");
  });

  it("the owner's private view hides them as well", () => {
    const view = troubadour.privateView(state, "a");
    const withoutTop = {
      ...view,
      boards: view.boards.map((b) => ({ ...b, wasteTop: null })),
      turnMoves: [],
    };
    expect(JSON.stringify({ ...withoutTop, nobleUses: [] })).not.toMatch(hidden);
  });

  it("the public view is a copy: changing it does not touch the state", () => {
    const before = structuredClone(state);
    const view = troubadour.publicView(state);
    view.boards[0]?.castles[0]?.push({ rank: 2, suit: "H" });
    expect(state).toEqual(before);
  });
});

describe("UI helpers: legal actions and noble uses for the active player", () => {
  const state = playState({
    picks: { a: ["JS", "QS", "JH"], b: ["JD", "KD", "QC"] },
    boards: {
      a: { draw: ["5D"], villages: [["_2C", "3H", "9S"], ["10H"]] },
      b: { villages: [["_4C", "6H"], [], ["7S"]] },
    },
  });

  it("every listed action is legal, and it is empty for a player whose turn it is not", () => {
    const actions = legalMoves(state, "a");
    for (const move of actions) expect(troubadour.apply(state, "a", move).ok).toBe(true);
    expect(actions).toContainEqual({ type: "draw" });
    expect(actions).toContainEqual({ type: "endTurn" });
    expect(actions).toContainEqual({
      type: "build",
      from: { kind: "village", village: 0, count: 1 },
      to: { kind: "village", village: 1 },
    });
    expect(legalMoves(state, "b")).toEqual([]);
    expect(troubadour.privateView(state, "b").turnMoves).toEqual([]);
    expect(troubadour.privateView(state, "a").turnMoves).toEqual(actions);
  });

  it("noble uses list each power of the trio with its legal targets (a ♦J-protected target gets none)", () => {
    const uses = nobleUses(state, "a");
    expect(uses.map((u) => u.power)).toEqual(["spadesJack", "spadesQueen", "heartsJack"]);
    expect(uses[0]).toEqual({ power: "spadesJack", unavailable: null, moves: [] });
    expect(uses[1]).toEqual({
      power: "spadesQueen",
      unavailable: null,
      moves: [{ type: "spadesQueen", target: "b" }],
    });
    expect(uses[2]?.moves).toEqual([
      { type: "heartsJack", village: 0, position: 1, to: { kind: "village", village: 2 } },
      { type: "heartsJack", village: 0, position: 1, to: { kind: "village", village: 3 } },
      { type: "heartsJack", village: 0, position: 1, to: { kind: "village", village: 4 } },
    ]);
  });

  it("once used, a noble shows why it is no longer available; others see 'not your turn'", () => {
    const after = act(state, "a", { type: "spadesQueen", target: "b" }).state;
    expect(nobleUses(after, "a")[1]).toEqual({
      power: "spadesQueen",
      unavailable: { key: "troubadour.nobleAlreadyUsed", params: { noble: "♠Q" } },
      moves: [],
    });
    expect(nobleUses(after, "b").map((u) => u.unavailable?.key)).toEqual(["core.notYourTurn"]);
  });

  it("the public record of nobles used this round shows each announcement", () => {
    const after = act(state, "a", { type: "spadesQueen", target: "b" }).state;
    expect(troubadour.publicView(after).boards[0]?.noblesUsed).toEqual(["spadesQueen"]);
  });
});
