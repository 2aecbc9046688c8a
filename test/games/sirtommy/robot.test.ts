import { describe, expect, it } from "vitest";
import type { Message } from "../../../src/engine/core/errors.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import { type AnyRobot, robotRandom } from "../../../src/engine/core/robot.js";
import { playRobotGame } from "../../../src/engine/robots/arena.js";
import { GAMES } from "../../../src/games/index.js";
import { sirTommy } from "../../../src/games/sirtommy/engine/index.js";
import {
  createSirTommyRobot,
  DEFAULT_PARAMS,
  sirTommyRobot,
} from "../../../src/games/sirtommy/engine/robot.js";
import type { SirTommyState } from "../../../src/games/sirtommy/engine/types.js";
import { hasKey, tm } from "../../../src/i18n/index.js";
import {
  ANN,
  BOB,
  CONFIRM,
  cards,
  END_TURN,
  fresh,
  must,
  PASS,
  piles,
  playing,
  proposeAscending,
  rowTop,
  toFoundation,
  toRow,
} from "./fixtures.js";

function choose(state: SirTommyState, seat: PlayerId = ANN, mustAct = true, robot = sirTommyRobot) {
  return robot.choose({
    seat,
    view: sirTommy.privateView(state, seat),
    legal: sirTommy.legalMoves(state, seat),
    mustAct,
    random: robotRandom(1),
    hasTime: () => true,
  });
}

describe("Sir Tommy's robot", () => {
  it("is the registered robot, plays only legal moves and wins most seeded all-robot games", () => {
    expect(GAMES.robots().get("sirtommy")!).toBe(sirTommyRobot);
    const reasons: Message[] = [];
    const recording: AnyRobot = {
      choose(turn) {
        const choice = (sirTommyRobot as AnyRobot).choose(turn);
        if (choice) reasons.push(choice.reason);
        return choice;
      },
    };
    let won = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const game = playRobotGame(sirTommy, [recording, recording], {}, seed);
      expect(game.outcome).not.toBeNull();
      if (game.outcome?.score === 0) won++;
    }
    expect(won).toBeGreaterThanOrEqual(8);
    for (const reason of reasons) {
      expect(hasKey(reason.key), reason.key).toBe(true);
      expect(tm(reason)).not.toMatch(/\n|\{|sirtommy\./);
    }
  });

  it("decides from its view: a different stock order changes no choice", () => {
    let state = must(must(fresh(7), ANN, proposeAscending(ANN)), BOB, CONFIRM);
    for (let step = 0; step < 60 && sirTommy.outcome(state) === null; step++) {
      const seat = sirTommy.actors(state)[0] as PlayerId;
      const reordered = { ...state, stock: [...state.stock].reverse() };
      const choice = choose(state, seat);
      expect(choose(reordered, seat)).toEqual(choice);
      state = must(state, seat, choice?.move ?? PASS);
    }
  });

  it("confirms a proposal, waits for people to propose, and proposes when it must", () => {
    const proposed = must(fresh(), ANN, proposeAscending(BOB));
    expect(choose(proposed, BOB, false)?.move).toEqual(CONFIRM);
    expect(choose(fresh(), ANN, false)).toBeNull();
    expect(choose(fresh(), ANN, true)?.move).toEqual(proposeAscending(ANN));
  });

  it("puts a fitting row top on a foundation before a fitting drawn card, since it uncovers a card", () => {
    const state = playing({ rows: piles("5S AS", "", "", ""), drawn: cards("AH 9C 8D") });
    const choice = choose(state);
    expect(choice?.move).toEqual(toFoundation(rowTop(0), 0));
    expect(tm(choice!.reason)).toBe("Put A♠ (top of row 1) on foundation 1: it fits and uncovers 5♠.");
  });

  it("scores a drawn card best on the row whose top is wanted no sooner than it", () => {
    // Nothing is built yet: 5 is 4 cards from fitting, 3 is 2, 8 is 5 (below the Descending King), 10 is 3.
    const state = playing({ rows: piles("3S", "8S", "10S", "JS"), drawn: cards("5H") });
    const scoreOnly = createSirTommyRobot({ ...DEFAULT_PARAMS, candidates: 1 });
    const choice = choose(state, ANN, true, scoreOnly);
    expect(choice?.move).toEqual(toRow(0, 1));
    expect(tm(choice!.reason)).toMatch(/^Put 5♥ on row 2 on 8♠: /);
  });

  it("ends its turn once nothing fits, and passes a clear turn in which nothing fits", () => {
    const placed = playing({ rows: piles("5S", "", "", "") });
    expect(choose(placed)?.move).toEqual(END_TURN);
    const clear = playing({ rows: piles("5S", "", "", ""), turnKind: "clear" });
    expect(choose(clear)?.move).toEqual(PASS);
  });
});
