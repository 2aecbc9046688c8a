import type { Robot } from "../../src/engine/core/robot.js";
import {
  type Announcement,
  announce,
  bossTricksByTrump,
  expectedScore,
  onevstwoRobot,
} from "../../src/games/onevstwo/engine/robot.js";
import { TRICKS_PER_GAME, TRUMP_CHOICES } from "../../src/games/onevstwo/engine/rules.js";
import type { OnevstwoMove, OnevstwoPrivateView } from "../../src/games/onevstwo/engine/types.js";

/**
 * One versus Two's robot as it was before issue 25, the anchor `npm run ai` measures the robot's boss
 * scores against (used by the bench, so kept): the same card play, but the contract is the best
 * average over only 24 playouts per trump, every contract of 1 to 13 tricks weighed.
 */
export const onevstwoToday: Robot<OnevstwoPrivateView, OnevstwoMove> = {
  choose(turn) {
    if (!turn.view.canAnnounce) return onevstwoRobot.choose(turn);
    const results = bossTricksByTrump(turn.view, turn.random, turn.hasTime, 24);
    let best: Announcement & { value: number } = { tricks: 1, trump: null, expected: 0, value: -Infinity };
    for (const trump of TRUMP_CHOICES) {
      const taken = results.get(trump) as number[];
      for (let tricks = 1; tricks <= TRICKS_PER_GAME; tricks++) {
        const value = expectedScore({ tricks, trump }, taken);
        const expected = Math.round(taken.reduce((a, b) => a + b, 0) / taken.length);
        if (value > best.value) best = { tricks, trump, expected, value };
      }
    }
    return announce(turn, best);
  },
};
