import { describe, expect, it } from "vitest";
import type { Message } from "../../../src/engine/core/errors.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { createRng } from "../../../src/engine/core/rng.js";
import { type AnyRobot, robotRandom } from "../../../src/engine/core/robot.js";
import { playRobotGame } from "../../../src/engine/robots/arena.js";
import { GAMES } from "../../../src/games/index.js";
import { twelves } from "../../../src/games/twelves/engine/index.js";
import { twelvesRobot } from "../../../src/games/twelves/engine/robot.js";
import type { TwelvesState } from "../../../src/games/twelves/engine/types.js";
import { hasKey, tm } from "../../../src/i18n/index.js";
import { ANN, BOB, CONFIRM, columns, fresh, must, playing, proposal, take } from "./fixtures.js";

function choose(state: TwelvesState, seat: PlayerId = ANN, mustAct = true) {
  return twelvesRobot.choose({
    seat,
    view: twelves.privateView(state, seat),
    legal: twelves.legalMoves(state, seat),
    mustAct,
    random: robotRandom(1),
    hasTime: () => true,
  });
}

/** Ann (twelves) to move: 10♠+2♣, from the taller columns, leaves Bob no fourteen; 6♠+6♥ clears the table. */
const TRAP = columns("6D 10D 10S", "2C", "8H", "6S", "", "4H 6H");
/** Only a twelves start clears this table: Bob has no fourteen among its top cards. */
const TWELVES_FIRST = columns("6D 10D 10S", "2C", "8H 6S", "", "4H 6H");

describe("Twelves' robot", () => {
  it("is the registered robot, plays only legal moves and clears the table in seeded all-robot games", () => {
    expect(GAMES.robots().get("twelves")!).toBe(twelvesRobot);
    const reasons: Message[] = [];
    const recording: AnyRobot = {
      choose(turn) {
        const choice = (twelvesRobot as AnyRobot).choose(turn);
        if (choice) reasons.push(choice.reason);
        return choice;
      },
    };
    for (let seed = 1; seed <= 20; seed++) {
      const game = playRobotGame(twelves, [recording, recording], {}, seed);
      expect(game.outcome?.score, `seed ${seed}`).toBe(0);
    }
    for (const reason of reasons) {
      expect(hasKey(reason.key), reason.key).toBe(true);
      expect(tm(reason)).not.toMatch(/\n|\{|twelves\./);
    }
  });

  it("decides from its view: a different shuffle state behind the same table changes no choice", () => {
    let state = must(must(fresh(5), ANN, proposal(ANN, ANN)), BOB, CONFIRM);
    for (let step = 0; step < 10 && twelves.outcome(state) === null; step++) {
      const seat = twelves.actors(state)[0] as PlayerId;
      const choice = choose(state, seat);
      expect(choose({ ...state, rng: createRng(99) }, seat)).toEqual(choice);
      state = must(state, seat, choice?.move ?? take(0, 1));
    }
  });

  it("takes the pair that leads to a winning line, not the first pair that fits", () => {
    expect(choose(playing(TRAP))).toEqual({
      move: take(3, 5),
      reason: {
        key: "twelves.robot.winningLine",
        params: { first: "6♠", firstColumn: 4, second: "6♥", secondColumn: 6 },
      },
    });
  });

  it("never takes a kind of pair a third time, which would make the deal unwinnable", () => {
    const twice = playing(columns("AD", "JC", "QS", "KH"));
    twice.pairs[ANN] = [
      [
        { rank: 12, suit: "C" },
        { rank: 13, suit: "D" },
      ],
      [
        { rank: 12, suit: "D" },
        { rank: 13, suit: "S" },
      ],
    ];
    expect(choose(twice)?.move).toEqual(take(0, 1));
  });

  it("still takes a pair, and says so, when no line clears the table any more", () => {
    const lost = playing(columns("5H 10S", "2C", "4D 3S", "9C"));
    const choice = choose(lost);
    expect(twelves.legalMoves(lost, ANN)).toContainEqual(choice?.move);
    expect(choice?.reason.key).toBe("twelves.robot.lostAnyway");
  });

  it("waits for people to propose, and proposes a winning start when it must", () => {
    const agreeing: TwelvesState = { ...fresh(), columns: TWELVES_FIRST };
    expect(choose(agreeing, ANN, false)).toBeNull();
    expect(choose(agreeing, ANN, true)).toEqual({
      move: proposal(ANN, ANN),
      reason: { key: "twelves.robot.proposeWins", params: { twelves: ANN, starter: ANN } },
    });
  });

  it("confirms a proposal whose start wins and answers a losing one with the winning start", () => {
    const agreeing: TwelvesState = { ...fresh(), columns: TWELVES_FIRST };
    expect(choose(must(agreeing, ANN, proposal(ANN, ANN)), BOB, false)?.move).toEqual(CONFIRM);
    expect(choose(must(agreeing, ANN, proposal(ANN, BOB)), BOB, false)).toEqual({
      move: proposal(ANN, ANN),
      reason: { key: "twelves.robot.proposeWins", params: { twelves: ANN, starter: ANN } },
    });
  });
});
