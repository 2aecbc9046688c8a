import type { Card } from "../../../engine/core/cards.js";
import type { Message } from "../../../engine/core/errors.js";
import type { PlayerId } from "../../../engine/core/game.js";
import type { RngState } from "../../../engine/core/rng.js";

/** "pick": everyone secretly chooses a trio; "play": turns in noble order; "over": won or round cap. */
export type TroubadourPhase = "pick" | "play" | "over";

/** A noble power or combination, as announced during a turn (♦ nobles are passive, so not listed). */
export type NoblePower =
  | "spadesJack"
  | "spadesQueen"
  | "spadesTrio"
  | "clubsJack"
  | "clubsQueen"
  | "clubsKing"
  | "heartsJack"
  | "heartsQueen"
  | "heartsQueenKing";

/**
 * What one noble does by itself: a power of its own, a ♦ shield against one attack, or only a part of
 * a combination (♠K, ♥K), which needs the other nobles of that combination in the same trio.
 */
export type NobleRole =
  | { kind: "power"; power: NoblePower }
  | { kind: "shield"; against: NoblePower }
  | { kind: "partner"; power: NoblePower; needs: Card[] };

export interface VillageCard {
  card: Card;
  faceUp: boolean;
}

/** One player's own cards. Piles list the bottom card first, so the top card is the last one. */
export interface TroubadourBoard {
  /** Face down; ♠ attacks put cards under it (at index 0). */
  drawPile: Card[];
  /** Face up; only the top (last) card is visible. */
  waste: Card[];
  /** Always 5 villages, each bottom card first. A village's top card is always face up. */
  villages: VillageCard[][];
  /** Always 4 slots; each is empty or an Ace then the same suit ascending (complete with the 10). */
  castles: Card[][];
}

/** What the active player has done so far this turn. */
export interface TroubadourTurn {
  /** The standard draw (or ♥Q+K, which replaces it) has happened. */
  standardDrawDone: boolean;
  /** Extra cards granted by ♣Q / ♣K and not turned yet. */
  extraDraws: number;
  /** An Ace ♥Q just turned face up inside a village: it may start a castle as the very next move. */
  revealedAce: { village: number; position: number } | null;
}

export type TroubadourEndReason = "castles" | "roundCap";

export interface TroubadourState {
  phase: TroubadourPhase;
  rng: RngState;
  /** Seat order. */
  players: PlayerId[];
  /** 1-based round number. */
  round: number;
  /** After this many rounds without a winner the game ends in a draw. */
  roundCap: number;
  boards: Record<PlayerId, TroubadourBoard>;
  /** Each player's trio this round, lowest noble first; null until chosen. Secret in phase "pick". */
  picks: Record<PlayerId, Card[] | null>;
  /** This round's turn order (empty during the pick phase). */
  order: PlayerId[];
  /** Index into `order` of the active player. */
  turnIndex: number;
  /** This round's die rolls for identical trios, per player in roll order (the last roll counts). */
  dieRolls: Record<PlayerId, number[]>;
  /** Nobles and combinations each player announced in their turn this round, in order of use. */
  noblesUsed: Record<PlayerId, NoblePower[]>;
  turn: TroubadourTurn;
  winner: PlayerId | null;
  endReason: TroubadourEndReason | null;
}

/** Where a built card (or run) comes from: the waste top, or the top `count` cards of an own village. */
export type BuildSource = { kind: "waste" } | { kind: "village"; village: number; count: number };

/** Where it goes: the castle of its suit (an Ace starts one), or the top of an own village. */
export type BuildTarget = { kind: "castle" } | { kind: "village"; village: number };

/** Villages, castles and positions are 0-based indexes; `position` counts from the village's bottom. */
export type TroubadourMove =
  | { type: "pickNobles"; nobles: Card[] }
  /** The standard draw; `clubsJack` declares ♣J with it. */
  | { type: "draw"; clubsJack?: boolean }
  | { type: "clubsQueen" }
  | { type: "clubsKing" }
  /** Turns one of the extra cards granted by ♣Q / ♣K. */
  | { type: "extraDraw" }
  | { type: "build"; from: BuildSource; to: BuildTarget }
  | { type: "heartsJack"; village: number; position: number; to: BuildTarget }
  | { type: "heartsQueen"; village: number; position: number }
  /** Starts a castle with the Ace the previous move (♥Q) turned face up. */
  | { type: "heartsQueenAce" }
  | { type: "heartsQueenKing"; card: Card }
  | { type: "spadesJack"; target: PlayerId; village: number }
  | { type: "spadesQueen"; target: PlayerId }
  | { type: "spadesTrio"; target: PlayerId; castle: number }
  | { type: "endTurn" };

export type VillageCardView = { faceUp: true; card: Card } | { faceUp: false };

export interface TroubadourBoardView {
  player: PlayerId;
  drawPileCount: number;
  wasteCount: number;
  wasteTop: Card | null;
  /** Face-down cards appear as backs only, at their position. */
  villages: VillageCardView[][];
  castles: Card[][];
  completeCastles: number;
  /** Whether this player has chosen a trio this round (the choice stays secret until the reveal). */
  hasPicked: boolean;
  /** The revealed trio, lowest noble first; null during the pick phase. */
  trio: Card[] | null;
  /** Nobles announced in this player's turn this round. */
  noblesUsed: NoblePower[];
}

export interface TroubadourPublicView {
  phase: TroubadourPhase;
  round: number;
  roundCap: number;
  players: PlayerId[];
  /** In seat order. */
  boards: TroubadourBoardView[];
  /** This round's turn order (empty during the pick phase). */
  order: PlayerId[];
  active: PlayerId | null;
  dieRolls: Record<PlayerId, number[]>;
  /** The active player's progress this turn (null when nobody has a turn). */
  turn: TroubadourTurn | null;
  winner: PlayerId | null;
  endReason: TroubadourEndReason | null;
}

/** A noble (or combination) in the viewer's trio and what it can do right now. */
export interface NobleUse {
  power: NoblePower;
  /** It attacks an opponent (♠J, ♠Q, ♠J+Q+K): usable with a target chosen, and a ♦ noble may block it. */
  attack: boolean;
  /**
   * Why it cannot be used at all now (used already, ruled out, too early...), as the engine's own
   * message (it names the noble), else null.
   */
  unavailable: Message | null;
  /** Every legal move using it now, with every legal target (empty when unavailable or no target fits). */
  moves: TroubadourMove[];
}

/** A ♦ noble in a revealed trio: `player` is protected against the attack `against`, from everyone, all round. */
export interface Shield {
  player: PlayerId;
  noble: Card;
  against: NoblePower;
}

/** A noble in the viewer's trio that does nothing this round: a king without the rest of its combination. */
export interface IdleNoble {
  noble: Card;
  /** The combination's other nobles, all of which it would need beside it. */
  needs: Card[];
}

export interface TroubadourPrivateView extends TroubadourPublicView {
  viewer: PlayerId;
  /** The viewer's twelve nobles, lowest first (what the pick menu offers). */
  nobles: Card[];
  /** The viewer's own chosen trio (also before the reveal), lowest first. */
  pick: Card[] | null;
  /**
   * Every legal turn move for the viewer now (empty when it is not their turn). Picks are not
   * listed: during the pick phase any three of `nobles` may be chosen.
   */
  turnMoves: TroubadourMove[];
  nobleUses: NobleUse[];
  /** Every ♦ noble in this round's trios (the viewer's own too), by seat, then by attack; empty until the reveal. */
  shields: Shield[];
  /** The nobles in the viewer's trio that do nothing this round, lowest first; empty outside the play phase. */
  idleNobles: IdleNoble[];
}
