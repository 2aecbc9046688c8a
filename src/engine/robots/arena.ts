import type { AnyEngine, GameOptions, Outcome, PlayerId } from "../core/game.js";
import { type AnyRobot, isLegal, robotRandom, timeBudget } from "../core/robot.js";

export interface ArenaOptions {
  /** Each decision's thinking time (ms); `hasTime` says no after it. */
  budgetMs?: number;
  /** A game still running after this many moves is reported unfinished. */
  maxMoves?: number;
}

export interface ArenaGame {
  /** Null when the game hit `maxMoves`. */
  outcome: Outcome | null;
  players: PlayerId[];
  moves: number;
  decisions: number;
  /** The slowest single decision, ms. */
  slowestMs: number;
  /** The final state, for measuring (cards left, scores); robots never see it. */
  state: unknown;
}

/** Seat ids of an all-robot game, as the store names robot seats. */
export function robotSeatIds(count: number): PlayerId[] {
  return Array.from({ length: count }, (_, i) => `bot:${i + 1}`);
}

/**
 * Plays one seeded game with a robot in every seat, exactly as the robot driver does: each robot sees
 * its own private view and legal moves only; a move not among them is a defect and throws.
 * When every actor prefers to wait (a shared choice), the first asked is asked again and must act.
 */
export function playRobotGame(
  engine: AnyEngine,
  robots: readonly AnyRobot[],
  options: GameOptions,
  seed: number,
  arena: ArenaOptions = {},
): ArenaGame {
  const { budgetMs = 1500, maxMoves = 20_000 } = arena;
  const players = robotSeatIds(robots.length);
  const randoms = players.map((_, i) => robotRandom((seed * 7919 + i * 104_729) >>> 0));
  let state = engine.setup(players, options, seed);
  let moves = 0;
  let decisions = 0;
  let slowestMs = 0;
  const decide = (seat: PlayerId, mustAct: boolean) => {
    const index = players.indexOf(seat);
    const legal = engine.legalMoves(state, seat);
    const started = performance.now();
    const choice = (robots[index] as AnyRobot).choose({
      seat,
      view: engine.privateView(state, seat),
      legal,
      mustAct,
      random: randoms[index] as () => number,
      hasTime: timeBudget(budgetMs),
    });
    slowestMs = Math.max(slowestMs, performance.now() - started);
    decisions++;
    if (choice && !isLegal(legal, choice.move)) {
      throw new Error(`${engine.id} robot in ${seat} chose an illegal move ${JSON.stringify(choice.move)}`);
    }
    return choice;
  };
  let lastActor: PlayerId | null = null;
  while (engine.outcome(state) === null && moves < maxMoves) {
    const listed = engine.actors(state);
    if (listed.length === 0) throw new Error(`${engine.id}: nobody may act in a running game`);
    // Asked in turn from the seat after the last mover: in a simultaneous choice a player who may
    // change their pick (as the random yardstick always does) cannot keep the others from theirs.
    const from = lastActor === null ? 0 : listed.indexOf(lastActor) + 1;
    const actors = [...listed.slice(from), ...listed.slice(0, from)];
    let actor: PlayerId | undefined;
    let choice = null;
    for (const seat of actors) {
      choice = decide(seat, false);
      if (choice) {
        actor = seat;
        break;
      }
    }
    if (!choice) {
      actor = actors[0] as PlayerId;
      choice = decide(actor, true);
      if (!choice) throw new Error(`${engine.id} robot in ${actor} would not act when it had to`);
    }
    lastActor = actor as PlayerId;
    const applied = engine.apply(state, actor as PlayerId, choice.move);
    if (!applied.ok) throw new Error(`${engine.id}: a legal move was refused: ${applied.error.key}`);
    state = applied.state;
    moves++;
  }
  return { outcome: engine.outcome(state), players, moves, decisions, slowestMs, state };
}
