import { describe, expect, it } from "vitest";
import { theGame } from "../../../src/games/thegame/engine/index.js";
import { drawPileOf, must, playMove, table } from "./fixtures.js";

const hands = { ann: [20, 35, 60], bob: [70, 80, 90], cy: [13, 17] };
const running = () =>
  must(
    table({ hands, piles: [[5], [30], [95], [99]], drawPile: [40, 41, 42, 43, 44] }),
    "ann",
    playMove(35, 1),
  );

describe("The Game: public information", () => {
  it("shows top and count of each pile, draw pile count, hand counts, whose turn and cards played this turn", () => {
    const view = theGame.publicView(running());
    expect(view.piles).toEqual([
      { direction: "up", top: 5, count: 1, back: null },
      { direction: "up", top: 35, count: 2, back: 25 },
      { direction: "down", top: 95, count: 1, back: null },
      { direction: "down", top: 99, count: 1, back: null },
    ]);
    expect(view.drawPileCount).toBe(5);
    expect(view.players).toEqual([
      { id: "ann", handCount: 2 },
      { id: "bob", handCount: 3 },
      { id: "cy", handCount: 2 },
    ]);
    expect(view.active).toBe("ann");
    expect(view.playedThisTurn).toBe(1);
    expect(view.minimumThisTurn).toBe(2);
    expect(view.handSize).toBe(6);
    expect(view.cardsLeft).toBe(12);
  });

  it("empty piles show their markers: 1 for ascending, 100 for descending", () => {
    const view = theGame.publicView(theGame.setup(["a", "b"], {}, 9));
    expect(view.piles).toEqual([
      { direction: "up", top: 1, count: 0, back: null },
      { direction: "up", top: 1, count: 0, back: null },
      { direction: "down", top: 100, count: 0, back: null },
      { direction: "down", top: 100, count: 0, back: null },
    ]);
  });

  it("each pile states the card exactly 10 back that it also takes, only while that card exists (2–99)", () => {
    const view = theGame.publicView(
      table({ hands, piles: [[12], [11], [89], [90]], drawPile: [40, 41, 42, 43, 44] }),
    );
    expect(view.piles.map((p) => p.back)).toEqual([2, null, 99, null]);
  });

  it("the card tracker lists every card played so far, ascending", () => {
    expect(theGame.publicView(running()).playedCards).toEqual([5, 30, 35, 95, 99]);
  });

  it("private information: hand values appear in no public view while the game runs", () => {
    const state = running();
    const text = JSON.stringify(theGame.publicView(state));
    for (const card of [...Object.values(state.hands).flat(), ...state.drawPile]) {
      expect(text).not.toMatch(new RegExp(`\\b${card}\\b`));
    }
    expect(theGame.publicView(state).finalHands).toBeNull();
  });

  it("once over, every hand is revealed (finalHands)", () => {
    const state = running();
    state.phase = "over";
    state.endReason = "stuck";
    const view = theGame.publicView(state);
    expect(view.finalHands).toEqual({ ann: [20, 60], bob: [70, 80, 90], cy: [13, 17] });
    expect(view.active).toBeNull();
    expect(view.endReason).toBe("stuck");
  });

  it("the private view adds the viewer's own hand, ascending, and nothing of the others", () => {
    const view = theGame.privateView(running(), "bob");
    expect(view.viewer).toBe("bob");
    expect(view.hand).toEqual([70, 80, 90]);
    const { hand: _own, playable: _p, stranding: _s, viewer: _v, canEndTurn: _c, ...rest } = view;
    expect(rest).toEqual(theGame.publicView(running()));
  });

  it("playable: card → legal piles, for the active viewer only", () => {
    const state = running();
    expect(theGame.privateView(state, "ann").playable).toEqual({ 20: [0, 2, 3], 60: [0, 1, 2, 3] });
    expect(theGame.privateView(state, "bob").playable).toEqual({ 70: [], 80: [], 90: [] });
  });

  it("canEndTurn: only for the active viewer who has reached the minimum", () => {
    let state = running();
    expect(theGame.privateView(state, "ann").canEndTurn).toBe(false);
    state = must(state, "ann", playMove(60, 1));
    expect(theGame.privateView(state, "ann").canEndTurn).toBe(true);
    expect(theGame.privateView(state, "bob").canEndTurn).toBe(false);
  });

  it("in the claim phase nobody has playable cards or may end a turn", () => {
    const state = theGame.setup(["a", "b"], {}, 4);
    const view = theGame.privateView(state, "a");
    expect(view.hand).toHaveLength(7);
    expect(Object.values(view.playable).every((piles) => piles.length === 0)).toBe(true);
    expect(view.canEndTurn).toBe(false);
  });

  it("a draw pile of hidden cards stays hidden even when it holds values such as 2..6", () => {
    const state = table({ hands: { solo: [50] }, drawPile: drawPileOf(5) });
    expect(theGame.publicView(state).drawPileCount).toBe(5);
    expect(JSON.stringify(theGame.publicView(state))).not.toContain("[2,3,4,5,6]");
  });
});
