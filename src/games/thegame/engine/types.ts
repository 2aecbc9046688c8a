import type { GameOptions, PlayerId } from "../../../engine/core/game.js";
import type { RngState } from "../../../engine/core/rng.js";

/** Piles 0 and 1 ascend from 1; piles 2 and 3 descend from 100 (the start values are markers). */
export type PileDirection = "up" | "down";
export const PILE_DIRECTIONS: readonly PileDirection[] = ["up", "up", "down", "down"];

export interface TheGameOptions extends GameOptions {
  /** Minimum 3 instead of 2 while the draw pile has cards. */
  expert: boolean;
  /** Hand size one smaller (7/6/5). */
  smallerHands: boolean;
}

export type TheGamePhase = "claim" | "play" | "over";

/**
 * A table signal (docs/RULES.md §1 ruling): a word about a pile that carries no number. "hold": please
 * leave this pile for me; "playWell": I can play well here; "bigJump": I will have to jump far here.
 */
export type TheGameSignal = "hold" | "playWell" | "bigJump";
export const SIGNALS: readonly TheGameSignal[] = ["hold", "playWell", "bigJump"];

/** One player's signal on one pile (at most one per player and pile). */
export interface TheGameSignalEntry {
  player: PlayerId;
  pile: number;
  signal: TheGameSignal;
}

export interface TheGameState {
  phase: TheGamePhase;
  options: TheGameOptions;
  rng: RngState;
  /** Seat order. */
  players: PlayerId[];
  hands: Record<PlayerId, number[]>;
  drawPile: number[];
  /** Every card on each pile, bottom first (marker not included). */
  piles: number[][];
  /** Seat index of the active player (meaningful in phase "play"). */
  activeSeat: number;
  playedThisTurn: number;
  /** Why the game ended, once over. */
  endReason: "allPlayed" | "stuck" | null;
  /**
   * The table signals, ordered by seat, then pile. A player's own are cleared when their turn
   * begins (they were meant for the others' turns). Added in state version 2.
   */
  signals: TheGameSignalEntry[];
}

export type TheGameMove =
  | { type: "claimStart" }
  | { type: "play"; card: number; pile: number }
  | { type: "endTurn" }
  /** Set (or with null clear) the player's signal on a pile: any seated player, any time in play. */
  | { type: "signal"; pile: number; signal: TheGameSignal | null };

export interface TheGamePileView {
  direction: PileDirection;
  /** Top value; the marker (1 or 100) while the pile is empty. */
  top: number;
  /** Cards on the pile (markers not counted). */
  count: number;
  /** The card exactly 10 back that the pile also takes (the backwards trick); null when no card is that far back. */
  back: number | null;
}

export interface TheGamePublicView {
  phase: TheGamePhase;
  options: TheGameOptions;
  players: { id: PlayerId; handCount: number }[];
  /** Whose turn it is (null in the claim phase and once over). */
  active: PlayerId | null;
  piles: TheGamePileView[];
  drawPileCount: number;
  handSize: number;
  playedThisTurn: number;
  /** This turn's minimum: 2 (expert 3) while the draw pile has cards, else 1. */
  minimumThisTurn: number;
  /** Every card played so far, ascending (the card tracker: only what everyone saw). */
  playedCards: number[];
  /** Cards not played yet (all hands + draw pile): the score if the game ended now. */
  cardsLeft: number;
  endReason: "allPlayed" | "stuck" | null;
  /** Only once the game is over: every hand, revealed. */
  finalHands: Record<PlayerId, number[]> | null;
  /** The table signals per pile (aligned with `piles`), in seat order: who says what, no numbers. */
  signals: { player: PlayerId; signal: TheGameSignal }[][];
}

export interface TheGamePrivateView extends TheGamePublicView {
  viewer: PlayerId;
  /** The viewer's hand, ascending. */
  hand: number[];
  /** For each card in hand: the piles it may legally go on now (empty unless it is the viewer's turn). */
  playable: Record<number, number[]>;
  /**
   * For each card in hand: the piles among `playable` where playing it now ends the game at once,
   * since this turn's minimum would be out of reach (the panel asks before such a play).
   */
  stranding: Record<number, number[]>;
  /** True when the viewer may end the turn now (their turn and minimum reached). */
  canEndTurn: boolean;
}
