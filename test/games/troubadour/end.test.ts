import { describe, expect, it } from "vitest";
import { ROUND_CAP, troubadour } from "../../../src/games/troubadour/engine/index.js";
import { act, acts, cards, castle, castleUpTo, playState, refused, waste } from "./fixtures.js";

const picks = { a: ["JH", "JD", "QD"], b: ["JD", "QD", "KD"] };
const threeComplete = [castleUpTo("S", 10), castleUpTo("H", 10), castleUpTo("D", 10)];

describe("End: the game ends at once when a player completes all 4 castles; that player wins", () => {
  const state = playState({
    picks,
    boards: { a: { castles: [...threeComplete, castleUpTo("C", 9)], waste: ["10C"], draw: ["4H"] } },
  });

  it("the fourth 10 ends the game in the middle of the turn", () => {
    const { state: after, events } = act(state, "a", { type: "build", from: waste, to: castle });
    expect(after.phase).toBe("over");
    expect(after.winner).toBe("a");
    expect(after.endReason).toBe("castles");
    expect(events.at(-1)).toEqual({ key: "troubadour.event.won", params: { player: "a" } });
    expect(events.map((e) => e.key)).toEqual(["troubadour.event.build.waste.castle", "troubadour.event.won"]);
    expect(troubadour.actors(after)).toEqual([]);
    expect(refused(after, "a", { type: "draw" })).toBe("core.gameOver");
    expect(refused(after, "a", { type: "endTurn" })).toBe("core.gameOver");
    expect(refused(after, "b", { type: "endTurn" })).toBe("core.gameOver");
  });

  it("the winner wins, every other player loses; the score counts castle cards", () => {
    const after = acts(state, "a", { type: "build", from: waste, to: castle });
    expect(troubadour.outcome(after)).toEqual({
      results: { a: { result: "win", score: 40 }, b: { result: "loss", score: 0 } },
      summary: { key: "troubadour.summary.won", params: { player: "a" } },
      score: 1,
    });
  });

  it("a castle completed through a noble (♥J) wins just the same", () => {
    const s = playState({
      picks,
      boards: { a: { castles: [...threeComplete, castleUpTo("C", 9)], villages: [["10C", "4H"]] } },
    });
    expect(acts(s, "a", { type: "heartsJack", village: 0, position: 0, to: castle }).winner).toBe("a");
  });

  it("3–4 players: one winner, all others lose", () => {
    const s = playState({
      players: ["a", "b", "c"],
      picks: { ...picks, c: ["JC", "QC", "KC"] },
      boards: { a: { castles: [...threeComplete, castleUpTo("C", 9)], waste: ["10C"] } },
    });
    const results = troubadour.outcome(acts(s, "a", { type: "build", from: waste, to: castle }))?.results;
    expect(Object.values(results ?? {}).map((r) => r.result)).toEqual(["win", "loss", "loss"]);
  });

  it("the game is not over while castles are incomplete", () => {
    expect(troubadour.outcome(state)).toBeNull();
    expect(troubadour.sides!(state)).toBeNull();
  });

  it("rated sides: each player for themselves, the winner first and every other player sharing second", () => {
    const s = playState({
      players: ["a", "b", "c"],
      picks: { ...picks, c: ["JC", "QC", "KC"] },
      boards: { a: { castles: [...threeComplete, castleUpTo("C", 9)], waste: ["10C"] } },
    });
    expect(troubadour.sides!(acts(s, "a", { type: "build", from: waste, to: castle }))).toEqual([
      { players: ["a"], place: 1 },
      { players: ["b"], place: 2 },
      { players: ["c"], place: 2 },
    ]);
  });
});

describe(`Round cap (ruling): after ${ROUND_CAP} rounds without a winner the game is a draw`, () => {
  it("the last turn of the capped round ends the game in a draw", () => {
    const state = playState({ picks });
    state.round = ROUND_CAP;
    const { state: after, events } = act(acts(state, "a", { type: "endTurn" }), "b", { type: "endTurn" });
    expect(after.phase).toBe("over");
    expect(after.endReason).toBe("roundCap");
    expect(events.at(-1)).toEqual({ key: "troubadour.event.roundCap", params: { rounds: ROUND_CAP } });
    expect(troubadour.outcome(after)?.results).toEqual({
      a: { result: "draw", score: 0 },
      b: { result: "draw", score: 0 },
    });
    expect(troubadour.outcome(after)?.summary.key).toBe("troubadour.summary.roundCap");
    expect(troubadour.sides!(after)?.map((side) => side.place)).toEqual([1, 1]);
  });

  it("the round before the cap still leads to a new round", () => {
    const state = playState({ picks });
    state.round = ROUND_CAP - 1;
    const after = acts(acts(state, "a", { type: "endTurn" }), "b", { type: "endTurn" });
    expect(after.phase).toBe("pick");
    expect(after.round).toBe(ROUND_CAP);
  });

  it("a lower cap set at set-up applies the same way", () => {
    let state = troubadour.setup(["a", "b"], { roundCap: 1 }, 9);
    state = act(state, "a", { type: "pickNobles", nobles: cards("JS", "QS", "KS") }).state;
    state = act(state, "b", { type: "pickNobles", nobles: cards("JD", "QD", "KD") }).state;
    state = acts(state, "a", { type: "endTurn" });
    state = acts(state, "b", { type: "endTurn" });
    expect(state.phase).toBe("over");
    expect(troubadour.outcome(state)?.results.a?.result).toBe("draw");
  });
});

describe("End the turn: afterwards nothing more may be done in it", () => {
  it("after ending the turn the player's moves are refused until their next turn", () => {
    const state = acts(playState({ picks, boards: { a: { draw: ["5C"] } } }), "a", { type: "endTurn" });
    expect(refused(state, "a", { type: "draw" })).toBe("core.notYourTurn");
  });
});
