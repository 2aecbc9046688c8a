import { describe, expect, it } from "vitest";
import { fourKings } from "../../../src/games/fourkings/engine/index.js";
import { card, cards, codes, play, playWithEvents, stateWith } from "./fixtures.js";

const choose = (list: string) => ({ type: "chooseHand" as const, cards: cards(list) });

describe("step 2 rulings: running out of cards while drawing", () => {
  it("shuffles the lost pile into a new draw pile mid-draw and keeps drawing", () => {
    const state = stateWith({
      controlled: cards("AS 2S 3S AH 2H 3H"),
      drawPiles: [cards("6D"), cards("7S"), cards("KS")],
      lostPile: cards("4C 5C 6C AD 2D"),
    });
    const { state: next, events } = playWithEvents(state, choose("AS 2S 3S AH 2H"));
    expect(next.drawn[0]).toEqual(card("6D"));
    expect(next.drawn).toHaveLength(2);
    expect(next.lostPile).toEqual([]);
    expect(next.drawPiles[0]).toHaveLength(4);
    expect(codes([...next.drawn.slice(1), ...(next.drawPiles[0] ?? [])])).toEqual(
      codes(cards("4C 5C 6C AD 2D")),
    );
    expect(next.reshuffledOnDraw).toBe(true);
    expect(fourKings.publicView(next).reshuffledOnDraw).toBe(true);
    expect(events).toContain("fourkings.event.reshuffled");
    // The other rounds' piles are untouched.
    expect(next.drawPiles[1]).toEqual(cards("7S"));
  });

  it("draws just 1 card when the draw pile and the lost pile hold only one between them", () => {
    const fromDraw = stateWith({
      controlled: cards("AS 2S 3S AH 2H"),
      drawPiles: [cards("6D"), [], []],
      lostPile: [],
    });
    const a = play(fromDraw, choose("AS 2S 3S AH 2H"));
    expect(a.drawn).toEqual(cards("6D"));
    expect(a.phase).toBe("assign");
    const fromLost = stateWith({
      controlled: cards("AS 2S 3S AH 2H"),
      drawPiles: [[], [], []],
      lostPile: cards("4H"),
    });
    const b = play(fromLost, choose("AS 2S 3S AH 2H"));
    expect(b.drawn).toEqual(cards("4H"));
    expect(b.reshuffledOnDraw).toBe(true);
    // One drawn card takes one list of placed cards.
    const done = play(b, { type: "assign", stacks: [cards("AH")] });
    expect(done.reshuffledOnDraw).toBe(false);
    expect(done.lastTurn?.stacks).toEqual([{ drawn: card("4H"), placed: cards("AH"), won: false }]);
  });
});

describe("step 7: an empty draw pile is refilled from the lost pile after the turn", () => {
  it("shuffles the lost pile, with this turn's lost cards, into the new draw pile", () => {
    const state = stateWith({
      phase: "assign",
      controlled: cards("3D 3C"),
      hand: cards("AS 2S 3S AH 2H"),
      drawn: cards("6S 6D"),
      drawPiles: [[], cards("7S"), cards("KS")],
      lostPile: cards("4C 5C"),
    });
    const next = play(state, { type: "assign", stacks: [cards("AS 2S 3S"), cards("AH")] });
    expect(next.lostPile).toEqual([]);
    expect(codes(next.drawPiles[0] ?? [])).toEqual(codes(cards("4C 5C 6D AH")));
    expect(next.lastTurn?.reshuffled).toBe(true);
    expect(next.phase).toBe("chooseHand");
  });

  it("leaves the lost pile alone while the draw pile still has cards", () => {
    const state = stateWith({
      phase: "assign",
      controlled: cards("3D 3C"),
      hand: cards("AS 2S 3S AH 2H"),
      drawn: cards("6S 6D"),
      drawPiles: [cards("5S"), cards("7S"), cards("KS")],
      lostPile: [],
    });
    const next = play(state, { type: "assign", stacks: [cards("AS 2S 3S"), cards("AH")] });
    expect(codes(next.lostPile)).toEqual(codes(cards("6D AH")));
    expect(next.drawPiles[0]).toEqual(cards("5S"));
    expect(next.lastTurn?.reshuffled).toBe(false);
  });
});
