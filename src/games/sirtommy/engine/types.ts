import type { Proposal } from "../../../engine/core/agreement.js";
import type { Card } from "../../../engine/core/cards.js";
import type { Foundation } from "../../../engine/core/foundations.js";
import type { PlayerId } from "../../../engine/core/game.js";
import type { RngState } from "../../../engine/core/rng.js";

/** "agree": the players settle who is Ascending; "play"; "over". */
export type SirTommyPhase = "agree" | "play" | "over";

/** Ascending builds from an Ace up to the King; Descending from a King down to the Ace. */
export type SirTommyDirection = "ascending" | "descending";

/**
 * "draw": the turn began by drawing from the stock (automatically, at the start of the turn): the
 * drawn cards must all be placed before the turn can end, and passing is not allowed.
 * "clear": the stock was already empty when the turn began: move row tops, then end the turn, or pass.
 */
export type SirTommyTurnKind = "draw" | "clear";

/**
 * "allPlaced": all 52 cards on foundations, both win (maybe with a super-winner);
 * "twoPasses": both players passed in succession with cards left in the rows, both lose;
 * "noMoves": stock and drawn cards used up, cards left in the rows, and neither player can move one.
 */
export type SirTommyEndReason = "allPlaced" | "twoPasses" | "noMoves";

export interface SirTommyTerms {
  /** The player who builds up from the Aces (and starts). */
  ascending: PlayerId;
}

export interface SirTommyState {
  phase: SirTommyPhase;
  rng: RngState;
  /** Seat order; exactly two players. */
  players: PlayerId[];
  /** The open proposal (phase "agree" only). */
  proposal: Proposal<SirTommyTerms> | null;
  /** The Ascending player once agreed (the other one is Descending). */
  ascending: PlayerId | null;
  /** Face-down stock; the last card is drawn first. Hidden: never in a view. */
  stock: Card[];
  /** The 4 shared rows, first card placed first; the last card of a row is its top. */
  rows: Card[][];
  /** The cards the active player drew this turn and has not placed yet (face up, public). */
  drawn: Card[];
  /** Each player's 4 own foundations, first card placed first (the last card is the top). */
  foundations: Record<PlayerId, Foundation[]>;
  /** Seat index of the active player (meaningful in phase "play"). */
  activeSeat: number;
  /** What kind of turn is running (null before play starts). */
  turnKind: SirTommyTurnKind | null;
  /** Cards the active player has put on foundations this turn. */
  movedThisTurn: number;
  /** Consecutive passes (only clear turns can be passed); two end the game. */
  passesInRow: number;
  endReason: SirTommyEndReason | null;
}

/** Where a card for a foundation comes from: one of this turn's drawn cards, or a row's top card. */
export type SirTommySource = { kind: "drawn"; index: number } | { kind: "row"; row: number };

export type SirTommyMove =
  | { type: "propose"; ascending: PlayerId }
  | { type: "confirm" }
  /** Put a drawn card or a row top on one of the player's own foundations (0..3). */
  | { type: "toFoundation"; from: SirTommySource; foundation: number }
  /** Put a drawn card on a row (0..3), on any card or into an empty row. */
  | { type: "toRow"; drawnIndex: number; row: number }
  /** End the turn: allowed once no drawn card is left, and in a clear turn only after moving a card. */
  | { type: "endTurn" }
  /** Pass a clear turn without moving a card (always allowed then); not allowed in a draw turn. */
  | { type: "pass" };

/** Everything except the stock's order (only its size is shown). */
export interface SirTommyPublicView {
  phase: SirTommyPhase;
  /** Seat order. */
  players: PlayerId[];
  proposal: Proposal<SirTommyTerms> | null;
  /** The Ascending player once agreed. */
  ascending: PlayerId | null;
  /** Whose turn it is (null while agreeing and once over). */
  active: PlayerId | null;
  turnKind: SirTommyTurnKind | null;
  /** Cards left in the face-down stock. */
  stockCount: number;
  /** The 4 rows, every card, first card placed first; the last card of a row is its top. */
  rows: Card[][];
  /** The active player's drawn cards of this turn, not yet placed (face up in front of them). */
  drawn: Card[];
  /** Each player's 4 foundations, first card placed first; the last card is the top. */
  foundations: Record<PlayerId, Foundation[]>;
  /** Cards on each player's foundations together. */
  foundationCounts: Record<PlayerId, number>;
  movedThisTurn: number;
  passesInRow: number;
  endReason: SirTommyEndReason | null;
  /** Once won: the player with 30 or more foundation cards, if any. */
  superWinner: PlayerId | null;
}

export interface SirTommyPrivateView extends SirTommyPublicView {
  viewer: PlayerId;
  direction: SirTommyDirection | null;
  /** True when the viewer may confirm the open proposal (it was made by the other player). */
  canConfirm: boolean;
  /** True when the viewer may end the turn now. */
  canEndTurn: boolean;
  /** True when the viewer may pass now. */
  canPass: boolean;
  /** Every move the viewer may make now. */
  legalMoves: SirTommyMove[];
}
