import { describe, expect, it } from "vitest";
import { type GameProgress, stuckReason } from "../../scripts/bench/stuck.js";

/**
 * The load bench's judgment of a stuck game. On a busy machine a Four Kings player choosing a hand
 * card by card, every click answered in about 5 s, made no move for 30 s and was taken for stuck
 * (83 of 83 replaced games in one run): a game with answered clicks is alive.
 */

const limits = { ms: 30_000, clicks: 200 };
const start = 1_000_000;

function game(overrides: Partial<GameProgress> = {}): GameProgress {
  return { version: 1, tableShown: true, movedAt: start, answeredAt: 0, answeredSinceMove: 0, ...overrides };
}

describe("a stuck game in the load bench", () => {
  it("is alive while its player's choices toward a move are answered, however slowly", () => {
    // Six choices toward a move (a hand picked and changed, stacks built), an answer every 5 s: 35 s without a move.
    const choosing = game({ answeredAt: start + 30_000, answeredSinceMove: 6 });
    expect(stuckReason(choosing, start + 35_000, limits)).toBeNull();
  });

  it("is stuck when neither a move nor an answer came within the limit", () => {
    const silent = game({ answeredAt: start + 2000, answeredSinceMove: 1 });
    expect(stuckReason(silent, start + 32_000, limits)).toBeNull();
    expect(stuckReason(silent, start + 33_000, limits)).toBe("no move and no click answered for 31 s");
  });

  it("names the table its player waited for when none showed the game's version", () => {
    const waiting = game({ version: 7, tableShown: false, movedAt: start });
    expect(stuckReason(waiting, start + 45_000, limits)).toBe("no table showed v7 for 45 s");
  });

  it("is stuck when its player's answered clicks never lead to a move", () => {
    const wandering = game({ answeredAt: start + 1000, answeredSinceMove: 200 });
    expect(stuckReason(wandering, start + 1000, limits)).toBe("no move in 200 answered clicks");
    expect(stuckReason({ ...wandering, answeredSinceMove: 199 }, start + 1000, limits)).toBeNull();
  });
});
