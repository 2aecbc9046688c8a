import type { Message } from "./errors.js";
import type { PlayerId } from "./game.js";
import { createRng, nextFloat } from "./rng.js";

/**
 * What a robot is told when it may act: its own seat's private view and the moves it may make,
 * never the game's state. Everything here is plain data, so a worker thread can think it over.
 */
export interface RobotTurn<PrivateV, M> {
  seat: PlayerId;
  /** `engine.privateView(state, seat)`: exactly what a person in this seat sees. */
  view: PrivateV;
  /** `engine.legalMoves(state, seat)`: the robot answers with one of these. */
  legal: readonly M[];
  /**
   * True when no person is among the players who may act now, so waiting would stall the game.
   * When false a robot may return null to leave a shared choice (who starts) to the people.
   */
  mustAct: boolean;
  /** Seeded numbers for tie-breaks and sampling: the same seed gives the same choices. */
  random: () => number;
  /** False once the robot should settle for its best move so far; long searches ask now and then. */
  hasTime: () => boolean;
}

/** A robot's move and a one-line reason that names it ("Play 23 on the first rising pile: …"). */
export interface RobotChoice<M> {
  move: M;
  reason: Message;
}

/** A player for one game: a function of its seat's view, pure apart from `random` and `hasTime`. */
export interface Robot<PrivateV, M> {
  choose(turn: RobotTurn<PrivateV, M>): RobotChoice<M> | null;
}

/** Method parameters are bivariant, so every game's robot fits this type. */
export type AnyRobot = Robot<unknown, unknown>;

/** Picks uniformly among the legal moves: the yardstick the real robots are measured against. */
export const randomLegalRobot: AnyRobot = {
  choose(turn) {
    if (turn.legal.length === 0) return null;
    const move = turn.legal[Math.floor(turn.random() * turn.legal.length)];
    return { move, reason: { key: "robot.reason.random" } };
  },
};

/** A seeded `random` for a robot's turn (mulberry32, like the engines). */
export function robotRandom(seed: number): () => number {
  const rng = createRng(seed);
  return () => nextFloat(rng);
}

/** A `hasTime` that says no once `budgetMs` have passed since it was made. */
export function timeBudget(budgetMs: number, now: () => number = () => performance.now()): () => boolean {
  const until = now() + budgetMs;
  return () => now() < until;
}

/** True when `move` is one of `legal` (compared as JSON: moves are plain data). */
export function isLegal(legal: readonly unknown[], move: unknown): boolean {
  const wanted = JSON.stringify(move);
  return legal.some((m) => JSON.stringify(m) === wanted);
}
