import { describe, expect, it } from "vitest";
import { theGame, wouldStrand } from "../../../src/games/thegame/engine/index.js";
import { BLOCKED_PILES, drawPileOf, END_TURN, must, playMove, refusal, table } from "./fixtures.js";

describe("The Game: end of the game", () => {
  it("ends at once, a perfect win, when the last of the 98 cards is played", () => {
    const state = table({ hands: { ann: [], bob: [50] }, piles: [[40], [30], [60], [70]], activeSeat: 1 });
    const result = theGame.apply(state, "bob", playMove(50, 0));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.state.phase).toBe("over");
    expect(result.state.endReason).toBe("allPlayed");
    expect(theGame.actors(result.state)).toEqual([]);
    expect(result.events).toContainEqual({ key: "thegame.event.allPlayed" });
    expect(theGame.outcome(result.state)?.results).toEqual({
      ann: { result: "win", score: 0 },
      bob: { result: "win", score: 0 },
    });
  });

  it("ends at the start of a turn when the new active player cannot reach the minimum", () => {
    let state = table({
      hands: { ann: [96, 97, 40], bob: [50, 60] },
      piles: [[10], [98], [3], [4]],
      drawPile: drawPileOf(10),
    });
    state = must(must(state, "ann", playMove(96, 0)), "ann", playMove(97, 0));
    const result = theGame.apply(state, "ann", END_TURN);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.state.phase).toBe("over");
    expect(result.state.endReason).toBe("stuck");
    expect(result.state.activeSeat).toBe(1);
    expect(result.events.at(-1)).toEqual({
      key: "thegame.event.stuck",
      params: { player: "bob", score: 13 },
    });
  });

  it("the start-of-turn check counts the whole minimum: one playable card is not enough for 2", () => {
    let state = table({
      hands: { ann: [96, 97, 40], bob: [50, 99] },
      piles: [[10], [98], [3], [4]],
      drawPile: drawPileOf(10),
    });
    state = must(must(state, "ann", playMove(96, 0)), "ann", playMove(97, 0));
    expect(must(state, "ann", END_TURN).phase).toBe("over");
  });

  it("the start-of-turn check also runs when the first turn is claimed", () => {
    const state = table({
      phase: "claim",
      hands: { ann: [20], bob: [30] },
      piles: BLOCKED_PILES,
      drawPile: drawPileOf(5),
    });
    const claimed = must(state, "bob", { type: "claimStart" });
    expect(claimed.phase).toBe("over");
    expect(claimed.endReason).toBe("stuck");
  });

  it("variant expert: a turn start with only two reachable plays ends the game, in the normal game it does not", () => {
    for (const expert of [false, true]) {
      let state = table({
        hands: { ann: [95, 96, 97], bob: [98, 99, 50] },
        piles: [[10], [98], [3], [4]],
        drawPile: drawPileOf(10),
        expert,
      });
      for (const card of [95, 96, 97]) state = must(state, "ann", playMove(card, 0));
      state = must(state, "ann", END_TURN);
      expect(state.drawPile.length).toBeGreaterThan(0);
      expect(state.phase).toBe(expert ? "over" : "play");
    }
  });

  it("the sequence case is not stuck at the start of a turn: ascending top 50, hand 60 and 50", () => {
    const start = (bob: number[]) =>
      table({
        phase: "claim",
        hands: { ann: [20], bob },
        piles: [[50], [98], [3], [4]],
        drawPile: drawPileOf(5),
      });
    const playable = must(start([50, 60]), "bob", { type: "claimStart" });
    expect(playable.phase).toBe("play");
    expect(theGame.actors(playable)).toEqual(["bob"]);
    // Control: with 45 instead of 50 only 60 fits, so the same turn start is stuck.
    expect(must(start([45, 60]), "bob", { type: "claimStart" }).phase).toBe("over");
  });

  it("one play opening another also counts in a real deal: ascending top 55, hand 60 and 50", () => {
    let state = table({
      hands: { ann: [55, 2, 30], bob: [50, 60] },
      piles: [[10], [98], [3], [4]],
      drawPile: [11, 12, 13, 14, 15, 16, 17, 18],
    });
    state = must(must(state, "ann", playMove(55, 0)), "ann", playMove(2, 2));
    state = must(state, "ann", END_TURN);
    expect(state.phase).toBe("play");
    state = must(must(state, "bob", playMove(60, 0)), "bob", playMove(50, 0));
    expect(state.piles[0]).toEqual([10, 55, 60, 50]);
  });

  it("ends mid-turn when a card played leaves the minimum out of reach", () => {
    const state = table({
      hands: { ann: [55, 60], bob: [70] },
      piles: [[50], ...BLOCKED_PILES.slice(1)],
      drawPile: drawPileOf(5),
    });
    expect(wouldStrand(state, "ann", 60, 0)).toBe(true);
    const result = theGame.apply(state, "ann", playMove(60, 0));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.state.phase).toBe("over");
    expect(result.state.endReason).toBe("stuck");
    expect(result.state.piles[0]).toEqual([50, 60]);
    expect(theGame.outcome(result.state)?.score).toBe(7);
    expect(refusal(result.state, "ann", playMove(55, 0)).key).toBe("core.gameOver");
  });

  it("does not end mid-turn when the better order still reaches the minimum", () => {
    let state = table({
      hands: { ann: [55, 60], bob: [70] },
      piles: [[50], ...BLOCKED_PILES.slice(1)],
      drawPile: drawPileOf(5),
    });
    expect(wouldStrand(state, "ann", 55, 0)).toBe(false);
    state = must(state, "ann", playMove(55, 0));
    expect(state.phase).toBe("play");
    state = must(state, "ann", playMove(60, 0));
    expect(state.phase).toBe("play");
  });

  it("no stuck check once the minimum is reached: a player with no fitting card just ends the turn", () => {
    let state = table({
      hands: { ann: [60, 61, 20], bob: [70, 80] },
      piles: [[50], [97], [30], [4]],
      drawPile: drawPileOf(5),
    });
    state = must(must(state, "ann", playMove(60, 0)), "ann", playMove(61, 0));
    expect(state.phase).toBe("play");
    expect(theGame.privateView(state, "ann").playable).toEqual({ 20: [2] });
  });
});

describe("The Game: score and outcome", () => {
  const over = (hands: Record<string, number[]>, drawPile: number[]) => {
    const state = table({ hands, drawPile });
    state.phase = "over";
    state.endReason = "stuck";
    return state;
  };

  it("no outcome while the game runs", () => {
    expect(theGame.outcome(table({ hands: { ann: [20] } }))).toBeNull();
    expect(theGame.outcome(theGame.setup(["a", "b"], {}, 1))).toBeNull();
  });

  it("score = cards not played (all hands + draw pile); any score above 0 is a loss for everyone", () => {
    const outcome = theGame.outcome(
      over({ ann: [20, 21], bob: [30], cy: [] }, [40, 41, 42, 43, 44, 45, 46, 47, 48]),
    );
    expect(outcome?.score).toBe(12);
    expect(outcome?.results).toEqual({
      ann: { result: "loss", score: 12 },
      bob: { result: "loss", score: 12 },
      cy: { result: "loss", score: 12 },
    });
    expect(outcome?.summary).toEqual({ key: "thegame.outcome.stuck", params: { score: 12 } });
  });

  it("below 10 is excellent; exactly 10 is not", () => {
    expect(theGame.outcome(over({ ann: [20, 21], bob: [30] }, [40, 41, 42, 43, 44, 45]))?.summary).toEqual({
      key: "thegame.outcome.excellent",
      params: { score: 9 },
    });
    expect(
      theGame.outcome(over({ ann: [20, 21], bob: [30] }, [40, 41, 42, 43, 44, 45, 46]))?.summary,
    ).toEqual({
      key: "thegame.outcome.stuck",
      params: { score: 10 },
    });
  });

  it("score 0 is a win for everyone, with the perfect summary", () => {
    const state = over({ ann: [], bob: [] }, []);
    state.endReason = "allPlayed";
    const outcome = theGame.outcome(state);
    expect(outcome?.score).toBe(0);
    expect(outcome?.summary).toEqual({ key: "thegame.outcome.perfect" });
    expect(Object.values(outcome?.results ?? {})).toEqual([
      { result: "win", score: 0 },
      { result: "win", score: 0 },
    ]);
  });
});
