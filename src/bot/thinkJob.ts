import type { AnyEngine, PlayerId } from "../engine/core/game.js";
import type { GameRecord } from "../store/store.js";
import type { ThinkJob } from "./thinker.js";

/** A robot's thinking time per decision; searches settle for their best line after it. */
export const ROBOT_BUDGET_MS = 1000;

/**
 * What a robot seat is given to decide: its own private view and legal moves, built here from the
 * state, which never leaves the main thread. Hints use it for a person's seat the same way.
 */
export function robotJob(engine: AnyEngine, game: GameRecord, seat: PlayerId, mustAct: boolean): ThinkJob {
  return {
    gameType: game.gameType,
    seat,
    view: engine.privateView(game.state, seat),
    legal: engine.legalMoves(game.state, seat),
    mustAct,
    seed:
      (game.seed ^
        Math.imul(game.version + 1, 0x9e3779b1) ^
        game.players.findIndex((p) => p.userId === seat)) >>>
      0,
    budgetMs: ROBOT_BUDGET_MS,
  };
}
