import { describe, expect, it } from "vitest";
import {
  fourKings,
  legalAssignments,
  partialAssignmentError,
  placeableOn,
  stackChoice,
  validateAssignment,
  winsDrawnCard,
} from "../../../src/games/fourkings/engine/index.js";
import { assignState, card, cards, codes, errorOf, PLAYER, play } from "./fixtures.js";

const assign = (...stacks: string[]) => ({ type: "assign" as const, stacks: stacks.map(cards) });

describe("step 3: placing hand cards on the drawn cards", () => {
  it("places at most 3 cards on one drawn card in round 1", () => {
    const state = assignState("AS 2S 3S 3H 2D", "6S 5D");
    expect(errorOf(fourKings.apply(state, PLAYER, assign("AS 2S 3S", "2D")))).toBeNull();
    const four = assignState("AS 2S 3S AH 2H 3H", "6S 5D");
    expect(errorOf(fourKings.apply(four, PLAYER, assign("AH 2H 3H AS", "2S")))?.key).toBe(
      "fourkings.tooManyOnCard",
    );
  });

  it("places at most 2 cards on one drawn card in rounds 2 and 3", () => {
    for (const round of [2, 3] as const) {
      const state = assignState("7S 2S AS", "9S 9D", { round });
      expect(errorOf(fourKings.apply(state, PLAYER, assign("7S 2S", "AS")))).toBeNull();
      const three = assignState("7S 2S AS AD", "9S 9D", { round });
      expect(errorOf(fourKings.apply(three, PLAYER, assign("7S 2S AS", "AD")))).toEqual({
        key: "fourkings.tooManyOnCard",
        params: { card: "9♠", max: 2 },
      });
    }
  });

  it("places at least 1 card on every drawn card", () => {
    const state = assignState("AS 2S 3S 3H 2D", "6S 5D");
    expect(errorOf(fourKings.apply(state, PLAYER, assign("AS 2S 3S", "")))).toEqual({
      key: "fourkings.emptyStack",
      params: { card: "5♦" },
    });
    expect(errorOf(fourKings.apply(state, PLAYER, assign("AS 2S 3S")))).toEqual({
      key: "fourkings.stackCount",
      params: { count: 2 },
    });
  });

  it("puts cards of one suit only on one drawn card (the drawn card's suit or not)", () => {
    const state = assignState("AS 2S 3S 3H 2D", "6S 5D");
    expect(errorOf(fourKings.apply(state, PLAYER, assign("AS 3H", "2D")))).toEqual({
      key: "fourkings.mixedSuits",
      params: { card: "6♠" },
    });
    // One suit that is not the drawn card's is allowed.
    expect(errorOf(fourKings.apply(state, PLAYER, assign("3H", "AS 2S 3S")))).toBeNull();
  });

  it("uses each hand card once and only hand cards", () => {
    const state = assignState("AS 2S 3S 3H 2D", "6S 5D");
    expect(errorOf(fourKings.apply(state, PLAYER, assign("AS 2S", "2S")))).toEqual({
      key: "fourkings.cardTwice",
      params: { card: "2♠" },
    });
    expect(errorOf(fourKings.apply(state, PLAYER, assign("AS 2S", "AD")))).toEqual({
      key: "fourkings.notInHand",
      params: { card: "A♦" },
    });
  });

  it("refuses malformed assignments without throwing", () => {
    const state = assignState("AS 2S 3S 3H 2D", "6S 5D");
    for (const stacks of [null, "AS", [["AS"]], [[{ rank: 14, suit: "S" }], []], [{}, {}]]) {
      expect(errorOf(fourKings.apply(state, PLAYER, { type: "assign", stacks } as never))?.key).toBe(
        "core.malformedMove",
      );
    }
  });
});

describe("step 4: when a drawn card is won", () => {
  it("wins with cards of its suit worth at least its value (equal is enough)", () => {
    expect(winsDrawnCard(card("6S"), cards("AS 2S 3S"))).toBe(true);
    expect(winsDrawnCard(card("6S"), cards("2S 3S"))).toBe(false);
    expect(winsDrawnCard(card("KH"), cards("10H 3H"))).toBe(true);
    expect(winsDrawnCard(card("KH"), cards("10H 2H"))).toBe(false);
    expect(winsDrawnCard(card("4D"), cards("4D"))).toBe(true);
  });

  it("wins with cards of another suit worth at least three times its value (equal is enough)", () => {
    expect(winsDrawnCard(card("4S"), cards("4H 5H 3H"))).toBe(true);
    expect(winsDrawnCard(card("4S"), cards("4H 5H 2H"))).toBe(false);
    expect(winsDrawnCard(card("AS"), cards("3D"))).toBe(true);
    expect(winsDrawnCard(card("AS"), cards("2D"))).toBe(false);
    expect(winsDrawnCard(card("7C"), cards("10D 9D"))).toBe(false);
    expect(winsDrawnCard(card("6C"), cards("10D 8D"))).toBe(true);
  });

  it("counts A as 1 and J, Q, K as 11, 12, 13", () => {
    expect(winsDrawnCard(card("JS"), cards("10S AS"))).toBe(true);
    expect(winsDrawnCard(card("QS"), cards("10S AS"))).toBe(false);
    expect(winsDrawnCard(card("QS"), cards("JS AS"))).toBe(true);
    expect(winsDrawnCard(card("4H"), cards("KS"))).toBe(true);
    expect(winsDrawnCard(card("5H"), cards("KS"))).toBe(false);
  });

  it("resolves in the game: a same-suit stack equal to the value wins, one short loses", () => {
    const state = assignState("AS 2S 3S AD 2D", "6S 4D", { controlled: [] });
    const next = play(state, assign("AS 2S 3S", "AD 2D"));
    expect(next.lastTurn?.stacks.map((s) => s.won)).toEqual([true, false]);
  });

  it("resolves in the game: another suit at exactly three times wins, one short loses", () => {
    const state = assignState("6H 5H AH 6D 5D", "4S 4C", { controlled: [] });
    const next = play(state, assign("6H 5H AH", "6D 5D"));
    expect(next.lastTurn?.stacks.map((s) => s.won)).toEqual([true, false]);
  });
});

describe("steps 5–7: where the cards go", () => {
  it("makes a won card and the cards on it controlled", () => {
    const state = assignState("AS 2S 3S AD 2D", "6S 4D", { controlled: cards("3C"), lostPile: [] });
    const next = play(state, assign("AS 2S 3S", "AD 2D"));
    expect(codes(next.controlled)).toEqual(codes(cards("3C 6S AS 2S 3S")));
  });

  it("sends a card not won to the lost pile together with the cards placed on it", () => {
    const state = assignState("AS 2S 3S AD 2D", "6S 4D", { controlled: cards("3C"), lostPile: cards("5H") });
    const next = play(state, assign("AS 2S 3S", "AD 2D"));
    expect(codes(next.lostPile)).toEqual(codes(cards("5H 4D AD 2D")));
    expect(next.lastTurn?.stacks[1]).toEqual({ drawn: card("4D"), placed: cards("AD 2D"), won: false });
  });

  it("returns hand cards not placed to the controlled cards", () => {
    const state = assignState("AS 2S 3S AD 2D", "6S 4D", { controlled: cards("3C") });
    const next = play(state, assign("AS 2S 3S", "AD"));
    expect(codes(next.controlled)).toEqual(codes(cards("3C 6S AS 2S 3S 2D")));
    expect(next.lastTurn?.returned).toEqual(cards("2D"));
    expect(next.hand).toEqual([]);
    expect(next.drawn).toEqual([]);
  });

  it("keeps a record of the finished turn for the UI", () => {
    const state = assignState("AS 2S 3S AD 2D", "6S 4D", { controlled: cards("3C"), turn: 4 });
    const next = play(state, assign("AS 2S 3S", "AD"));
    expect(next.lastTurn).toEqual({
      turn: 5,
      round: 1,
      stacks: [
        { drawn: card("6S"), placed: cards("AS 2S 3S"), won: true },
        { drawn: card("4D"), placed: cards("AD"), won: false },
      ],
      returned: cards("2D"),
      reshuffled: false,
    });
    expect(fourKings.publicView(next).lastTurn).toEqual(next.lastTurn);
    expect(next.turn).toBe(5);
  });
});

describe("helpers for the UI", () => {
  it("validateAssignment gives the reason a full assignment is refused", () => {
    const turn = { round: 2 as const, hand: cards("7S 2S AH"), drawn: cards("9S 9D") };
    expect(validateAssignment(turn, [cards("7S 2S"), cards("AH")])).toBeNull();
    expect(validateAssignment(turn, [cards("7S 2S"), []])?.key).toBe("fourkings.emptyStack");
  });

  it("partialAssignmentError says why stacks built so far cannot be completed", () => {
    const turn = { round: 1 as const, hand: cards("AS 2S 3S AH 2D"), drawn: cards("6S 5D") };
    expect(partialAssignmentError(turn, [[], []])).toBeNull();
    expect(partialAssignmentError(turn, [cards("AS 2S"), []])).toBeNull();
    expect(partialAssignmentError(turn, [[], cards("AS AH")])).toEqual(
      validateAssignment({ ...turn, drawn: cards("5D") }, [cards("AS AH")]),
    );
    const tight = { round: 2 as const, hand: cards("7S 2S"), drawn: cards("9S 9D") };
    expect(partialAssignmentError(tight, [cards("7S 2S"), []])?.key).toBe("fourkings.emptyStack");
    expect(partialAssignmentError(tight, [cards("7S"), cards("7S")])?.key).toBe("fourkings.cardTwice");
  });

  it("placeableOn lists the hand cards that may still go on a drawn card", () => {
    const turn = { round: 1 as const, hand: cards("AS 2S 3S AH 2D"), drawn: cards("6S 5D") };
    expect(codes(placeableOn(turn, [[], []], 0))).toEqual(codes(turn.hand));
    // Same suit as the stack, unused, and one card kept back for the empty drawn card.
    expect(codes(placeableOn(turn, [cards("AS"), []], 0))).toEqual(codes(cards("2S 3S")));
    expect(codes(placeableOn(turn, [cards("AS 2S"), cards("2D")], 0))).toEqual(codes(cards("3S")));
    expect(placeableOn(turn, [cards("AS 2S 3S"), []], 0)).toEqual([]);
    const tight = { round: 2 as const, hand: cards("7S 2S"), drawn: cards("9S 9D") };
    expect(placeableOn(tight, [cards("7S"), []], 0)).toEqual([]);
    expect(placeableOn(tight, [[], []], 5)).toEqual([]);
  });

  it("stackChoice: the cards a drawn card's stack may be chosen from anew, and how many at most", () => {
    const turn = { round: 1 as const, hand: cards("AS 2S 3S AH 2D"), drawn: cards("6S 5D") };
    // Its own stack does not count; one card stays back for the other, still empty, drawn card.
    for (const own of [[], cards("AS"), cards("AH 2S")])
      expect(stackChoice(turn, [own, []], 0)).toEqual({ cards: turn.hand, max: 3 });
    expect(stackChoice(turn, [[], cards("2D")], 0)).toEqual({ cards: cards("AS 2S 3S AH"), max: 3 });
    expect(stackChoice(turn, [cards("AS 2S"), cards("2D AH")], 1)).toEqual({
      cards: cards("3S AH 2D"),
      max: 3,
    });
    const round2 = { round: 2 as const, hand: cards("7S 2S AD"), drawn: cards("9S 9D") };
    expect(stackChoice(round2, [[], []], 1)).toEqual({ cards: round2.hand, max: 2 });
    const tight = { round: 2 as const, hand: cards("7S 2S"), drawn: cards("9S 9D") };
    expect(stackChoice(tight, [[], []], 0)).toEqual({ cards: tight.hand, max: 1 });
    expect(stackChoice(tight, [[], cards("7S 2S")], 0)).toEqual({ cards: [], max: 0 });
    expect(stackChoice(tight, [[], []], 5)).toEqual({ cards: [], max: 0 });
  });

  it("legalAssignments lists exactly the legal full assignments, each once", () => {
    const turn = { round: 1 as const, hand: cards("AS 2S 3S AH 2D"), drawn: cards("6S 5D") };
    const all = legalAssignments(turn);
    expect(all.every((stacks) => validateAssignment(turn, stacks) === null)).toBe(true);
    expect(new Set(all.map((s) => JSON.stringify(s))).size).toBe(all.length);
    // Count by brute force over every way to give each hand card to card 0, card 1 or neither.
    let legal = 0;
    for (let code = 0; code < 3 ** 5; code++) {
      const stacks: (typeof turn.hand)[] = [[], []];
      let rest = code;
      for (const c of turn.hand) {
        const where = rest % 3;
        rest = Math.floor(rest / 3);
        if (where < 2) stacks[where]?.push(c);
      }
      if (validateAssignment(turn, stacks) === null) legal++;
    }
    expect(all).toHaveLength(legal);
  });
});
