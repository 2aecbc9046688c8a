import { describe, expect, it } from "vitest";
import { twelves } from "../../../src/games/twelves/engine/index.js";
import type { TwelvesState } from "../../../src/games/twelves/engine/types.js";
import { ANN, BOB, CONFIRM, columns, must, playing, proposal, refusal, take } from "./fixtures.js";

describe("Twelves: end of the game", () => {
  it("all 52 cards taken: both players win", () => {
    const state = playing(columns("6H", "6S"), "twelve");
    const after = must(state, ANN, take(0, 1));
    expect(after.phase).toBe("over");
    expect(after.endReason).toBe("allTaken");
    expect(twelves.actors(after)).toEqual([]);
    const result = twelves.outcome(after);
    expect(result?.results[ANN]?.result).toBe("win");
    expect(result?.results[BOB]?.result).toBe("win");
    expect(result?.summary.key).toBe("twelves.outcome.won");
    expect(result?.score).toBe(0);
  });

  it("the active player has no legal pair: both players lose", () => {
    const state = playing(columns("4H", "8S", "6C", "6D"), "twelve");
    const after = must(state, ANN, take(0, 1));
    expect(after.phase).toBe("over");
    expect(after.endReason).toBe("noPair");
    const result = twelves.outcome(after);
    expect(result?.results[ANN]?.result).toBe("loss");
    expect(result?.results[BOB]?.result).toBe("loss");
    expect(result?.summary).toEqual({ key: "twelves.outcome.lost", params: { player: BOB, cardsLeft: 2 } });
    expect(result?.score).toBe(2);
  });

  it("the starter with no legal pair loses the game for both at once", () => {
    const base = twelves.setup([ANN, BOB], {}, 1);
    const state: TwelvesState = { ...base, columns: columns("6H", "8S") };
    const agreed = must(must(state, ANN, proposal(ANN, ANN)), BOB, CONFIRM);
    expect(agreed.phase).toBe("over");
    expect(twelves.outcome(agreed)?.results[ANN]?.result).toBe("loss");
  });

  it("the game is running while a pair is left for the active player", () => {
    const state = playing(columns("4H", "8S", "6C", "8D"), "twelve");
    const after = must(state, ANN, take(0, 1));
    expect(after.phase).toBe("play");
    expect(twelves.outcome(after)).toBeNull();
  });

  it("after the end no move is accepted", () => {
    const over = must(playing(columns("6H", "6S"), "twelve"), ANN, take(0, 1));
    expect(refusal(over, BOB, take(0, 1)).key).toBe("core.gameOver");
  });
});
