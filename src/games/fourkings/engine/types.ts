import type { Card, Rank, Suit } from "../../../engine/core/cards.js";
import type { GameOptions, PlayerId } from "../../../engine/core/game.js";
import type { RngState } from "../../../engine/core/rng.js";

export interface FourKingsOptions extends GameOptions {
  /** House rule for beginners: the lost pile's contents may be viewed. */
  peek: boolean;
}

/** Round 1 draws from pile I (4–6), round 2 from pile II (7–10), round 3 from pile III (J–K). */
export type FourKingsRound = 1 | 2 | 3;

/** A turn is "chooseHand" (the draw follows at once) and then "assign". */
export type FourKingsPhase = "chooseHand" | "assign" | "over";

/** "won": all 4 Kings controlled; "tooFewCards": fewer than 2 controlled at a turn's start. */
export type FourKingsEndReason = "won" | "tooFewCards" | "turnLimit";

/** What happened to one drawn card in a turn. */
export interface FourKingsStackResult {
  drawn: Card;
  placed: Card[];
  /** Won: the drawn card and `placed` became controlled; else both went to the lost pile. */
  won: boolean;
}

/** The outcome of the most recent finished turn, kept so the UI can show it before the next one. */
export interface FourKingsTurnRecord {
  /** 1-based number of that turn. */
  turn: number;
  /** The round the turn was played in. */
  round: FourKingsRound;
  /** One entry per drawn card, in draw order. */
  stacks: FourKingsStackResult[];
  /** Hand cards not placed, back under control. */
  returned: Card[];
  /** The draw pile was empty after the turn, so the lost pile was shuffled into a new draw pile. */
  reshuffled: boolean;
}

export interface FourKingsState {
  phase: FourKingsPhase;
  options: FourKingsOptions;
  rng: RngState;
  /** The one seated player. */
  player: PlayerId;
  round: FourKingsRound;
  /** Controlled cards not in the hand, sorted by suit then rank descending. */
  controlled: Card[];
  /** This turn's hand (phase "assign"), sorted like `controlled`; empty otherwise. */
  hand: Card[];
  /** This turn's drawn cards, in draw order (phase "assign"); empty otherwise. */
  drawn: Card[];
  /** Draw piles I, II, III (index round - 1), face down; the top card is the last element. */
  drawPiles: Card[][];
  /** The active round's lost pile, face down. A round only ends with it empty, so one suffices. */
  lostPile: Card[];
  /** Finished turns. */
  turn: number;
  /** The lost pile was shuffled into a new draw pile while drawing this turn's cards. */
  reshuffledOnDraw: boolean;
  lastTurn: FourKingsTurnRecord | null;
  endReason: FourKingsEndReason | null;
}

export type FourKingsMove =
  /** Step 1: the hand, taken from the controlled cards; the draw follows automatically. */
  | { type: "chooseHand"; cards: Card[] }
  /** Step 3: one list of hand cards per drawn card, in the order of `drawn`. */
  | { type: "assign"; stacks: Card[][] };

/** What a drawn card needs: placed cards of its suit worth `sameSuit`, or of another suit worth `otherSuit`. */
export interface FourKingsRequirement {
  suit: Suit;
  sameSuit: number;
  otherSuit: number;
}

/** How far the round's goal is: `have` of `need` cards up to `top`, or (`top` null) of the four Kings. */
export interface FourKingsProgress {
  have: number;
  need: number;
  /** The highest rank to control this round (6 or 10); null in round 3, whose goal is the Kings. */
  top: number | null;
}

export interface FourKingsPublicView {
  phase: FourKingsPhase;
  options: FourKingsOptions;
  player: PlayerId;
  round: FourKingsRound;
  /** Finished turns. */
  turn: number;
  /** A game still running after this many turns is lost (see TURN_LIMIT). */
  turnLimit: number;
  /** Controlled cards not in the hand, sorted by suit then rank descending. */
  controlled: Card[];
  hand: Card[];
  drawn: Card[];
  /** One per drawn card, in the order of `drawn`. */
  requirements: FourKingsRequirement[];
  /** Cards the hand holds this turn: 5 (round 1) or 3, or all controlled cards if fewer. */
  handSize: number;
  /** At most this many hand cards on one drawn card: 3 (round 1) or 2. */
  maxPerCard: number;
  /** Cards in draw piles I, II, III (counts only: never contents or order). */
  drawPileCounts: number[];
  /** The lowest and highest rank dealt to draw piles I, II, III (4–6, 7–10, J–K). */
  drawPileRanks: { lowest: Rank; highest: Rank }[];
  lostPileCount: number;
  /** The lost pile's contents, sorted; only with the `peek` option, else null. */
  lostPile: Card[] | null;
  /** The lost pile was shuffled into a new draw pile while drawing this turn's cards. */
  reshuffledOnDraw: boolean;
  lastTurn: FourKingsTurnRecord | null;
  kingsControlled: number;
  /** The round's goal, counting the cards controlled and in hand */
  progress: FourKingsProgress;
  endReason: FourKingsEndReason | null;
}

/**
 * What the player knows with a good memory (the rulebook's advanced player), as sorted sets: every
 * card of a lost stack was shown face up as it went to the lost pile, and a reshuffle puts exactly
 * those cards back into the draw pile. The draw pile's order is never in it.
 */
export interface FourKingsMemory {
  /** The cards the player saw go to the active round's lost pile since its last reshuffle. */
  lost: Card[];
  /**
   * The active draw pile's cards: the round's ranks as dealt, or what the last reshuffle put back,
   * less the cards drawn since.
   */
  drawPile: Card[];
}

export interface FourKingsPrivateView extends FourKingsPublicView {
  viewer: PlayerId;
  /** True when the viewer is the player and the game is running. */
  canAct: boolean;
  /** The player's memory; null for anyone else. */
  memory: FourKingsMemory | null;
}
