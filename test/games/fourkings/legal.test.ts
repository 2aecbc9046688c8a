import { describe, expect, it } from "vitest";
import type { Card } from "../../../src/engine/core/cards.js";
import {
  type FourKingsMove,
  type FourKingsState,
  fourKings,
  parseMove,
} from "../../../src/games/fourkings/engine/index.js";
import { hasKey } from "../../../src/i18n/index.js";
import { assignState, card, cards, errorOf, PLAYER, stateWith } from "./fixtures.js";

const key = (move: unknown): string => JSON.stringify(move);

/** Every subset of `list` (in list order), as bit masks 0 .. 2^n - 1. */
function subsets<T>(list: readonly T[]): T[][] {
  return Array.from({ length: 2 ** list.length }, (_, mask) => list.filter((_, i) => mask & (1 << i)));
}

/** Every way to give each hand card to one drawn card or to none, cards in hand order. */
function distributions(state: FourKingsState): Card[][][] {
  const out: Card[][][] = [];
  const ways = state.drawn.length + 1;
  for (let code = 0; code < ways ** state.hand.length; code++) {
    const stacks: Card[][] = state.drawn.map(() => []);
    let rest = code;
    for (const c of state.hand) {
      const where = rest % ways;
      rest = Math.floor(rest / ways);
      if (where < state.drawn.length) stacks[where]?.push(c);
    }
    out.push(stacks);
  }
  return out;
}

/** The listed moves are distinct and stable, and exactly the candidates `apply` accepts are listed. */
function expectComplete(state: FourKingsState, candidates: FourKingsMove[]): FourKingsMove[] {
  const legal = fourKings.legalMoves(state, PLAYER);
  const listed = new Set(legal.map(key));
  expect(listed.size).toBe(legal.length);
  expect(fourKings.legalMoves(state, PLAYER)).toEqual(legal);
  for (const move of legal) expect(errorOf(fourKings.apply(state, PLAYER, move)), key(move)).toBeNull();
  for (const move of candidates) {
    expect(fourKings.apply(state, PLAYER, move).ok, key(move)).toBe(listed.has(key(move)));
  }
  return legal;
}

const hands = (state: FourKingsState): FourKingsMove[] =>
  subsets(state.controlled).map((c) => ({ type: "chooseHand", cards: c }));
const placements = (state: FourKingsState): FourKingsMove[] =>
  distributions(state).map((stacks) => ({ type: "assign", stacks }));

describe("legalMoves: every move the player may make, in a stable order", () => {
  it("lists every hand of 5 in round 1 (each set once, in the order of the controlled cards)", () => {
    const state = stateWith({ controlled: cards("3S 2S AS 3H AH 2D 3C") });
    const legal = expectComplete(state, hands(state));
    expect(legal).toHaveLength(21);
    expect(legal[0]).toEqual({ type: "chooseHand", cards: cards("3S 2S AS 3H AH") });
    expect(legal[20]).toEqual({ type: "chooseHand", cards: cards("AS 3H AH 2D 3C") });
  });

  it("lists every hand of 3 in round 2, and the one hand of all cards when fewer are controlled", () => {
    const round2 = stateWith({ round: 2, controlled: cards("10S 7S AS 9H 2D") });
    expect(expectComplete(round2, hands(round2))).toHaveLength(10);
    const few = stateWith({ controlled: cards("3S AH 2C") });
    expect(expectComplete(few, hands(few))).toEqual([{ type: "chooseHand", cards: cards("3S AH 2C") }]);
  });

  it("lists every placement of the hand: round 1, round 2 and a single drawn card", () => {
    const round1 = assignState("3S 2S AS 3H 2D", "6S 5D");
    expect(expectComplete(round1, placements(round1))).toHaveLength(42);
    const round2 = assignState("7S 2S AD", "9S 9D", { round: 2 });
    expect(expectComplete(round2, placements(round2))).toHaveLength(8);
    const single = assignState("8H 7H AS", "JH", { round: 3 });
    expect(expectComplete(single, placements(single))).toHaveLength(4);
  });

  it("offers nothing to anyone else, nothing once the game is over, and no card object of the state", () => {
    const state = fourKings.setup([PLAYER], {}, 1);
    expect(fourKings.legalMoves(state, "someone")).toEqual([]);
    expect(fourKings.legalMoves({ ...state, phase: "over", endReason: "tooFewCards" }, PLAYER)).toEqual([]);
    const first = fourKings.legalMoves(state, PLAYER)[0] as Extract<FourKingsMove, { type: "chooseHand" }>;
    expect(state.controlled).not.toContain(first.cards[0]);
    expect(fourKings.legalMoves(state, PLAYER)).toHaveLength(792);
  });

  it("declares its score: more cards controlled is better", () => {
    expect(fourKings.score).toEqual({ better: "higher", unitKey: "fourkings.scoreUnit" });
    expect(hasKey(fourKings.score.unitKey)).toBe(true);
  });
});

describe("parseMove and the shared guard", () => {
  it("reads the two moves as fresh plain data and nothing else", () => {
    const hand = { type: "chooseHand", cards: cards("AS 2S") };
    const parsed = parseMove(hand);
    expect(parsed).toEqual(hand);
    expect(parsed).not.toBe(hand);
    expect(parseMove({ type: "assign", stacks: [cards("AS"), []] })).toEqual({
      type: "assign",
      stacks: [cards("AS"), []],
    });
    const junk: unknown[] = [
      null,
      undefined,
      7,
      "chooseHand",
      [],
      {},
      { type: "pass" },
      { type: "chooseHand" },
      { type: "chooseHand", cards: "AS" },
      { type: "chooseHand", cards: cards("AS"), extra: 1 },
      { type: "chooseHand", cards: [{ rank: 1, suit: "S", extra: 1 }] },
      { type: "chooseHand", cards: [{ rank: 14, suit: "S" }] },
      { type: "chooseHand", cards: [{ rank: "1", suit: "S" }] },
      // biome-ignore lint/suspicious/noSparseArray: a hole in an untrusted list
      { type: "chooseHand", cards: [, card("AS")] },
      { type: "assign", stacks: cards("AS") },
      { type: "assign", stacks: [[{ rank: 1, suit: "X" }]] },
      { type: "assign", stacks: [cards("AS")], cards: [] },
    ];
    for (const move of junk) expect(parseMove(move), key(move)).toBeNull();
  });

  it("checks, in order: the game is over, the player is seated, the move's shape, then the phase", () => {
    const state = fourKings.setup([PLAYER], {}, 1);
    const over: FourKingsState = { ...state, phase: "over", endReason: "tooFewCards" };
    expect(errorOf(fourKings.apply(over, "someone", null))?.key).toBe("core.gameOver");
    expect(errorOf(fourKings.apply(state, "someone", null))?.key).toBe("core.notSeated");
    expect(errorOf(fourKings.apply(state, PLAYER, { type: "assign", stacks: "x" }))?.key).toBe(
      "core.malformedMove",
    );
    expect(errorOf(fourKings.apply(state, PLAYER, { type: "assign", stacks: [] }))?.key).toBe(
      "core.wrongPhase",
    );
  });
});
