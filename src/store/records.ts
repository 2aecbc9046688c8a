import type { RuleError } from "../engine/core/errors.js";
import type { GameEvent, GameOptions, Outcome } from "../engine/core/game.js";

// The store's records and answers: the same whichever database keeps them.

export interface StoredMessage {
  channelId: string;
  messageId: string;
  version: number;
  history: string | null;
  /** The interaction token it was sent with (null: sent on the channel route). */
  sentWith: SentWith | null;
}

/** An interaction token that sent a message, and when its interaction was made (Discord's clock, ms). */
export interface SentWith {
  token: string;
  at: number;
}

export type GameStatus = "lobby" | "active" | "finished" | "abandoned";

/** How an ended game ended: played to its finish, ended by the host or a manager, or a player left. */
export type EndReason =
  | { kind: "finished" }
  | { kind: "ended"; by: string }
  | { kind: "left"; by: string }
  /** A turn timer ran out and the server's setting ends the game; `by`: whose time ran out. */
  | { kind: "timedOut"; by: string };

export interface Seat {
  seat: number;
  /**
   * The engine's name for the seat, in the game state and moves: the Discord id of the user who
   * first held it, or `bot:<n>` for a robot seat. It never changes: a stand-in or a member the seat
   * was handed to keeps it.
   */
  userId: string;
  /** For a person's seat, the Discord user who holds it now; null for a robot. */
  memberId: string | null;
  displayName: string;
  /** "bot" is a robot's seat: the stored name, kept as the database spells it. */
  kind: "human" | "bot";
  /** For a robot that took over a leaver's seat: the leaver's name. */
  standsInFor: string | null;
}

/** A person in this seat (robots are never mentioned, reminded or allowed to click). */
export const isHuman = (seat: Seat): boolean => seat.kind === "human";

/** The Discord user who holds the seat now, to mention or let click; null for a robot. */
export function memberOf(seat: Seat): string | null {
  return isHuman(seat) ? (seat.memberId ?? seat.userId) : null;
}

/**
 * The seat the Discord user holds as a person, if any (a leaver's seat taken by a robot, or one
 * handed to another member, is no longer theirs).
 */
export function humanSeat(game: GameRecord, discordUserId: string): Seat | undefined {
  return game.players.find((p) => memberOf(p) === discordUserId);
}

export interface GameRecord {
  id: number;
  guildId: string;
  channelId: string;
  gameType: string;
  options: GameOptions;
  seed: number;
  status: GameStatus;
  hostId: string;
  /** Bumped by every change; custom_ids carry it so stale buttons are refused. */
  version: number;
  /** The engine's state, already migrated to the engine's current state version. */
  state: unknown;
  /** Null while the game is open. */
  endReason: EndReason | null;
  /**
   * The seat that may take back the game's latest move now, as the rules judged it when that move
   * was stored (`takeBackBy` in src/engine/core/undo.ts); null for none. Absent in records built
   * by hand (tests): none.
   */
  takeBackBy?: string | null;
  createdAt: number;
  updatedAt: number;
  players: Seat[];
}

export interface ResultRecord {
  gameId: number;
  gameType: string;
  status: string;
  score: number | null;
  summary: string;
  finishedAt: number;
  players: { userId: string; result: string; score: number | null }[];
}

/** One ended game in a user's history, with their own result. */
export interface HistoryRow {
  gameId: number;
  gameType: string;
  guildId: string;
  status: "finished" | "abandoned";
  finishedAt: number;
  result: string;
  score: number | null;
  robotSeats: number;
  endReason: EndReason | null;
}

export type MoveOutcome =
  | { ok: true; game: GameRecord; events: GameEvent[]; outcome: Outcome | null }
  | { ok: false; reason: "notFound" | "notActive" | "notSeated" | "stale"; game?: GameRecord }
  | { ok: false; reason: "rule"; error: RuleError; game: GameRecord };

export type LobbyOutcome =
  | { ok: true; game: GameRecord }
  | {
      ok: false;
      reason:
        | "notFound"
        | "notLobby"
        | "full"
        | "alreadySeated"
        | "notSeated"
        | "notHost"
        | "tooFew"
        | "noRobot"
        | "noRobots";
    };

/** `before` is the seat as its old member held it, `seat` as the new one holds it. */
export type ReplaceOutcome =
  | { ok: true; game: GameRecord; seat: Seat; before: Seat }
  | { ok: false; reason: "notFound" | "notOpen" | "notSeated" | "alreadySeated" };

/** Thrown (never for player mistakes) when the database cannot be opened or written. */
export class StoreUnavailableError extends Error {}
