/**
 * When the load bench gives up on a game. A game's version moves only with a move, and a move may
 * take several clicks: in Four Kings a hand is picked, perhaps changed, then confirmed, and each
 * choice is a click answered with a new panel (when its hand was chosen one card at a time, ten
 * clicks a move). On a busy machine such an answer takes seconds, so a player still choosing, every
 * click answered, passed a fixed time without a new version and was taken for stuck. A game is
 * stuck when nothing of it answers: no move and no click of its player answered for the limit (the
 * player waits for a table or an answer that never comes, or has nothing to click), or when its
 * player's answered clicks never lead to a move.
 */

/** What the driver saw of a game's life since its last move. */
export interface GameProgress {
  /** The game's version, and whether a table shows it (always true when players do not wait for tables). */
  version: number;
  tableShown: boolean;
  /** Date.now() of the last move (or of the start), and of the last click of its player answered completely. */
  movedAt: number;
  answeredAt: number;
  /** Clicks of its player answered completely since the last move. */
  answeredSinceMove: number;
}

export interface StuckLimits {
  /** No move and no answered click for this long. */
  ms: number;
  /** Answered clicks without a move: a panel whose choices never lead anywhere. */
  clicks: number;
}

/**
 * Clicks a move may take before the game counts as stuck: far more than any game's random player
 * needs (a Four Kings move took 3 to 41 on a busy machine, 10 at the median, when its hand was
 * chosen one card at a time; fewer since its hand is picked in one go).
 */
export const CLICKS_PER_MOVE_LIMIT = 200;

/** Why the game counts as stuck at `now`, or null while it is alive. */
export function stuckReason(game: GameProgress, now: number, limits: StuckLimits): string | null {
  if (game.answeredSinceMove >= limits.clicks) return `no move in ${game.answeredSinceMove} answered clicks`;
  const quiet = now - Math.max(game.movedAt, game.answeredAt);
  if (quiet <= limits.ms) return null;
  const seconds = Math.round(quiet / 1000);
  return game.tableShown
    ? `no move and no click answered for ${seconds} s`
    : `no table showed v${game.version} for ${seconds} s`;
}
