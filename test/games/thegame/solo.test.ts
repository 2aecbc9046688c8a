import { describe, expect, it } from "vitest";
import { createRng, shuffle } from "../../../src/engine/core/rng.js";
import { robotRandom } from "../../../src/engine/core/robot.js";
import { theGame } from "../../../src/games/thegame/engine/index.js";
import { theGameRobot } from "../../../src/games/thegame/engine/robot.js";
import type { TheGameMove, TheGameState } from "../../../src/games/thegame/engine/types.js";
import { moveWithoutTime, must, table } from "./fixtures.js";

/** What the robot chooses alone at the table, told exactly what the driver tells it. */
function decide(state: TheGameState): TheGameMove | undefined {
  return theGameRobot.choose({
    seat: "ann",
    view: theGame.privateView(state, "ann"),
    legal: theGame.legalMoves(state, "ann"),
    mustAct: false,
    random: robotRandom(1),
    hasTime: () => true,
  })?.move;
}

/** The moves the robot makes until it ends its turn (or the game ends). */
function turn(state: TheGameState): TheGameMove[] {
  const moves: TheGameMove[] = [];
  let now = state;
  while (now.phase === "play") {
    const move = decide(now);
    if (!move) break;
    moves.push(move);
    now = must(now, "ann", move);
    if (move.type === "endTurn") break;
  }
  return moves;
}

/**
 * A solo table where only `out` (the draw pile) and the hand are still out: every other card lies
 * under the first pile's top (not a marker), so the card tracker shows it played.
 */
function solo(spec: {
  hand: number[];
  tops: [number, number, number, number];
  out: number[];
  playedThisTurn?: number;
}): TheGameState {
  const [a, b, c, d] = spec.tops;
  const markers = [1, 100];
  const gone: number[] = [];
  for (let card = 2; card <= 99; card++) {
    if (spec.hand.includes(card) || spec.out.includes(card) || spec.tops.includes(card)) continue;
    gone.push(card);
  }
  const pile = (top: number) => (markers.includes(top) ? [] : [top]);
  return table({
    hands: { ann: spec.hand },
    piles: [[...gone, ...pile(a)], pile(b), pile(c), pile(d)],
    drawPile: spec.out,
    playedThisTurn: spec.playedThisTurn ?? 0,
  });
}

/** Every card not in `hand` nor on a pile's top: all still out. */
function allBut(hand: number[], tops: number[]): number[] {
  const out: number[] = [];
  for (let card = 2; card <= 99; card++) if (!hand.includes(card) && !tops.includes(card)) out.push(card);
  return out;
}

describe("The Game's robot alone at the table", () => {
  it("plays a backward jump of ten when it has one", () => {
    // ▲1 at 40 takes 30 back; every other play jumps cards still out.
    const state = solo({ hand: [30, 57, 63, 88], tops: [40, 50, 70, 95], out: [45, 55, 60, 65, 80, 90] });
    expect(turn(state)).toContainEqual({ type: "play", card: 30, pile: 0 });
  });

  it("plays only the minimum when every extra card costs more than the threshold", () => {
    // 11 on ▲1 and 79 on ▼4 jump nothing; each other card would jump many cards still out.
    const hand = [11, 30, 35, 40, 50, 60, 70, 79];
    const state = solo({ hand, tops: [10, 20, 90, 80], out: allBut(hand, [10, 20, 90, 80]) });
    const moves = turn(state);
    expect(moves.filter((m) => m.type === "play")).toHaveLength(2);
    expect(moves).toContainEqual({ type: "play", card: 11, pile: 0 });
    expect(moves).toContainEqual({ type: "play", card: 79, pile: 3 });
    expect(moves.at(-1)).toEqual({ type: "endTurn" });
  });

  it("plays extra cards beyond the minimum when they jump no card still out, keeping the next turn's minimum cheap", () => {
    // 11, 12, 13, 14 climb ▲1 and 79, 78 descend ▼4 without jumping a card: more than two turns' minimum.
    const hand = [11, 12, 13, 14, 50, 60, 78, 79];
    const state = solo({ hand, tops: [10, 20, 90, 80], out: allBut(hand, [10, 20, 90, 80]) });
    const plays = turn(state).filter((m) => m.type === "play");
    expect(plays.length).toBeGreaterThan(2);
    expect(plays.length).toBeLessThan(6);
    expect(plays.every((m) => m.type === "play" && m.card !== 50 && m.card !== 60)).toBe(true);
  });

  it("keeps a free card for the next turn's minimum when the rest of its hand is far from the piles", () => {
    // 11, 12 (on ▲1) and 79 (on ▼4) jump nothing: two make the minimum, the third is kept, since
    // next turn it saves a costly jump.
    const hand = [11, 12, 35, 40, 50, 60, 70, 79];
    const state = solo({ hand, tops: [10, 20, 90, 80], out: allBut(hand, [10, 20, 90, 80]) });
    const played = turn(state).flatMap((m) => (m.type === "play" ? [m.card] : []));
    expect(played).toHaveLength(2);
    expect([11, 12, 79]).toEqual(expect.arrayContaining(played));
  });

  it("would rather jump cards another pile still takes than pass the last pile of a card still out", () => {
    // 60 on ▲1 (top 50) passes only 55, which no other pile takes: 55 could never be played.
    // 70 on ▲2 (top 62) passes 64, 66 and 68, which ▲1 still takes.
    const state = solo({ hand: [60, 70], tops: [50, 62, 20, 15], out: [55, 64, 66, 68], playedThisTurn: 1 });
    expect(decide(state)).toEqual({ type: "play", card: 70, pile: 1 });
  });

  it("once its time is up it stops searching and plays its way through to the minimum", () => {
    const hand = [11, 30, 35, 40, 50, 60, 70, 79];
    const state = solo({ hand, tops: [10, 20, 90, 80], out: allBut(hand, [10, 20, 90, 80]) });
    const { asked, move } = moveWithoutTime(state, "ann");
    expect(asked).toBeLessThanOrEqual(1);
    expect(move?.type).toBe("play");
    if (move?.type === "play")
      expect(theGame.privateView(state, "ann").stranding[move.card]).not.toContain(move.pile);
  });

  it("decides from its own view only: the same moves whatever order the draw pile is in", () => {
    for (const seed of [3, 4]) {
      let state = theGame.setup(["ann"], {}, seed);
      let decisions = 0;
      while (state.phase === "play" && decisions < 60) {
        const move = decide(state);
        const reordered = { ...state, drawPile: [...state.drawPile] };
        shuffle(createRng(seed + decisions), reordered.drawPile);
        reordered.drawPile.reverse();
        expect(decide(reordered), `seed ${seed}, decision ${decisions}`).toEqual(move);
        if (!move) break;
        state = must(state, "ann", move);
        decisions++;
      }
      expect(decisions).toBeGreaterThan(10);
    }
  });
});
