import { describe, expect, it } from "vitest";
import { type Card, sameCard, standardDeck } from "../../../src/engine/core/cards.js";
import { fourKings, TURN_LIMIT } from "../../../src/games/fourkings/engine/index.js";
import type { FourKingsState } from "../../../src/games/fourkings/engine/types.js";
import { assignState, cards, codes, PLAYER, play, playWithEvents } from "./fixtures.js";

const assign = (...stacks: string[]) => ({ type: "assign" as const, stacks: stacks.map(cards) });

/** Every card up to `top` except `but`. */
function deckUpTo(top: number, but: readonly Card[]): Card[] {
  return standardDeck().filter((c) => c.rank <= top && !but.some((b) => sameCard(b, c)));
}

describe("round end, checked after each turn", () => {
  it("ends round 1 when all 24 cards A–6 are controlled: round 2 draws 2 from pile II with a new lost pile", () => {
    const inPlay = cards("AS 2S 3S 4D 2D 6S 6D");
    const pileTwo = cards("7S 8S 9S 10S");
    const state = assignState("AS 2S 3S 4D 2D", "6S 6D", {
      controlled: deckUpTo(6, inPlay),
      drawPiles: [[], pileTwo, cards("KS")],
      lostPile: [],
    });
    const { state: next, events } = playWithEvents(state, assign("AS 2S 3S", "4D 2D"));
    expect(next.controlled).toHaveLength(24);
    expect(next.round).toBe(2);
    expect(next.lostPile).toEqual([]);
    expect(next.phase).toBe("chooseHand");
    expect(events).toContain("fourkings.event.roundStarted");
    const drawn = play(next, { type: "chooseHand", cards: cards("6S 5S 4S") });
    expect(drawn.drawn).toEqual(cards("10S 9S"));
    expect(drawn.drawPiles[1]).toEqual(cards("7S 8S"));
    expect(fourKings.publicView(drawn).maxPerCard).toBe(2);
  });

  it("does not end round 1 while one card A–6 is not controlled", () => {
    const state = assignState("AS 2S 3S 4D 2D", "6S 6D", {
      controlled: deckUpTo(6, cards("AS 2S 3S 4D 2D 6S 6D 5C")),
      drawPiles: [[], cards("7S"), cards("KS")],
      lostPile: cards("5C"),
    });
    const next = play(state, assign("AS 2S 3S", "4D 2D"));
    expect(next.round).toBe(1);
    // The emptied draw pile was refilled from the lost pile.
    expect(next.drawPiles[0]).toEqual(cards("5C"));
  });

  it("ends round 2 when all 40 cards A–10 are controlled: round 3 draws from pile III", () => {
    const state = assignState("10S 2S 9D", "9S 8D", {
      round: 2,
      controlled: deckUpTo(10, cards("10S 2S 9D 9S 8D")),
      drawPiles: [[], [], cards("QH KS")],
      lostPile: [],
    });
    const next = play(state, assign("10S", "9D"));
    expect(next.controlled).toHaveLength(40);
    expect(next.round).toBe(3);
    const drawn = play(next, { type: "chooseHand", cards: cards("10S 10H 10D") });
    expect(drawn.drawn).toEqual(cards("KS QH"));
  });

  it("does not end round 2 with a card A–10 in the lost pile", () => {
    const state = assignState("10S 2S 9D", "9S 8D", {
      round: 2,
      controlled: deckUpTo(10, cards("10S 2S 9D 9S 8D AH")),
      drawPiles: [[], [], cards("KS")],
      lostPile: cards("AH"),
    });
    expect(play(state, assign("10S", "9D")).round).toBe(2);
  });
});

describe("the end of the game", () => {
  const roundThree = (controlledKings: string, hand: string, drawn: string): FourKingsState =>
    assignState(hand, drawn, {
      round: 3,
      controlled: [...deckUpTo(10, cards(hand)), ...cards(controlledKings)],
      drawPiles: [[], [], cards("JS JH")],
      lostPile: cards("QC JD"),
    });

  it("is won in round 3 as soon as all 4 Kings are controlled", () => {
    const state = roundThree("KH KD KC", "10S 3S 2H", "KS QS");
    const { state: next, events } = playWithEvents(state, assign("10S 3S", "2H"));
    expect(next.phase).toBe("over");
    expect(next.endReason).toBe("won");
    expect(fourKings.actors(next)).toEqual([]);
    const outcome = fourKings.outcome(next);
    expect(outcome?.results[PLAYER]).toEqual({ result: "win", score: next.controlled.length });
    expect(outcome?.summary).toEqual({
      key: "fourkings.outcome.won",
      params: { round: 3, controlled: next.controlled.length, turns: next.turn },
    });
    expect(events).toContain("fourkings.outcome.won");
    expect(fourKings.publicView(next).kingsControlled).toBe(4);
  });

  it("is not won with 3 Kings controlled", () => {
    const state = roundThree("KH KD", "10S 3S 2H", "KS QS");
    const next = play(state, assign("10S 3S", "2H"));
    expect(next.phase).toBe("chooseHand");
    expect(fourKings.outcome(next)).toBeNull();
  });

  it("is lost when fewer than 2 cards are controlled at the start of a turn", () => {
    const state = assignState("AS 2S", "6D 5H", { controlled: [], drawPiles: [cards("4S"), [], []] });
    const next = play(state, assign("AS", "2S"));
    expect(next.controlled).toHaveLength(0);
    expect(next.endReason).toBe("tooFewCards");
    expect(fourKings.outcome(next)?.results[PLAYER]).toEqual({ result: "loss", score: 0 });
    const one = play(
      assignState("AS 2S 3H", "6D 4H", { controlled: [], drawPiles: [cards("4S"), [], []] }),
      assign("AS", "3H"),
    );
    expect(codes(one.controlled)).toEqual(codes(cards("2S")));
    expect(one.endReason).toBe("tooFewCards");
  });

  it("goes on with exactly 2 cards controlled", () => {
    const state = assignState("AS 2S 3H 2H", "6D 4C", { controlled: [], drawPiles: [cards("4S"), [], []] });
    const next = play(state, assign("AS", "2S"));
    expect(next.controlled).toHaveLength(2);
    expect(next.phase).toBe("chooseHand");
    expect(play(next, { type: "chooseHand", cards: cards("3H 2H") }).hand).toHaveLength(2);
  });
});

describe("the turn limit (a game could otherwise cycle for ever)", () => {
  it(`loses the game when turn ${TURN_LIMIT} ends without a win`, () => {
    const state = assignState("AS 2S 3S AD 2D", "6S 4D", {
      controlled: cards("3C 3H"),
      turn: TURN_LIMIT - 1,
    });
    const next = play(state, assign("AS 2S 3S", "AD"));
    expect(next.turn).toBe(TURN_LIMIT);
    expect(next.endReason).toBe("turnLimit");
    expect(fourKings.outcome(next)?.results[PLAYER]?.result).toBe("loss");
    expect(fourKings.outcome(next)?.summary.key).toBe("fourkings.outcome.turnLimit");
    const earlier = play({ ...state, turn: TURN_LIMIT - 2 }, assign("AS 2S 3S", "AD"));
    expect(earlier.phase).toBe("chooseHand");
  });

  it("stops a player who wins one card and gives up the other every turn, which no rule ends", () => {
    // Round 2 with only 10♠ and 10♥ uncontrolled. Turn A: win 10♠ with 9♠ A♠, give up 10♥ with 2♣.
    // Turn B: win 2♣ back with 3♣, give up 10♥ with 10♠. Both cards are back where they were.
    const missing = cards("10S 10H");
    let state: FourKingsState = {
      ...fourKings.setup([PLAYER], {}, 9),
      round: 2,
      controlled: deckUpTo(10, missing),
      drawPiles: [[], missing, cards("KS KH KD KC")],
    };
    const turnA = { hand: "9S AS 2C", on: { "10S": "9S AS", "10H": "2C" } as Record<string, string> };
    const turnB = { hand: "3C 10S 4C", on: { "2C": "3C", "10H": "10S" } as Record<string, string> };
    let plan = turnA;
    while (state.phase !== "over") {
      if (state.phase === "chooseHand") {
        plan = state.controlled.some((c) => c.rank === 10 && c.suit === "S") ? turnB : turnA;
        state = play(state, { type: "chooseHand", cards: cards(plan.hand) });
      } else {
        const stacks = state.drawn.map((c) => cards(plan.on[`${c.rank}${c.suit}`] ?? ""));
        state = play(state, { type: "assign", stacks });
      }
      expect(state.controlled.length + state.hand.length).toBe(38);
    }
    expect(state.endReason).toBe("turnLimit");
    expect(state.turn).toBe(TURN_LIMIT);
    expect(state.round).toBe(2);
  });
});
