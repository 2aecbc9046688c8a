import type { Message } from "./errors.js";
import type { GameEngine, GameOptions, Outcome, PlayerId } from "./game.js";
import { standingMoves } from "./undo.js";

/**
 * "Can this deal still be won?" as the open-information solitaires for two (Twelves, Stacking)
 * answer it: an exact search within a budget, and after a loss the move that lost it.
 */

/** "winnable": a winning line was found; "lost": every line was tried; "unsure": the budget ran out first. */
export type Winnable = "winnable" | "lost" | "unsure";

/** How far one search may go: positions visited, and a clock it asks now and then. */
export interface SolveBudget {
  nodes: number;
  hasTime: () => boolean;
}

/** What a replay of a lost game found: the move after which it could no longer be won, counted from 1. */
export type LosingMove = { kind: "move"; move: number } | { kind: "fromStart" } | { kind: "unsure" };

/**
 * The first of a lost game's moves after which it could no longer be won. `verdictAt(i)` judges
 * the position after `i` of the game's `moves` (0: the deal). A position after a lost one is lost
 * too (its winning line would have won the earlier one), so a binary search asks about
 * log2(moves) positions; an "unsure" among them leaves the answer open. The deal itself, the
 * largest search, is asked about only when no later position was shown winnable (a winnable one
 * shows that the deal was too).
 */
export function firstLosingMove(moves: number, verdictAt: (position: number) => Winnable): LosingMove {
  let winnable = 0;
  let lost = moves;
  while (lost - winnable > 1) {
    const middle = (winnable + lost) >> 1;
    const verdict = verdictAt(middle);
    if (verdict === "unsure") return { kind: "unsure" };
    if (verdict === "winnable") winnable = middle;
    else lost = middle;
  }
  if (winnable === 0) {
    const first = verdictAt(0);
    if (first === "lost") return { kind: "fromStart" };
    if (first === "unsure") return { kind: "unsure" };
  }
  return { kind: "move", move: lost };
}

/**
 * A finished game as stored: its seats, options, seed and moves in order (everything a replay
 * needs), take-backs included.
 */
export interface PlayedGame {
  players: PlayerId[];
  options: GameOptions;
  seed: number;
  moves: readonly { userId: PlayerId; move: unknown }[];
}

/**
 * Whether an ended game has a losing move to look for: one that not everyone won. A won game is
 * not replayed at all (the replay and its search would only hold up the final table).
 */
export function needsReview(outcome: Outcome | null): boolean {
  return outcome !== null && Object.values(outcome.results).some((r) => r.result !== "win");
}

/** After a lost game, the line that names the move that lost it (null: nothing to say, e.g. a won game). */
export type GameReview = (game: PlayedGame, hasTime: () => boolean) => Message | null;

/**
 * The public view after each move of a replay from the seed (0: the deal), as every player saw
 * it, with the game's outcome; null when a stored move no longer replays.
 */
export function replayViews<S, V>(
  engine: GameEngine<S, unknown, V, unknown>,
  game: PlayedGame,
): { views: V[]; outcome: Outcome | null } | null {
  let state = engine.setup(game.players, game.options, game.seed);
  const views = [engine.publicView(state)];
  // The moves that still stand, as the game was played to its end: a move taken back never counted.
  for (const { userId, move } of standingMoves(game.moves)) {
    const result = engine.apply(state, userId, move);
    if (!result.ok) return null;
    state = result.state;
    views.push(engine.publicView(state));
  }
  return { views, outcome: engine.outcome(state) };
}
