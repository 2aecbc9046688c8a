import { describe, expect, it } from "vitest";
import { fourKings } from "../../../src/games/fourkings/engine/index.js";
import { cardCountsToward, stackForecast } from "../../../src/games/fourkings/engine/views.js";
import { card, cards, codes, PLAYER, play, stateWith } from "./fixtures.js";

const withLostPile = (peek: boolean) =>
  stateWith({
    options: { peek },
    controlled: cards("AS 2S 3S AH 2H 3H"),
    drawPiles: [cards("4C 5C 6C"), cards("7S 8S"), cards("KS")],
    lostPile: cards("6D 3D 4H"),
  });

describe("information (§5 Information)", () => {
  it("shows the draw piles as counts only", () => {
    const view = fourKings.publicView(withLostPile(false));
    expect(view.drawPileCounts).toEqual([3, 2, 1]);
    expect(view).not.toHaveProperty("drawPiles");
    const text = JSON.stringify(view);
    for (const code of ['"rank":4,"suit":"C"', '"rank":7,"suit":"S"', '"rank":13']) {
      expect(text).not.toContain(code);
    }
  });

  it("shows the lost pile as a count only without peek", () => {
    const view = fourKings.publicView(withLostPile(false));
    expect(view.lostPileCount).toBe(3);
    expect(view.lostPile).toBeNull();
    expect(JSON.stringify(view)).not.toContain('"suit":"D"');
    expect(fourKings.privateView(withLostPile(false), PLAYER).lostPile).toBeNull();
  });

  it("shows the lost pile's contents, sorted, with peek", () => {
    const view = fourKings.publicView(withLostPile(true));
    expect(view.lostPileCount).toBe(3);
    expect(view.lostPile).toEqual(cards("4H 6D 3D"));
  });

  it("never reveals the draw pile's order", () => {
    const state = withLostPile(true);
    const reordered = { ...state, drawPiles: [cards("6C 4C 5C"), cards("8S 7S"), cards("KS")] };
    expect(fourKings.publicView(reordered)).toEqual(fourKings.publicView(state));
  });

  it("shows the controlled cards, the hand and the drawn cards with what each drawn card needs", () => {
    const state = play(withLostPile(false), { type: "chooseHand", cards: cards("AS 2S 3S AH 2H") });
    const view = fourKings.publicView(state);
    expect(codes(view.controlled)).toEqual(codes(cards("3H")));
    expect(codes(view.hand)).toEqual(codes(cards("AS 2S 3S AH 2H")));
    expect(view.drawn).toEqual(cards("6C 5C"));
    expect(view.requirements).toEqual([
      { suit: "C", sameSuit: 6, otherSuit: 18 },
      { suit: "C", sameSuit: 5, otherSuit: 15 },
    ]);
    expect(view.handSize).toBe(5);
    expect(view.maxPerCard).toBe(3);
    expect(view.drawPileCounts).toEqual([1, 2, 1]);
  });

  it("gives the player a private view that says they may act", () => {
    const state = withLostPile(false);
    const mine = fourKings.privateView(state, PLAYER);
    expect(mine).toMatchObject({ ...fourKings.publicView(state), viewer: PLAYER, canAct: true });
    expect(fourKings.privateView(state, "someone").canAct).toBe(false);
    expect(fourKings.privateView({ ...state, phase: "over" }, PLAYER).canAct).toBe(false);
  });

  it("never hands out the state's own arrays", () => {
    const state = withLostPile(true);
    const view = fourKings.publicView(state);
    view.controlled.pop();
    view.lostPile?.pop();
    expect(state.controlled).toHaveLength(6);
    expect(state.lostPile).toHaveLength(3);
  });
});

describe("the round's goal in the view (§3 rounds)", () => {
  it("round 1: every card up to 6, controlled or in hand, of the 24 there are", () => {
    const view = fourKings.publicView(
      stateWith({ round: 1, controlled: cards("AS 6S 7S KH"), hand: cards("6D 10C") }),
    );
    expect(view.progress).toEqual({ have: 3, need: 24, top: 6 });
  });

  it("round 2: every card up to 10, of the 40 there are", () => {
    const view = fourKings.publicView(
      stateWith({ round: 2, controlled: cards("AS 6S 10S JH"), hand: cards("10D QC") }),
    );
    expect(view.progress).toEqual({ have: 4, need: 40, top: 10 });
  });

  it("round 3: the four Kings", () => {
    const view = fourKings.publicView(
      stateWith({ round: 3, controlled: cards("KS QS KH"), hand: cards("KD") }),
    );
    expect(view.progress).toEqual({ have: 3, need: 4, top: null });
  });
});

describe("rule facts the view states (§2 Setup, §4 Step 4)", () => {
  it("draw piles I, II, III hold ranks 4–6, 7–10 and Jack–King", () => {
    expect(fourKings.publicView(stateWith({})).drawPileRanks).toEqual([
      { lowest: 4, highest: 6 },
      { lowest: 7, highest: 10 },
      { lowest: 11, highest: 13 },
    ]);
  });

  it("a stack wins its drawn card at the card's value in its suit, or three times it in another suit", () => {
    expect(stackForecast(card("6S"), cards("AS 2S 3S"))).toEqual({
      requirement: { suit: "S", sameSuit: 6, otherSuit: 18 },
      sum: 6,
      target: 6,
      wins: true,
    });
    expect(stackForecast(card("6S"), cards("10D 7D"))).toMatchObject({ sum: 17, target: 18, wins: false });
    expect(stackForecast(card("6S"), [])).toMatchObject({ sum: 0, target: null, wins: false });
  });

  it("a hand card counts toward the same-suit need in the drawn card's suit, else toward the other-suit need", () => {
    const need = { suit: "H" as const, sameSuit: 5, otherSuit: 15 };
    expect(cardCountsToward(need, card("2H"))).toEqual({ same: true, target: 5 });
    expect(cardCountsToward(need, card("2C"))).toEqual({ same: false, target: 15 });
  });
});
