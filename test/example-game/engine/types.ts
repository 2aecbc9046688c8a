import type { Card } from "../../../src/engine/core/cards.js";
import type { PlayerId } from "../../../src/engine/core/game.js";
import type { RngState } from "../../../src/engine/core/rng.js";

export type Guess = "higher" | "lower";

/** What a turned card made of a guess: a point, nothing, or nothing because the ranks were equal. */
export type GuessResult = "right" | "wrong" | "equal";

/** Say whether the next card is higher or lower than the face-up card. */
export type HigherLowerMove = { type: "guess"; guess: Guess };

export interface LastGuess {
  player: PlayerId;
  guess: Guess;
  /** The card that was face up when the guess was made. */
  from: Card;
  /** The card it turned. */
  turned: Card;
  result: GuessResult;
}

export interface HigherLowerState {
  phase: "play" | "over";
  rng: RngState;
  /** Seat order; seat 0 created the game and guesses first. */
  players: PlayerId[];
  /** Hidden from everyone: the next card to turn is the last one. */
  drawPile: Card[];
  /** Every card turned face up so far, the first card first; the last one is face up now. */
  turned: Card[];
  scores: Record<PlayerId, number>;
  activeSeat: number;
  last: LastGuess | null;
}

/** The table as everyone sees it: never the draw pile. */
export interface HigherLowerPublicView {
  phase: "play" | "over";
  players: PlayerId[];
  faceUp: Card;
  /** Every card turned face up so far (public: all saw them), the face-up card last. */
  turned: Card[];
  scores: Record<PlayerId, number>;
  guessesLeft: Record<PlayerId, number>;
  /** Cards still to turn before the game ends. */
  toTurn: number;
  /** How many cards the draw pile holds (their order stays hidden). */
  drawPileCount: number;
  /** Whose turn it is (null once over). */
  active: PlayerId | null;
  last: LastGuess | null;
  /** Once over: the player with the most points, or null for a draw. */
  winner: PlayerId | null;
}

export interface HigherLowerPrivateView extends HigherLowerPublicView {
  viewer: PlayerId;
  /** Every move the viewer may make now (empty unless it is the viewer's turn). */
  legalMoves: HigherLowerMove[];
}
