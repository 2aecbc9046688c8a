import type { Message } from "./errors.js";
import type { PlayerId } from "./game.js";
import { createRng, nextFloat } from "./rng.js";

/**
 * What a bot is told when it may act: its own seat's private view and the moves it may make,
 * never the game's state. Everything here is plain data, so a worker thread can think it over.
 */
export interface BotTurn<PrivateV, M> {
  seat: PlayerId;
  /** `engine.privateView(state, seat)`: exactly what a person in this seat sees. */
  view: PrivateV;
  /** `engine.legalMoves(state, seat)`: the bot answers with one of these. */
  legal: readonly M[];
  /**
   * True when no person is among the players who may act now, so waiting would stall the game.
   * When false a bot may return null to leave a shared choice (who starts) to the people.
   */
  mustAct: boolean;
  /** Seeded numbers for tie-breaks and sampling: the same seed gives the same choices. */
  random: () => number;
  /** False once the bot should settle for its best move so far; long searches ask now and then. */
  hasTime: () => boolean;
}

/** A bot's move and a one-line reason that names it ("Play 23 on the first rising pile: …"). */
export interface BotChoice<M> {
  move: M;
  reason: Message;
}

/** A player for one game: a function of its seat's view, pure apart from `random` and `hasTime`. */
export interface GameBot<PrivateV, M> {
  choose(turn: BotTurn<PrivateV, M>): BotChoice<M> | null;
}

/** Method parameters are bivariant, so every game's bot fits this type. */
export type AnyBot = GameBot<unknown, unknown>;

/** Picks uniformly among the legal moves: the yardstick the real bots are measured against. */
export const randomLegalBot: AnyBot = {
  choose(turn) {
    if (turn.legal.length === 0) return null;
    const move = turn.legal[Math.floor(turn.random() * turn.legal.length)];
    return { move, reason: { key: "bot.reason.random" } };
  },
};

/** A seeded `random` for a bot's turn (mulberry32, like the engines). */
export function botRandom(seed: number): () => number {
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
