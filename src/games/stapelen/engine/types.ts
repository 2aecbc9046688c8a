import type { Rank } from "../../../engine/core/cards.js";
import type { Foundation } from "../../../engine/core/foundations.js";
import type { PlayerId } from "../../../engine/core/game.js";
import type { RngState } from "../../../engine/core/rng.js";
import type { Column } from "../../../engine/core/tableau.js";

/** Stacking has no set-up agreement: the creator (seat 0) starts at once. */
export type StapelenPhase = "play" | "over";

/** "allTaken": all 52 cards on foundations, both win; "stuck": the active player could not place a card, both lose. */
export type StapelenEndReason = "allTaken" | "stuck";

export interface StapelenState {
  phase: StapelenPhase;
  rng: RngState;
  /** Seat order; exactly two players. Seat 0 created the game and starts. */
  players: PlayerId[];
  /** 13 columns, first card dealt first; the last card of a column is its top card. */
  columns: Column[];
  /** Each player's 3 own foundations, first card placed first (the last card is the top). */
  foundations: Record<PlayerId, Foundation[]>;
  /** Seat index of the active player (the player who got stuck, once over). */
  activeSeat: number;
  endReason: StapelenEndReason | null;
}

/** Take the top card of `column` (0..12) and put it on the player's own `foundation` (0..2). */
export type StapelenMove = { type: "place"; column: number; foundation: number };

/** Everything in Stacking is public; the view is the state without the RNG. */
export interface StapelenPublicView {
  phase: StapelenPhase;
  players: PlayerId[];
  /** 13 columns, first card dealt first; the last card of a column is its top card. */
  columns: Column[];
  /** Each player's 3 foundations, first card placed first. */
  foundations: Record<PlayerId, Foundation[]>;
  /** What each of those foundations takes next: a rank, or null when it is empty (any card) */
  needs: Record<PlayerId, (Rank | null)[]>;
  /** Whose turn it is (null once over). */
  active: PlayerId | null;
  /** Cards still on the tableau. */
  cardsLeft: number;
  endReason: StapelenEndReason | null;
}

export interface StapelenPrivateView extends StapelenPublicView {
  viewer: PlayerId;
  /** Every move the viewer may make now (empty unless it is the viewer's turn). */
  legalMoves: StapelenMove[];
}
