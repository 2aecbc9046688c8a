import { describe, expect, it } from "vitest";
import { fourKings, requiredHandSize } from "../../../src/games/fourkings/engine/index.js";
import { cards, codes, errorOf, PLAYER, play, stateWith } from "./fixtures.js";

const choose = (codesList: string) => ({ type: "chooseHand" as const, cards: cards(codesList) });

describe("step 1: choose the hand from the controlled cards", () => {
  it("takes 5 cards in round 1", () => {
    const state = fourKings.setup([PLAYER], {}, 1);
    expect(errorOf(fourKings.apply(state, PLAYER, choose("AS 2S 3S AH")))).toEqual({
      key: "fourkings.handSize",
      params: { required: 5 },
    });
    expect(errorOf(fourKings.apply(state, PLAYER, choose("AS 2S 3S AH 2H 3H")))?.key).toBe(
      "fourkings.handSize",
    );
    const next = play(state, choose("AS 2S 3S AH 2H"));
    expect(codes(next.hand)).toEqual(codes(cards("AS 2S 3S AH 2H")));
    expect(next.controlled).toHaveLength(7);
  });

  it("takes 3 cards in rounds 2 and 3", () => {
    for (const round of [2, 3] as const) {
      const state = stateWith({ round, controlled: cards("AS 2S 3S AH 2H 10D") });
      expect(errorOf(fourKings.apply(state, PLAYER, choose("AS 2S 3S AH")))).toEqual({
        key: "fourkings.handSize",
        params: { required: 3 },
      });
      expect(play(state, choose("AS 2S 10D")).hand).toHaveLength(3);
    }
  });

  it("takes all controlled cards when fewer than the hand size are controlled (ruling)", () => {
    const state = stateWith({ controlled: cards("AS 2S 3H") });
    expect(errorOf(fourKings.apply(state, PLAYER, choose("AS 2S")))).toEqual({
      key: "fourkings.handSize",
      params: { required: 3 },
    });
    expect(play(state, choose("AS 2S 3H")).controlled).toEqual([]);
    const round2 = stateWith({ round: 2, controlled: cards("AS 2S") });
    expect(play(round2, choose("AS 2S")).hand).toHaveLength(2);
    expect(requiredHandSize(1, 4)).toBe(4);
    expect(requiredHandSize(2, 40)).toBe(3);
  });

  it("takes only controlled cards, each once", () => {
    const state = fourKings.setup([PLAYER], {}, 1);
    expect(errorOf(fourKings.apply(state, PLAYER, choose("AS 2S 3S AH 5H")))).toEqual({
      key: "fourkings.notControlled",
      params: { card: "5♥" },
    });
    expect(errorOf(fourKings.apply(state, PLAYER, choose("AS 2S 3S AH AS")))).toEqual({
      key: "fourkings.cardTwice",
      params: { card: "A♠" },
    });
  });

  it("refuses cards with stray fields, and keeps the state's own cards, not the move's", () => {
    const state = fourKings.setup([PLAYER], {}, 1);
    const padded = cards("AS 2S 3S AH 2H").map((c) => ({ ...c, extra: "x" }));
    expect(errorOf(fourKings.apply(state, PLAYER, { type: "chooseHand", cards: padded } as never))?.key).toBe(
      "core.malformedMove",
    );
    const move = choose("AS 2S 3S AH 2H");
    const next = play(state, move);
    for (const c of move.cards) c.rank = 9;
    expect(codes(next.hand)).toEqual(codes(cards("AS 2S 3S AH 2H")));
    const placed = next.hand.map((c) => ({ ...c, extra: "x" }));
    const stacks = next.drawn.map((_, i) => [placed[i]]);
    expect(errorOf(fourKings.apply(next, PLAYER, { type: "assign", stacks } as never))?.key).toBe(
      "core.malformedMove",
    );
  });

  it("refuses malformed hands and moves without throwing", () => {
    const state = fourKings.setup([PLAYER], {}, 1);
    const bad: unknown[] = [
      null,
      "chooseHand",
      { type: "chooseHand" },
      { type: "chooseHand", cards: "AS" },
      { type: "chooseHand", cards: [{ rank: 0, suit: "S" }, 1, 2, 3, 4] },
      { type: "pass" },
    ];
    for (const move of bad) {
      expect(errorOf(fourKings.apply(state, PLAYER, move as never))?.key).toBe("core.malformedMove");
    }
  });

  it("refuses another user and any move once the game is over", () => {
    const state = fourKings.setup([PLAYER], {}, 1);
    expect(errorOf(fourKings.apply(state, "someone", choose("AS 2S 3S AH 2H")))?.key).toBe("core.notSeated");
    const over = { ...state, phase: "over" as const, endReason: "tooFewCards" as const };
    expect(errorOf(fourKings.apply(over, PLAYER, choose("AS 2S 3S AH 2H")))?.key).toBe("core.gameOver");
  });
});

describe("step 2: the draw follows the hand at once, never before it", () => {
  it("draws nothing before the hand is chosen, and 2 cards right after", () => {
    const state = fourKings.setup([PLAYER], {}, 5);
    expect(state.drawn).toEqual([]);
    expect(fourKings.publicView(state).drawn).toEqual([]);
    const top2 = (state.drawPiles[0] ?? []).slice(-2).reverse();
    const next = play(state, choose("AS 2S 3S AH 2H"));
    expect(next.phase).toBe("assign");
    expect(next.drawn).toEqual(top2);
    expect(next.drawPiles[0]).toHaveLength(10);
  });

  it("lets no hand be chosen again once the cards are drawn", () => {
    const drawnState = play(fourKings.setup([PLAYER], {}, 5), choose("AS 2S 3S AH 2H"));
    expect(errorOf(fourKings.apply(drawnState, PLAYER, choose("3D 2D AD 3C 2C")))?.key).toBe(
      "core.wrongPhase",
    );
  });

  it("allows no assignment before the draw", () => {
    const state = fourKings.setup([PLAYER], {}, 5);
    const result = fourKings.apply(state, PLAYER, { type: "assign", stacks: [cards("AS"), cards("2S")] });
    expect(errorOf(result)?.key).toBe("core.wrongPhase");
  });
});
