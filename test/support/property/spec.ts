import type { GameEngine, GameOptions, PlayerId } from "../../../src/engine/core/game.js";
import type { RngState } from "../../../src/engine/core/rng.js";

/**
 * What the generic property harness (`harness.ts`, run by `kit.test.ts`) needs to know of one game.
 * fast-check generates games driven by `legalMoves`; the harness checks, after every move: every
 * listed move is accepted, random unlisted candidates are refused, the game's own invariant holds,
 * the public view leaks nothing; and at the end that the game is over and its replay is exact.
 */
export interface PropertySpec<S, M> {
  engine: GameEngine<S, M, unknown, unknown>;
  /** Player counts and options to cover; game i uses setups[i % setups.length]. */
  setups: readonly { players: number; options?: GameOptions }[];
  /** How many generated games CI plays (fast-check's runs; at least 1,000). */
  games: number;
  /** A bound no real game reaches (the harness fails a game that is still running after it). */
  maxSteps: number;
  /** The game's own conservation invariant (every card accounted for...): throws when broken. */
  invariant(state: S): void;
  /** A description of any hidden value the public view shows, or null when it shows none. */
  publicLeak(state: S, publicView: unknown): string | null;
  /**
   * Plausible moves for `player` now, legal or not (any column with any foundation, any card on
   * any pile...). The harness keeps those not in `legalMoves` and expects each to be refused.
   */
  candidates(state: S, player: PlayerId, rng: RngState): unknown[];
  /** How many of the legal moves to try per state before choosing one (default: all, at most 40). */
  tryLegal?: number;
  /**
   * Picks the move to play, with `rng` seeded by the move's generated choice (default: the choice
   * as an index into `legal`); games that need a nudge to end use it.
   */
  choose?(legal: M[], state: S, player: PlayerId, rng: RngState): M;
}

export const SEATS: readonly PlayerId[] = ["p1", "p2", "p3", "p4", "p5"];
