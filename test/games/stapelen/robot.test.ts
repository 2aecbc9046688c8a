import { describe, expect, it } from "vitest";
import type { Message } from "../../../src/engine/core/errors.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { createRng } from "../../../src/engine/core/rng.js";
import { type AnyRobot, robotRandom } from "../../../src/engine/core/robot.js";
import { playRobotGame } from "../../../src/engine/robots/arena.js";
import { GAMES } from "../../../src/games/index.js";
import { stapelen } from "../../../src/games/stapelen/engine/index.js";
import { stapelenRobot } from "../../../src/games/stapelen/engine/robot.js";
import type { StapelenState } from "../../../src/games/stapelen/engine/types.js";
import { hasKey, tm } from "../../../src/i18n/index.js";
import { ANN, BOB, must, piles, playing } from "./fixtures.js";

function choose(state: StapelenState, seat: PlayerId = ANN) {
  return stapelenRobot.choose({
    seat,
    view: stapelen.privateView(state, seat),
    legal: stapelen.legalMoves(state, seat),
    mustAct: true,
    random: robotRandom(1),
    hasTime: () => true,
  });
}

describe("Stacking's robot", () => {
  it("is the registered robot, plays only legal moves from either seat and stacks all 52 in seeded all-robot games", () => {
    expect(GAMES.robots().get("stapelen")!).toBe(stapelenRobot);
    const reasons: Message[] = [];
    const recording: AnyRobot = {
      choose(turn) {
        const choice = (stapelenRobot as AnyRobot).choose(turn);
        if (choice) reasons.push(choice.reason);
        return choice;
      },
    };
    for (let seed = 1; seed <= 20; seed++) {
      const game = playRobotGame(stapelen, [recording, recording], {}, seed);
      expect(game.outcome?.score, `seed ${seed}`).toBe(0);
    }
    expect(new Set(reasons.map((r) => r.key))).toEqual(
      new Set(["stapelen.robot.wins", "stapelen.robot.winsEmpty"]),
    );
    for (const reason of reasons) {
      expect(hasKey(reason.key), reason.key).toBe(true);
      expect(tm(reason)).not.toMatch(/\n|\{|stapelen\./);
    }
  });

  it("decides from its view: a different shuffle state behind the same table changes no choice", () => {
    let state = stapelen.setup([ANN, BOB], {}, 7);
    for (let step = 0; step < 10 && stapelen.outcome(state) === null; step++) {
      const seat = stapelen.actors(state)[0] as PlayerId;
      const choice = choose(state, seat);
      expect(choose({ ...state, rng: createRng(99) }, seat)).toEqual(choice);
      if (!choice) throw new Error("the active player's robot must move");
      state = must(state, seat, choice.move);
    }
  });

  it("takes the card its partner could not place and leaves the partner the one they can", () => {
    // Bob builds on 4 only: he can take the 5, never the 9.
    const state = playing(piles("5H", "9H"), piles("4C", "8C", "JC"), piles("4D", "QD", "QS"));
    expect(choose(state)).toEqual({
      move: { type: "place", column: 1, foundation: 1 },
      reason: {
        key: "stapelen.robot.wins",
        params: { card: "9♥", column: 2, foundation: 2, top: "8♣" },
      },
    });
    expect(tm(choose(state)?.reason as Message)).toBe(
      "This deal can still be won. Put 9♥ (column 2) on foundation 2, on 8♣: it leads to a winning line.",
    );
  });

  it("with no winning line left, plays the line that stacks the most cards", () => {
    // Taking the 5 lets Bob take the 6 and Ann the 9 before Bob is stuck on the 2; taking the 9 leaves Bob stuck at once.
    const state = playing(piles("2S 6H 5H", "9H"), piles("4C", "8C", "JC"), piles("5D", "KD", "KS"));
    expect(choose(state)).toEqual({
      move: { type: "place", column: 0, foundation: 0 },
      reason: {
        key: "stapelen.robot.lost",
        params: { card: "5♥", column: 1, foundation: 1, top: "4♣" },
      },
    });
  });

  it("names an empty foundation as empty in its reason", () => {
    const choice = choose(stapelen.setup([ANN, BOB], {}, 3));
    expect(choice?.reason.key).toBe("stapelen.robot.winsEmpty");
    expect(tm(choice?.reason as Message)).toMatch(
      /^This deal can still be won\. Put .+ \(column \d+\) on your empty foundation \d: /,
    );
  });

  it("leaves the move to the player whose turn it is", () => {
    expect(choose(stapelen.setup([ANN, BOB], {}, 3), BOB)).toBeNull();
  });
});
