import type { Card, Suit } from "../../../engine/core/cards.js";
import type { PlayerId } from "../../../engine/core/game.js";
import type { RngState } from "../../../engine/core/rng.js";

/**
 * One versus Two (docs/RULES.md §7). Seats are the lobby's join order, clockwise; "left" is the next
 * seat. The four places around the table, clockwise from the boss: boss, left louse, dummy
 * (opposite the boss), right louse. Play order of a trick: left → dummy → right → boss, starting
 * from whoever leads.
 */
export type Place = "boss" | "left" | "dummy" | "right";
/** Clockwise from the boss; a trick goes round in this order from its leader. */
export const PLACES: readonly Place[] = ["boss", "left", "dummy", "right"];
/** The boss's side (boss and dummy) plays against the lice (left and right). */
export type Side = "boss" | "lice";

export interface Contract {
  /** 1..13 */
  tricks: number;
  /** null: no-trump */
  trump: Suit | null;
}

export interface PlayedCard {
  place: Place;
  card: Card;
}

export interface CompletedTrick {
  cards: PlayedCard[];
  winner: Place;
}

/** One finished game of the match, as the score sheet shows it. */
export interface GameRecordLine {
  round: number;
  /** 1-based within the match */
  game: number;
  boss: PlayerId;
  /** 4 players: the boss's partner, whose cards were the dummy */
  servant: PlayerId | null;
  contract: Contract;
  /** Tricks won by the boss (dummy's included) */
  tricksWon: number;
  /** The boss's score; every louse (the other pair) scores the negative */
  score: number;
  /** Each player's score for this game */
  perPlayer: Record<PlayerId, number>;
}

export interface OnevstwoOptions {
  /** One round only (3 or 4 games) instead of the whole match */
  shortMatch: boolean;
  /** A seat with exactly one legal card plays it automatically */
  autoplay: boolean;
}

export type OnevstwoPhase = "contract" | "play" | "over";

export interface OnevstwoState {
  phase: OnevstwoPhase;
  rng: RngState;
  /** Seat order, 3 or 4 players */
  players: PlayerId[];
  options: OnevstwoOptions;
  /** 0-based round; each round has a new shuffle */
  round: number;
  rounds: number;
  /** 0-based game within the round; the boss is (roundFirstBoss + gameInRound) % players */
  gameInRound: number;
  roundFirstBoss: number;
  /**
   * This round's deal: four stacks of 13, kept so every game of the round hands out the same
   * cards. With 4 players stack i is seat i's; with 3, stacks 0..2 are the seats' and stack 3 the dummy.
   */
  deal: Card[][];
  /** The cards each stack still holds in this game (same indexing as `deal`) */
  stacks: Card[][];
  contract: Contract | null;
  /** The trick being played (empty between tricks), and who led it */
  trick: PlayedCard[];
  leader: Place;
  lastTrick: CompletedTrick | null;
  /** Tricks of this game won by the boss's side (dummy included) and by the lice */
  bossTricks: number;
  liceTricks: number;
  /** Every finished game of the match, in order */
  sheet: GameRecordLine[];
}

export type OnevstwoMove =
  | { type: "contract"; tricks: number; trump: Suit | null }
  /** A card of the hand the mover controls now: their own, or the dummy's when it is the dummy's turn */
  | { type: "play"; card: Card };

/** Who sits where in the current game. */
export interface OnevstwoRoles {
  boss: PlayerId;
  left: PlayerId;
  right: PlayerId;
  /** 4 players: the boss's partner, whose cards are the dummy and who plays them */
  servant: PlayerId | null;
  /** Who chooses the dummy's cards: the boss (3 players) or the servant (4) */
  dummyController: PlayerId;
}

/** One finished game as the view shows it: its record line with what it meant. */
export interface SheetLine extends GameRecordLine {
  /** Tricks won by the lice */
  liceTricks: number;
  /** The boss's side won at least the contract's number of tricks */
  made: boolean;
  /** Tricks over the contract when made, short of it when failed (0: made exactly) */
  margin: number;
  /** Each player's running total after this game (4 players: their pair's) */
  totals: Record<PlayerId, number>;
}

/** Where the game being played stands against its contract. */
export interface ContractTally {
  /** Tricks the boss's side needs: the contract's number */
  need: number;
  /** Tricks the lice need to beat the contract: one more than the boss's side may lose */
  against: number;
  /** The boss's side has won the tricks it needs */
  made: boolean;
  /** The lice have won the tricks they need: the contract has failed */
  beaten: boolean;
}

/** A player (3 players) or a pair (4 players) on the match's totals. */
export interface Standing {
  /** The player, or the pair's two members in seat order */
  members: PlayerId[];
  total: number;
  /** Holds the best total (shared when equal) */
  first: boolean;
}

/** A contract the boss may announce, with what it is worth. */
export interface ContractTerms extends Contract {
  /** Tricks the lice need to beat it */
  against: number;
  premium: number;
  /** The boss's score when made exactly, and when one trick short */
  made: number;
  short: number;
}

export interface OnevstwoPublicView {
  phase: OnevstwoPhase;
  players: PlayerId[];
  round: number;
  rounds: number;
  /** 1-based number of the current game in the match, and how many the match has */
  gameNumber: number;
  games: number;
  roles: OnevstwoRoles;
  /** The dummy, face up, sorted by suit (trumps first once known), high to low */
  dummy: Card[];
  /** How many cards each place still holds */
  cardsLeft: Record<Place, number>;
  contract: Contract | null;
  /** The current trick; when it is empty, `lastTrick` is the finished one still on the table */
  trick: PlayedCard[];
  lastTrick: CompletedTrick | null;
  /** The side that took `lastTrick`: the boss's (boss or dummy) or the lice's; null with no finished trick */
  lastTrickSide: Side | null;
  bossTricks: number;
  liceTricks: number;
  /** Tricks finished in this game */
  tricksPlayed: number;
  /** The contract against the tricks won so far (null before it is announced) */
  tally: ContractTally | null;
  /** The place whose card takes the current trick as it stands (null: no card in it yet) */
  winning: Place | null;
  /** The place to play now (null in the contract phase or when the match is over) */
  toPlay: Place | null;
  /** The player who must act now: the boss announcing, or whoever plays for `toPlay` */
  actor: PlayerId | null;
  sheet: SheetLine[];
  /** Running totals per player (3 players) or per pair, keyed by each pair member (4 players) */
  totals: Record<PlayerId, number>;
  /** Per player (3) or per pair (4), best total first; equal totals keep seat order */
  standings: Standing[];
  /** 4 players: the two pairs (seats 1 & 3, seats 2 & 4) */
  pairs: [PlayerId, PlayerId][] | null;
}

export interface OnevstwoPrivateView extends OnevstwoPublicView {
  viewer: PlayerId;
  /** The viewer's own cards, sorted by suit (trumps first once known), high to low */
  hand: Card[];
  /** What the viewer may do now: announce, or play from `from` one of `legal` */
  canAnnounce: boolean;
  /** Every contract the viewer may announce now with its stakes, in `allContracts` order; [] unless announcing */
  contracts: ContractTerms[];
  /** `winning`: the legal cards that would take the trick as it stands ([] when leading it) */
  play: { from: Place; legal: Card[]; winning: Card[] } | null;
}
