import { describe, expect, it } from "vitest";
import { act, acts, boardOf, labels, playState, refused } from "./fixtures.js";

const picks = { a: ["JD", "QD", "KD"], b: ["JD", "QD", "KD"] };

describe("Standard draw: at most once per turn, optional", () => {
  it("turns the draw pile's top card onto the waste pile", () => {
    const state = acts(playState({ picks, boards: { a: { draw: ["3C", "7H"], waste: ["2S"] } } }), "a", {
      type: "draw",
    });
    expect(labels(boardOf(state, "a").drawPile)).toEqual(["3C"]);
    expect(labels(boardOf(state, "a").waste)).toEqual(["2S", "7H"]);
    expect(state.turn.standardDrawDone).toBe(true);
  });

  it("a second standard draw in the same turn is refused", () => {
    const state = acts(playState({ picks, boards: { a: { draw: ["3C", "7H"] } } }), "a", { type: "draw" });
    expect(refused(state, "a", { type: "draw" })).toBe("troubadour.alreadyDrawn");
  });

  it("a player with no right left to turn cards waits: no extra card without a club noble, even on an empty waste", () => {
    const state = acts(playState({ picks, boards: { a: { draw: ["3C", "7H"] } } }), "a", { type: "draw" });
    expect(refused(state, "a", { type: "extraDraw" })).toBe("troubadour.noExtraDraws");
  });

  it("the draw is optional: a turn may end without it", () => {
    const state = acts(playState({ picks, boards: { a: { draw: ["3C"] } } }), "a", { type: "endTurn" });
    expect(state.order[state.turnIndex]).toBe("b");
    expect(labels(boardOf(state, "a").drawPile)).toEqual(["3C"]);
  });

  it("the next player's turn starts with a fresh standard draw", () => {
    const state = acts(playState({ picks, boards: { b: { draw: ["3C"] } } }), "a", { type: "endTurn" });
    expect(state.turn.standardDrawDone).toBe(false);
    expect(labels(boardOf(acts(state, "b", { type: "draw" }), "b").waste)).toEqual(["3C"]);
  });
});

describe("Waste recycling: an empty draw pile is replaced by the whole waste pile, turned over unshuffled", () => {
  // Waste bottom first: 2H was turned first, 9D last (on top).
  const state = playState({ picks, boards: { a: { draw: [], waste: ["2H", "5S", "9D"] } } });

  it("the draw turns the waste over first, so the card turned longest ago comes up", () => {
    const { state: after, events } = act(state, "a", { type: "draw" });
    expect(labels(boardOf(after, "a").waste)).toEqual(["2H"]);
    expect(labels(boardOf(after, "a").drawPile)).toEqual(["9D", "5S"]);
    expect(events).toContainEqual({
      key: "troubadour.event.wasteRecycled",
      params: { player: "a", count: 3 },
    });
  });

  it("later draws follow the old waste order (no shuffle)", () => {
    const turned: string[] = [];
    let s = state;
    for (let i = 0; i < 3; i++) {
      s = act(s, "a", { type: "draw" }).state;
      turned.push(labels(boardOf(s, "a").waste).at(-1) as string);
      s.turn.standardDrawDone = false; // as in the player's next turn
    }
    expect(turned).toEqual(["2H", "5S", "9D"]);
  });

  it("with both piles empty there is nothing to turn", () => {
    expect(refused(playState({ picks }), "a", { type: "draw" })).toBe("troubadour.noCardsToTurn");
  });

  it("cards never go back onto the waste or draw pile by a build", () => {
    const s = playState({ picks, boards: { a: { villages: [["5H"]] } } });
    const move = {
      type: "build",
      from: { kind: "village", village: 0, count: 1 },
      to: { kind: "waste" },
    } as never;
    expect(refused(s, "a", move)).toBe("core.malformedMove");
  });
});
