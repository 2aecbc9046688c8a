import type { Proposal } from "../../../engine/core/agreement.js";
import type { Card } from "../../../engine/core/cards.js";
import type { PlayerId } from "../../../engine/core/game.js";
import type { RngState } from "../../../engine/core/rng.js";
import type { Column } from "../../../engine/core/tableau.js";

/** One player collects pairs worth twelve, the other pairs worth fourteen. */
export type TwelvesRole = "twelve" | "fourteen";

/** "agree": the players settle roles and the starter; "play": taking pairs; "over". */
export type TwelvesPhase = "agree" | "play" | "over";

/** What the players agree on before any card moves. */
export interface TwelvesTerms {
  /** The player who collects twelves (the other collects fourteens). */
  twelves: PlayerId;
  /** The player who takes the first pair. */
  starter: PlayerId;
}

/** A pair as taken, in the order of the move's columns. */
export type TwelvesPair = [Card, Card];

/** "allTaken": all 52 cards taken, both win; "noPair": the active player had no legal pair, both lose. */
export type TwelvesEndReason = "allTaken" | "noPair";

export interface TwelvesState {
  phase: TwelvesPhase;
  rng: RngState;
  /** Seat order; exactly two players. */
  players: PlayerId[];
  /** 13 columns, first card dealt first; the last card of a column is its top card. */
  columns: Column[];
  /** The open proposal (phase "agree" only). */
  proposal: Proposal<TwelvesTerms> | null;
  /** Each player's role once agreed, else null. */
  roles: Record<PlayerId, TwelvesRole> | null;
  /** Seat index of the active player (meaningful in phase "play"). */
  activeSeat: number;
  /** Each player's collected pairs, oldest first (public). */
  pairs: Record<PlayerId, TwelvesPair[]>;
  endReason: TwelvesEndReason | null;
}

export type TwelvesMove =
  | { type: "propose"; twelves: PlayerId; starter: PlayerId }
  | { type: "confirm" }
  /** Take the top cards of two different columns (0..12). */
  | { type: "takePair"; columns: [number, number] };

/** Everything in Twelves is public; the view is the state without the RNG. */
export interface TwelvesPublicView {
  phase: TwelvesPhase;
  players: PlayerId[];
  /** 13 columns, first card dealt first; the last card of a column is its top card. */
  columns: Column[];
  proposal: Proposal<TwelvesTerms> | null;
  roles: Record<PlayerId, TwelvesRole> | null;
  /** Whose turn it is (null while agreeing and once over). */
  active: PlayerId | null;
  pairs: Record<PlayerId, TwelvesPair[]>;
  /** Cards still on the tableau. */
  cardsLeft: number;
  endReason: TwelvesEndReason | null;
}

export interface TwelvesPrivateView extends TwelvesPublicView {
  viewer: PlayerId;
  /** The viewer's role once agreed. */
  role: TwelvesRole | null;
  /** True when the viewer may confirm the open proposal (it was made by the other player). */
  canConfirm: boolean;
  /**
   * Every move the viewer may make now (the engine's `legalMoves`): each legal pair lower column
   * first, followed by the same pair the other way round.
   */
  legalMoves: TwelvesMove[];
}
