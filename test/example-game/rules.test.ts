import { describe, expect, it } from "vitest";
import { type Card, cardCode } from "../../src/engine/core/cards.js";
import { hasKey } from "../../src/i18n/index.js";
import "./words/index.js";
import { GUESSES_PER_PLAYER, type Guess, type HigherLowerState, higherLower, judge } from "./engine/index.js";
import { higherLowerRobot } from "./engine/robot.js";

const ALICE = "alice";
const BOB = "bob";
const card = (rank: number, suit: Card["suit"] = "S"): Card => ({ suit, rank });

function start(seed = 1): HigherLowerState {
  return higherLower.setup([ALICE, BOB], {}, seed);
}

/** The state with the face-up card and the next card to turn set, for a ruling about them. */
function rigged(faceUp: Card, next: Card): HigherLowerState {
  const state = start();
  const rest = state.drawPile.filter(
    (c) => cardCode(c) !== cardCode(faceUp) && cardCode(c) !== cardCode(next),
  );
  const turned = state.turned.filter(
    (c) => cardCode(c) !== cardCode(faceUp) && cardCode(c) !== cardCode(next),
  );
  return { ...state, drawPile: [...rest, ...turned, next], turned: [faceUp] };
}

function guess(state: HigherLowerState, player: string, g: Guess): HigherLowerState {
  const result = higherLower.apply(state, player, { type: "guess", guess: g });
  if (!result.ok) throw new Error(result.error.key);
  return result.state;
}

describe("Higher or Lower: the rules", () => {
  it("a shuffled 52-card deck from the seeded RNG in the state, one card face up", () => {
    const state = start(7);
    expect(state.turned).toHaveLength(1);
    expect(state.drawPile).toHaveLength(51);
    expect(new Set([...state.turned, ...state.drawPile].map(cardCode)).size).toBe(52);
    expect(state.rng).toEqual(expect.objectContaining({ s: expect.any(Number) }));
    expect(start(7)).toEqual(state);
    expect(start(8).drawPile).not.toEqual(state.drawPile);
  });

  it("players alternate, the creator first; the other player's guess is refused and changes nothing", () => {
    const state = start();
    expect(higherLower.actors(state)).toEqual([ALICE]);
    const refused = higherLower.apply(state, BOB, { type: "guess", guess: "higher" });
    expect(refused.ok || refused.error.key).toBe("core.notYourTurn");
    expect(higherLower.actors(guess(state, ALICE, "higher"))).toEqual([BOB]);
  });

  it("the next card is turned and a right guess scores 1 point", () => {
    const after = guess(rigged(card(7), card(9)), ALICE, "higher");
    expect(after.turned.at(-1)).toEqual(card(9));
    expect(after.scores).toEqual({ [ALICE]: 1, [BOB]: 0 });
    expect(guess(rigged(card(7), card(2)), ALICE, "lower").scores[ALICE]).toBe(1);
  });

  it("a wrong guess scores nothing", () => {
    expect(guess(rigged(card(7), card(9)), ALICE, "lower").scores[ALICE]).toBe(0);
    expect(guess(rigged(card(7), card(2)), ALICE, "higher").scores[ALICE]).toBe(0);
  });

  it("an equal rank scores nothing, whatever was said", () => {
    for (const g of ["higher", "lower"] as const) {
      const after = guess(rigged(card(7), card(7, "H")), ALICE, g);
      expect(after.scores[ALICE]).toBe(0);
      expect(after.last?.result).toBe("equal");
    }
  });

  it("aces are low and kings high", () => {
    expect(judge("lower", card(2), card(1))).toBe("right");
    expect(judge("higher", card(12), card(13))).toBe("right");
    expect(judge("higher", card(13), card(1))).toBe("wrong");
  });

  it("after 10 turned cards (5 guesses each) the game ends", () => {
    let state = start();
    expect(higherLower.publicView(state).toTurn).toBe(10);
    for (let i = 0; i < 2 * GUESSES_PER_PLAYER; i++) {
      expect(higherLower.outcome(state)).toBeNull();
      state = guess(state, i % 2 === 0 ? ALICE : BOB, "higher");
    }
    expect(state.turned).toHaveLength(11);
    expect(higherLower.actors(state)).toEqual([]);
    expect(higherLower.publicView(state)).toMatchObject({ toTurn: 0, guessesLeft: { [ALICE]: 0, [BOB]: 0 } });
    expect(higherLower.apply(state, BOB, { type: "guess", guess: "lower" }).ok).toBe(false);
  });

  it("the most points wins; equal points is a draw", () => {
    const over: HigherLowerState = { ...start(), phase: "over", scores: { [ALICE]: 3, [BOB]: 2 } };
    expect(higherLower.outcome(over)?.results).toEqual({
      [ALICE]: { result: "win", score: 3 },
      [BOB]: { result: "loss", score: 2 },
    });
    expect(higherLower.publicView(over).winner).toBe(ALICE);
    const level = { ...over, scores: { [ALICE]: 2, [BOB]: 2 } };
    expect(Object.values(higherLower.outcome(level)?.results ?? {}).map((r) => r.result)).toEqual([
      "draw",
      "draw",
    ]);
    expect(higherLower.publicView(level).winner).toBeNull();
    expect(hasKey(higherLower.outcome(level)?.summary.key ?? "")).toBe(true);
  });

  it("the robot guesses the way more of the unseen cards lie, from its view only", () => {
    const low = higherLower.privateView(rigged(card(3), card(9)), ALICE);
    const high = higherLower.privateView(rigged(card(11), card(9)), ALICE);
    const turn = { seat: ALICE, mustAct: true, random: () => 0.5, hasTime: () => true };
    expect(higherLowerRobot.choose({ ...turn, view: low, legal: low.legalMoves })?.move.guess).toBe("higher");
    expect(higherLowerRobot.choose({ ...turn, view: high, legal: high.legalMoves })?.move.guess).toBe(
      "lower",
    );
    // A 7 with no other card seen: 24 higher, 24 lower; then the seen cards tip it.
    const even = higherLower.privateView(rigged(card(7), card(9)), ALICE);
    const tipped = { ...even, turned: [card(8), card(9), card(10), card(7)] };
    expect(higherLowerRobot.choose({ ...turn, view: tipped, legal: even.legalMoves })?.move.guess).toBe(
      "lower",
    );
  });
});
