import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { RuleError } from "../engine/core/errors.js";
import type {
  GameEngine,
  GameEvent,
  GameOptions,
  Outcome,
  PlayerId,
  ScoreSpec,
} from "../engine/core/game.js";
import { type AnyEngine, ENGINES } from "../engine/games/index.js";
import type { Locale } from "../i18n/locale.js";
import { migrate } from "./migrations.js";
import { DEFAULT_USER_PREFS, type DueRow, type GuildSettings, type UserPrefs } from "./settings.js";

export interface StoredMessage {
  channelId: string;
  messageId: string;
  version: number;
  history: string | null;
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
   * first held it, or `bot:<n>` for a bot seat. It never changes: a stand-in or a member the seat
   * was handed to keeps it.
   */
  userId: string;
  /** For a person's seat, the Discord user who holds it now; null for a bot. */
  memberId: string | null;
  displayName: string;
  kind: "human" | "bot";
  /** For a bot that took over a leaver's seat: the leaver's name. */
  standsInFor: string | null;
}

/** A person in this seat (bots are never mentioned, reminded or allowed to click). */
export const isHuman = (seat: Seat): boolean => seat.kind === "human";

/** The Discord user who holds the seat now, to mention or let click; null for a bot. */
export function memberOf(seat: Seat): string | null {
  return isHuman(seat) ? (seat.memberId ?? seat.userId) : null;
}

/**
 * The seat the Discord user holds as a person, if any (a leaver's seat taken by a bot, or one
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
  botSeats: number;
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
        | "noBot"
        | "noBots";
    };

/** `before` is the seat as its old member held it, `seat` as the new one holds it. */
export type ReplaceOutcome =
  | { ok: true; game: GameRecord; seat: Seat; before: Seat }
  | { ok: false; reason: "notFound" | "notOpen" | "notSeated" | "alreadySeated" };

interface GameRow {
  id: number;
  guild_id: string;
  channel_id: string;
  game_type: string;
  options: string;
  seed: number;
  status: GameStatus;
  host_id: string;
  version: number;
  state: string | null;
  state_version: number;
  end_reason: string | null;
  created_at: number;
  updated_at: number;
}

/** A seat as `Seat` has it; the member of a bot seat (a leaver's, kept for their result) is not its player. */
const SEAT_COLUMNS = `seat, user_id AS userId,
  CASE kind WHEN 'human' THEN COALESCE(member_id, user_id) END AS memberId,
  display_name AS displayName, kind, stands_in_for AS standsInFor`;

/** Ended games are repaired only this long after their end; active games whatever their age. */
const RECONCILE_WINDOW_MS = 7 * 24 * 3600 * 1000;

/** The SQL condition that keeps a listing to some guilds (bound to a JSON array of their ids), or none. */
function inGuilds(guildIds: readonly string[] | undefined): string {
  return guildIds ? " AND g.guild_id IN (SELECT value FROM json_each(?))" : "";
}

function guildParam(guildIds: readonly string[] | undefined): string[] {
  return guildIds ? [JSON.stringify(guildIds)] : [];
}

/** Thrown (never for player mistakes) when the database cannot be opened or written. */
export class StoreUnavailableError extends Error {}

/**
 * Every game lives here, not in memory: one move is one transaction that checks the version,
 * applies the engine and writes the new state, the move row and version+1 together.
 */
export class Store {
  readonly db: Database.Database;
  private readonly now: () => number;
  private readonly engines: Readonly<Record<string, AnyEngine>>;

  /** `engines` defaults to every game; tests pass their own to try a state migration. */
  constructor(
    file: string,
    options: { now?: () => number; engines?: Readonly<Record<string, AnyEngine>> } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.engines = options.engines ?? ENGINES;
    try {
      if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      this.db = new Database(file);
      this.db.pragma("journal_mode = WAL");
      this.db.pragma("foreign_keys = ON");
      // Short: better-sqlite3 blocks the event loop while waiting, and Discord wants an answer within 3 s.
      this.db.pragma("busy_timeout = 1000");
      this.db.pragma("synchronous = NORMAL");
      migrate(this.db);
    } catch (err) {
      throw new StoreUnavailableError(`cannot open the database at ${file}: ${(err as Error).message}`);
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** Each SQL text is prepared once per store and reused: preparing costs more than most runs. */
  private readonly statements = new Map<string, Database.Statement>();

  private sql(text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  private seats(gameId: number): Seat[] {
    return this.sql(`SELECT ${SEAT_COLUMNS} FROM game_players WHERE game_id = ? ORDER BY seat`).all(
      gameId,
    ) as Seat[];
  }

  private toRecord(row: GameRow, players: Seat[] = this.seats(row.id)): GameRecord {
    return {
      id: row.id,
      guildId: row.guild_id,
      channelId: row.channel_id,
      gameType: row.game_type,
      options: JSON.parse(row.options) as GameOptions,
      seed: row.seed,
      status: row.status,
      hostId: row.host_id,
      version: row.version,
      state: row.state === null ? null : this.readState(row),
      endReason: row.end_reason === null ? null : (JSON.parse(row.end_reason) as EndReason),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      players,
    };
  }

  /**
   * A state written by an older release is brought up to the engine's current shape; it is written
   * back in the new shape with the game's next move.
   */
  private readState(row: GameRow): unknown {
    const state: unknown = JSON.parse(row.state as string);
    const engine = this.engines[row.game_type];
    if (!engine || row.state_version === engine.stateVersion) return state;
    return engine.migrate(state, row.state_version);
  }

  /**
   * Records for a listing. A game this code cannot read (a state written by a newer release during
   * a rolling deploy) is left out of lists, so it cannot stop reminders or repairs for every other
   * game; opening it on its own still says why.
   */
  private readable(rows: GameRow[]): GameRecord[] {
    const records: GameRecord[] = [];
    if (rows.length === 0) return records;
    // Every listed game's players in one query, not one query per game.
    const seated = new Map<number, Seat[]>(rows.map((row) => [row.id, []]));
    const seats = this.sql(
      `SELECT game_id AS gameId, ${SEAT_COLUMNS} FROM game_players
       WHERE game_id IN (SELECT value FROM json_each(?)) ORDER BY game_id, seat`,
    ).all(JSON.stringify([...seated.keys()])) as (Seat & { gameId: number })[];
    for (const { gameId, ...seat } of seats) seated.get(gameId)?.push(seat);
    for (const row of rows) {
      try {
        records.push(this.toRecord(row, seated.get(row.id) ?? []));
      } catch (err) {
        this.unreadable.set(row.id, (err as Error).message);
      }
    }
    return records;
  }

  /** Games left out of listings because their state could not be read, with why. */
  readonly unreadable = new Map<number, string>();

  getGame(id: number): GameRecord | undefined {
    const row = this.sql("SELECT * FROM games WHERE id = ?").get(id) as GameRow | undefined;
    return row && this.toRecord(row);
  }

  openGameInChannel(channelId: string): GameRecord | undefined {
    const row = this.sql("SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')").get(
      channelId,
    ) as GameRow | undefined;
    return row && this.toRecord(row);
  }

  /** The channel's open game, else its most recently started one (a finished game's log is its record). */
  latestGameInChannel(channelId: string): GameRecord | undefined {
    const row = this.sql(
      `SELECT * FROM games WHERE channel_id = ? AND state IS NOT NULL
         ORDER BY status = 'active' DESC, id DESC LIMIT 1`,
    ).get(channelId) as GameRow | undefined;
    return row && this.toRecord(row);
  }

  /** Open games (lobby or active) the user holds a seat in, newest first. */
  openGamesForUser(userId: string): GameRecord[] {
    const rows = this.sql(
      `SELECT g.* FROM games g JOIN game_players p ON p.game_id = g.id
         WHERE COALESCE(p.member_id, p.user_id) = ? AND p.kind = 'human' AND g.status IN ('lobby', 'active') ORDER BY g.updated_at DESC`,
    ).all(userId) as GameRow[];
    return this.readable(rows);
  }

  /** Active games with a bot at the table (a bot may be due to move), of some guilds or all. */
  activeGamesWithBots(guildIds?: readonly string[]): GameRecord[] {
    const rows = this.sql(
      `SELECT g.* FROM games g WHERE g.status = 'active'
         AND EXISTS (SELECT 1 FROM game_players p WHERE p.game_id = g.id AND p.kind = 'bot')${inGuilds(guildIds)}`,
    ).all(...guildParam(guildIds)) as GameRow[];
    return this.readable(rows);
  }

  activeGameIds(): number[] {
    return (this.sql("SELECT id FROM games WHERE status = 'active'").all() as { id: number }[]).map(
      (r) => r.id,
    );
  }

  /**
   * Active games whose current version the scheduler has not planned yet (after a restart, or a
   * change it missed). `guildIds` keeps a shard to its own guilds' games (filtered in SQL).
   */
  gamesToPlan(guildIds?: readonly string[]): GameRecord[] {
    const rows = this.sql(
      `SELECT * FROM games g WHERE g.status = 'active'
       AND (g.reminded_version IS NULL OR g.reminded_version <> g.version)${inGuilds(guildIds)}`,
    ).all(...guildParam(guildIds)) as GameRow[];
    return this.readable(rows);
  }

  /** The scheduler planned the timed things of this version of the game. */
  markPlanned(gameId: number, version: number): void {
    this.sql("UPDATE games SET reminded_version = ? WHERE id = ?").run(version, gameId);
  }

  createLobby(input: {
    guildId: string;
    channelId: string;
    gameType: string;
    options: GameOptions;
    seed: number;
    host: { userId: string; displayName: string };
  }): { ok: true; game: GameRecord } | { ok: false; reason: "channelBusy"; game: GameRecord } {
    return this.db
      .transaction(() => {
        const existing = this.openGameInChannel(input.channelId);
        if (existing) return { ok: false as const, reason: "channelBusy" as const, game: existing };
        const at = this.now();
        const info = this.sql(
          `INSERT INTO games (guild_id, channel_id, game_type, options, seed, status, host_id, version, state, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, 'lobby', ?, 0, NULL, ?, ?)`,
        ).run(
          input.guildId,
          input.channelId,
          input.gameType,
          JSON.stringify(input.options),
          input.seed,
          input.host.userId,
          at,
          at,
        );
        const id = Number(info.lastInsertRowid);
        this.sql("INSERT INTO game_players (game_id, seat, user_id, display_name) VALUES (?, 0, ?, ?)").run(
          id,
          input.host.userId,
          input.host.displayName,
        );
        return { ok: true as const, game: this.getGame(id)! };
      })
      .immediate();
  }

  private bump(id: number): void {
    this.sql("UPDATE games SET version = version + 1, updated_at = ? WHERE id = ?").run(this.now(), id);
  }

  joinLobby(gameId: number, user: { userId: string; displayName: string }, maxPlayers: number): LobbyOutcome {
    return this.db
      .transaction((): LobbyOutcome => {
        const game = this.getGame(gameId);
        if (!game) return { ok: false, reason: "notFound" };
        if (game.status !== "lobby") return { ok: false, reason: "notLobby" };
        if (humanSeat(game, user.userId)) return { ok: false, reason: "alreadySeated" };
        if (game.players.length >= maxPlayers) return { ok: false, reason: "full" };
        const seat = Math.max(-1, ...game.players.map((p) => p.seat)) + 1;
        this.sql("INSERT INTO game_players (game_id, seat, user_id, display_name) VALUES (?, ?, ?, ?)").run(
          gameId,
          seat,
          user.userId,
          user.displayName,
        );
        this.bump(gameId);
        return { ok: true, game: this.getGame(gameId)! };
      })
      .immediate();
  }

  /** A seat is given up; when the host leaves an open lobby, the next seat becomes host. */
  leaveLobby(gameId: number, userId: string): LobbyOutcome {
    return this.db
      .transaction((): LobbyOutcome => {
        const game = this.getGame(gameId);
        if (!game) return { ok: false, reason: "notFound" };
        if (game.status !== "lobby") return { ok: false, reason: "notLobby" };
        const leaver = humanSeat(game, userId);
        if (!leaver) return { ok: false, reason: "notSeated" };
        const rest = this.unseat(game, leaver.userId);
        const people = rest.filter(isHuman);
        // Bots alone do not keep a lobby open; the host's role passes to the next person.
        if (people.length === 0) {
          this.sql("UPDATE games SET status = 'abandoned' WHERE id = ?").run(gameId);
        } else if (game.hostId === userId) {
          this.sql("UPDATE games SET host_id = ? WHERE id = ?").run(memberOf(people[0]!), gameId);
        }
        this.bump(gameId);
        return { ok: true, game: this.getGame(gameId)! };
      })
      .immediate();
  }

  /** Removes one seat (by its id) and renumbers the others 0..n-1; returns the seats left. */
  private unseat(game: GameRecord, userId: string): Seat[] {
    this.sql("DELETE FROM game_players WHERE game_id = ? AND user_id = ?").run(game.id, userId);
    const rest = game.players.filter((p) => p.userId !== userId);
    // Two passes (via negatives) so the (game, seat) key never clashes.
    const reseat = this.sql("UPDATE game_players SET seat = ? WHERE game_id = ? AND user_id = ?");
    for (const [seat, p] of rest.entries()) reseat.run(-1 - seat, game.id, p.userId);
    this.sql("UPDATE game_players SET seat = -1 - seat WHERE game_id = ?").run(game.id);
    return rest;
  }

  /** The host seats a bot (`bot:<n>`, "🤖 Bot <n>"), numbered after the highest bot so far. */
  addBot(gameId: number, byUserId: string, maxPlayers: number): LobbyOutcome {
    return this.db
      .transaction((): LobbyOutcome => {
        const game = this.getGame(gameId);
        if (!game) return { ok: false, reason: "notFound" };
        if (game.status !== "lobby") return { ok: false, reason: "notLobby" };
        if (game.hostId !== byUserId) return { ok: false, reason: "notHost" };
        if (game.players.length >= maxPlayers) return { ok: false, reason: "full" };
        const numbers = game.players.map((p) => /^bot:(\d+)$/.exec(p.userId)?.[1]).map(Number);
        const n = Math.max(0, ...numbers.filter((x) => x > 0)) + 1;
        this.sql(
          "INSERT INTO game_players (game_id, seat, user_id, display_name, kind) VALUES (?, ?, ?, ?, 'bot')",
        ).run(gameId, game.players.length, `bot:${n}`, `🤖 Bot ${n}`);
        this.bump(gameId);
        return { ok: true, game: this.getGame(gameId)! };
      })
      .immediate();
  }

  /** The host removes the most recently seated bot. */
  removeBot(gameId: number, byUserId: string): LobbyOutcome {
    return this.db
      .transaction((): LobbyOutcome => {
        const game = this.getGame(gameId);
        if (!game) return { ok: false, reason: "notFound" };
        if (game.status !== "lobby") return { ok: false, reason: "notLobby" };
        if (game.hostId !== byUserId) return { ok: false, reason: "notHost" };
        const bot = game.players.filter((p) => p.kind === "bot").at(-1);
        if (!bot) return { ok: false, reason: "noBot" };
        this.unseat(game, bot.userId);
        this.bump(gameId);
        return { ok: true, game: this.getGame(gameId)! };
      })
      .immediate();
  }

  /**
   * A person leaves an active game and a bot takes their seat, so the game goes on: the seat keeps
   * its id (the engine's name for it) and the bot is named after the highest bot number so far.
   * Refused when no other person would be left (`noBots`: the game then ends instead).
   */
  standIn(gameId: number, userId: string): LobbyOutcome {
    return this.db
      .transaction((): LobbyOutcome => {
        const game = this.getGame(gameId);
        if (!game) return { ok: false, reason: "notFound" };
        if (game.status !== "active") return { ok: false, reason: "notLobby" };
        const leaver = humanSeat(game, userId);
        if (!leaver) return { ok: false, reason: "notSeated" };
        const others = game.players.filter((p) => isHuman(p) && p !== leaver);
        if (others.length === 0) return { ok: false, reason: "noBots" };
        const n = game.players.filter((p) => p.kind === "bot").length + 1;
        // The seat's member stays recorded: the result counts the seat as left by them.
        this.sql(
          "UPDATE game_players SET kind = 'bot', member_id = NULLIF(?, user_id), stands_in_for = display_name, display_name = ? WHERE game_id = ? AND user_id = ?",
        ).run(userId, `🤖 Bot ${n}`, gameId, leaver.userId);
        if (game.hostId === userId) {
          this.sql("UPDATE games SET host_id = ? WHERE id = ?").run(memberOf(others[0]!), gameId);
        }
        this.sql("UPDATE games SET updated_at = ? WHERE id = ?").run(this.now(), gameId);
        return { ok: true, game: this.getGame(gameId)! };
      })
      .immediate();
  }

  /**
   * The seat `fromUserId` holds is handed to another member, who plays it on from where it is. A
   * started game's seat keeps its id (the engine's name for it) and records its new member; a
   * lobby's seat simply becomes theirs. The version moves on, so the old member's buttons are
   * stale, and the host's role goes with the seat. Refused when the game is over, `fromUserId`
   * holds no seat (a bot's is nobody's) or `to` already holds one.
   */
  replaceSeat(
    gameId: number,
    fromUserId: string,
    to: { userId: string; displayName: string },
  ): ReplaceOutcome {
    return this.db
      .transaction((): ReplaceOutcome => {
        const game = this.getGame(gameId);
        if (!game) return { ok: false, reason: "notFound" };
        if (game.status !== "lobby" && game.status !== "active") return { ok: false, reason: "notOpen" };
        const before = humanSeat(game, fromUserId);
        if (!before) return { ok: false, reason: "notSeated" };
        if (humanSeat(game, to.userId)) return { ok: false, reason: "alreadySeated" };
        if (game.status === "lobby") {
          this.sql(
            "UPDATE game_players SET user_id = ?, member_id = NULL, display_name = ? WHERE game_id = ? AND seat = ?",
          ).run(to.userId, to.displayName, gameId, before.seat);
        } else {
          // Handed back to the member who first held it, the seat is plainly theirs again.
          this.sql(
            "UPDATE game_players SET member_id = NULLIF(?, user_id), display_name = ? WHERE game_id = ? AND seat = ?",
          ).run(to.userId, to.displayName, gameId, before.seat);
        }
        if (game.hostId === fromUserId) {
          this.sql("UPDATE games SET host_id = ? WHERE id = ?").run(to.userId, gameId);
        }
        this.bump(gameId);
        const replaced = this.getGame(gameId)!;
        return {
          ok: true,
          game: replaced,
          seat: replaced.players.find((p) => p.seat === before.seat)!,
          before,
        };
      })
      .immediate();
  }

  /** The host starts: the engine's set-up state is stored and the game becomes active. */
  startGame(
    gameId: number,
    userId: string,
    engine: GameEngine<unknown, unknown, unknown, unknown>,
  ): LobbyOutcome {
    return this.db
      .transaction((): LobbyOutcome => {
        const game = this.getGame(gameId);
        if (!game) return { ok: false, reason: "notFound" };
        if (game.status !== "lobby") return { ok: false, reason: "notLobby" };
        if (game.hostId !== userId) return { ok: false, reason: "notHost" };
        if (game.players.length < engine.minPlayers) return { ok: false, reason: "tooFew" };
        const state = engine.setup(
          game.players.map((p) => p.userId),
          game.options,
          game.seed,
        );
        this.sql(
          "UPDATE games SET status = 'active', state = ?, state_version = ?, version = version + 1, updated_at = ? WHERE id = ?",
        ).run(JSON.stringify(state), engine.stateVersion, this.now(), gameId);
        const done = engine.outcome(state);
        if (done) this.finish(game, "finished", done, { kind: "finished" }, this.now());
        return { ok: true, game: this.getGame(gameId)! };
      })
      .immediate();
  }

  /**
   * One move, atomically: refuses a stale version (double clicks, old buttons), lets the engine
   * judge the move, then writes state, move row and version+1 in one transaction.
   */
  applyMove(
    gameId: number,
    userId: PlayerId,
    expectedVersion: number,
    move: unknown,
    engine: GameEngine<unknown, unknown, unknown, unknown>,
  ): MoveOutcome {
    return this.db
      .transaction((): MoveOutcome => {
        const game = this.getGame(gameId);
        if (!game) return { ok: false, reason: "notFound" };
        if (game.status !== "active") return { ok: false, reason: "notActive", game };
        if (!game.players.some((p) => p.userId === userId)) return { ok: false, reason: "notSeated", game };
        if (game.version !== expectedVersion) return { ok: false, reason: "stale", game };
        const result = engine.apply(game.state, userId, move);
        if (!result.ok) return { ok: false, reason: "rule", error: result.error, game };
        const at = this.now();
        const version = game.version + 1;
        this.sql(
          "UPDATE games SET state = ?, state_version = ?, version = ?, updated_at = ? WHERE id = ?",
        ).run(JSON.stringify(result.state), engine.stateVersion, version, at, gameId);
        this.sql("INSERT INTO moves (game_id, seq, user_id, move, at) VALUES (?, ?, ?, ?, ?)").run(
          gameId,
          version,
          userId,
          JSON.stringify(move),
          at,
        );
        const outcome = engine.outcome(result.state);
        // The state was read and written once: the new record is built here, not read back.
        const moved: GameRecord = { ...game, state: result.state, version, updatedAt: at };
        const ended = outcome ? this.finish(moved, "finished", outcome, { kind: "finished" }, at) : moved;
        return { ok: true, game: ended, events: result.events, outcome };
      })
      .immediate();
  }

  /** Ends an open game without a result of play (left, ended by host or admin). */
  abandon(gameId: number, reason: Exclude<EndReason, { kind: "finished" }>): GameRecord | undefined {
    return this.db
      .transaction(() => {
        const game = this.getGame(gameId);
        if (!game || (game.status !== "lobby" && game.status !== "active")) return undefined;
        if (game.status === "lobby") {
          this.sql(
            "UPDATE games SET status = 'abandoned', version = version + 1, updated_at = ? WHERE id = ?",
          ).run(this.now(), gameId);
        } else {
          this.finish(game, "abandoned", null, reason, this.now());
        }
        return this.getGame(gameId);
      })
      .immediate();
  }

  /** Ends `game` at `at` and records its result; returns the record as it now is. */
  private finish(
    game: GameRecord,
    status: "finished" | "abandoned",
    outcome: Outcome | null,
    reason: EndReason,
    at: number,
  ): GameRecord {
    const gameId = game.id;
    this.sql(
      "UPDATE games SET status = ?, end_reason = ?, version = version + ?, updated_at = ? WHERE id = ?",
    ).run(status, JSON.stringify(reason), status === "abandoned" ? 1 : 0, at, gameId);
    this.sql(
      "INSERT INTO results (game_id, game_type, guild_id, status, score, summary, finished_at, bot_seats) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ).run(
      gameId,
      game.gameType,
      game.guildId,
      status,
      outcome?.score ?? null,
      outcome ? JSON.stringify(outcome.summary) : JSON.stringify(reason),
      at,
      game.players.filter((p) => p.kind === "bot").length,
    );
    // Results follow the people: each seat is credited to the member who held it last (for a
    // stand-in's seat, the one who left it).
    const holders = new Map(
      (
        this.sql(
          "SELECT user_id AS seatId, COALESCE(member_id, user_id) AS memberId FROM game_players WHERE game_id = ?",
        ).all(gameId) as { seatId: string; memberId: string }[]
      ).map((h) => [h.seatId, h.memberId]),
    );
    // People's own seats first: a member who left one seat and later took over another is credited
    // with the one they played to the end.
    const credited = [...game.players.filter(isHuman), ...game.players.filter((p) => !isHuman(p))];
    for (const p of credited) {
      // A bot's own seat has no player to credit; a leaver's seat counts as left for the leaver.
      if (p.kind === "bot" && p.standsInFor === null) continue;
      const r = outcome?.results[p.userId];
      this.sql(
        "INSERT OR IGNORE INTO result_players (game_id, user_id, result, score) VALUES (?, ?, ?, ?)",
      ).run(
        gameId,
        holders.get(p.userId) ?? p.userId,
        p.kind === "bot" ? "left" : (r?.result ?? "abandoned"),
        p.kind === "bot" ? null : (r?.score ?? null),
      );
    }
    const version = game.version + (status === "abandoned" ? 1 : 0);
    return { ...game, status, endReason: reason, version, updatedAt: at };
  }

  getResult(gameId: number): ResultRecord | undefined {
    const row = this.sql(
      "SELECT game_id AS gameId, game_type AS gameType, status, score, summary, finished_at AS finishedAt FROM results WHERE game_id = ?",
    ).get(gameId) as Omit<ResultRecord, "players"> | undefined;
    if (!row) return undefined;
    const players = this.sql(
      "SELECT user_id AS userId, result, score FROM result_players WHERE game_id = ?",
    ).all(gameId) as ResultRecord["players"];
    return { ...row, players };
  }

  /**
   * Per game type: how many games the user finished, won and left to a bot, how many had bots at
   * the table, and their best score, the right way round for each game (`scores`: each game's
   * score spec; a game without one has no best).
   */
  statsForUser(
    userId: string,
    scores: Readonly<Record<string, ScoreSpec>>,
  ): {
    gameType: string;
    played: number;
    won: number;
    left: number;
    withBots: number;
    best: number | null;
  }[] {
    const rows = this.sql(
      `SELECT r.game_type AS gameType, COUNT(*) AS played,
                SUM(CASE WHEN rp.result = 'win' THEN 1 ELSE 0 END) AS won,
                SUM(CASE WHEN rp.result = 'left' THEN 1 ELSE 0 END) AS left,
                SUM(CASE WHEN r.bot_seats > 0 THEN 1 ELSE 0 END) AS withBots,
                MIN(rp.score) AS lowest, MAX(rp.score) AS highest
         FROM result_players rp JOIN results r ON r.game_id = rp.game_id
         WHERE rp.user_id = ? AND r.status = 'finished' GROUP BY r.game_type ORDER BY r.game_type`,
    ).all(userId) as {
      gameType: string;
      played: number;
      won: number;
      left: number;
      withBots: number;
      lowest: number | null;
      highest: number | null;
    }[];
    return rows.map(({ gameType, played, won, left, withBots, lowest, highest }) => {
      const better = scores[gameType]?.better;
      return {
        gameType,
        played,
        won,
        left,
        withBots,
        best: better === "higher" ? highest : better === "lower" ? lowest : null,
      };
    });
  }

  /** Whether anyone has moved in the game since it started. */
  hasMoves(gameId: number): boolean {
    return this.sql("SELECT 1 FROM moves WHERE game_id = ? LIMIT 1").get(gameId) !== undefined;
  }

  /** The move that took the game to `version`, and who made it (double clicks are told apart from stale ones). */
  moveAt(gameId: number, version: number): { userId: string; move: unknown } | undefined {
    const row = this.sql("SELECT user_id AS userId, move FROM moves WHERE game_id = ? AND seq = ?").get(
      gameId,
      version,
    ) as { userId: string; move: string } | undefined;
    return row && { userId: row.userId, move: JSON.parse(row.move) };
  }

  /**
   * Started games whose newest table message shows an older version than the game's own, or that
   * have none (a crash between storing a move and posting its table), oldest change first.
   * `guildIds` keeps a shard to its own guilds' games (filtered in SQL); omitted, every guild's.
   */
  gamesWithTableBehind(guildIds?: readonly string[]): GameRecord[] {
    const rows = this.sql(
      `SELECT g.* FROM games g LEFT JOIN messages m ON m.game_id = g.id AND m.kind = 'table'
       WHERE g.state IS NOT NULL AND (m.version IS NULL OR m.version < g.version)
         AND (g.status = 'active' OR g.updated_at >= ?)${inGuilds(guildIds)}
       ORDER BY g.updated_at`,
    ).all(this.now() - RECONCILE_WINDOW_MS, ...guildParam(guildIds)) as GameRow[];
    return this.readable(rows);
  }

  /**
   * Games whose lobby message missed a change of the lobby (a crash between a stored Join or Start
   * and its answer), or open lobbies with no lobby message at all (a crash right after `/play`),
   * oldest change first; ended ones only within the repair window. Moves do not change a lobby:
   * a started game's lobby is behind only when it shows a version before the start (the game's
   * version less its moves, and less the end when it was ended early).
   */
  lobbiesBehind(guildIds?: readonly string[]): GameRecord[] {
    const rows = this.sql(
      `SELECT g.* FROM games g LEFT JOIN messages m ON m.game_id = g.id AND m.kind = 'lobby'
       WHERE ((m.game_id IS NULL AND g.status = 'lobby')
          OR (g.state IS NULL AND m.version < g.version)
          OR (g.state IS NOT NULL AND m.version < g.version - (CASE WHEN g.status = 'abandoned' THEN 1 ELSE 0 END)
                - (SELECT COUNT(*) FROM moves mv WHERE mv.game_id = g.id)))
         AND (g.status = 'lobby' OR g.updated_at >= ?)${inGuilds(guildIds)}
       ORDER BY g.updated_at`,
    ).all(this.now() - RECONCILE_WINDOW_MS, ...guildParam(guildIds)) as GameRow[];
    return this.readable(rows);
  }

  moves(gameId: number): { seq: number; userId: string; move: unknown; at: number }[] {
    return (
      this.sql("SELECT seq, user_id AS userId, move, at FROM moves WHERE game_id = ? ORDER BY seq").all(
        gameId,
      ) as {
        seq: number;
        userId: string;
        move: string;
        at: number;
      }[]
    ).map((m) => ({ ...m, move: JSON.parse(m.move) }));
  }

  /** Records the current lobby or table message of a game and the game version it shows. */
  setMessage(
    gameId: number,
    kind: "lobby" | "table",
    channelId: string,
    messageId: string,
    version = 0,
    history: string | null = null,
  ): void {
    this.sql(
      `INSERT INTO messages (game_id, kind, channel_id, message_id, version, history) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (game_id, kind) DO UPDATE SET channel_id = excluded.channel_id,
           message_id = excluded.message_id, version = excluded.version, history = excluded.history`,
    ).run(gameId, kind, channelId, messageId, version, history);
  }

  /** A game's lobby or newest table message; `history` is what a table message says happened (null: not kept). */
  getMessage(gameId: number, kind: "lobby" | "table"): StoredMessage | undefined {
    return this.sql(
      "SELECT channel_id AS channelId, message_id AS messageId, version, history FROM messages WHERE game_id = ? AND kind = ?",
    ).get(gameId, kind) as StoredMessage | undefined;
  }

  /** Records the newest private panel of a seat: the interaction token that edits it, and its reader's language. */
  setPanel(gameId: number, seatId: string, panel: { token: string; locale: Locale }): void {
    this.sql(
      `INSERT INTO panels (game_id, seat_id, token, locale, shown_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (game_id, seat_id) DO UPDATE SET token = excluded.token, locale = excluded.locale,
           shown_at = excluded.shown_at`,
    ).run(gameId, seatId, panel.token, panel.locale, this.now());
  }

  /** The game's panels shown since `since`, once: they are forgotten as they are handed out. */
  takePanels(gameId: number, since: number): { seatId: string; token: string; locale: Locale }[] {
    return this.db.transaction(() => {
      const panels = this.sql(
        "SELECT seat_id AS seatId, token, locale FROM panels WHERE game_id = ? AND shown_at >= ?",
      ).all(gameId, since) as { seatId: string; token: string; locale: Locale }[];
      this.sql("DELETE FROM panels WHERE game_id = ?").run(gameId);
      return panels;
    })();
  }

  /**
   * The user's ended games with their own result, newest first: `result` is the engine's (`win`,
   * `loss`, `draw`), `left` (a bot played their seat on) or `abandoned` (ended before its finish).
   */
  historyForUser(userId: string, limit: number): HistoryRow[] {
    const rows = this.sql(
      `SELECT r.game_id AS gameId, r.game_type AS gameType, r.guild_id AS guildId, r.status,
              r.finished_at AS finishedAt, rp.result, rp.score, r.bot_seats AS botSeats, g.end_reason AS endReason
         FROM result_players rp JOIN results r ON r.game_id = rp.game_id JOIN games g ON g.id = r.game_id
         WHERE rp.user_id = ? ORDER BY r.finished_at DESC, r.game_id DESC LIMIT ?`,
    ).all(userId, limit) as (Omit<HistoryRow, "endReason"> & { endReason: string | null })[];
    return rows.map((r) => ({
      ...r,
      endReason: r.endReason === null ? null : (JSON.parse(r.endReason) as EndReason),
    }));
  }

  /**
   * A server's leaderboard: per game type, its `top` players of finished games, most wins first,
   * then the best win rate (fewer games for as many wins), in rank order.
   */
  leaderboard(
    guildId: string,
    top: number,
  ): { gameType: string; userId: string; played: number; won: number }[] {
    return this.sql(
      `SELECT gameType, userId, played, won FROM (
         SELECT r.game_type AS gameType, rp.user_id AS userId, COUNT(*) AS played,
                SUM(rp.result = 'win') AS won,
                ROW_NUMBER() OVER (PARTITION BY r.game_type
                  ORDER BY SUM(rp.result = 'win') DESC, SUM(rp.result = 'win') * 1.0 / COUNT(*) DESC, rp.user_id) AS rank
           FROM result_players rp JOIN results r ON r.game_id = rp.game_id
           WHERE r.guild_id = ? AND r.status = 'finished'
           GROUP BY r.game_type, rp.user_id)
       WHERE rank <= ? ORDER BY gameType, rank`,
    ).all(guildId, top) as { gameType: string; userId: string; played: number; won: number }[];
  }

  /** A server's stored settings; fields never set are absent (the bot fills in its defaults). */
  guildSettings(guildId: string): Partial<GuildSettings> {
    const row = this.sql("SELECT data FROM settings WHERE guild_id = ?").get(guildId) as
      | { data: string }
      | undefined;
    return row ? (JSON.parse(row.data) as Partial<GuildSettings>) : {};
  }

  saveGuildSettings(guildId: string, settings: Partial<GuildSettings>): void {
    this.sql(
      "INSERT INTO settings (guild_id, data) VALUES (?, ?) ON CONFLICT (guild_id) DO UPDATE SET data = excluded.data",
    ).run(guildId, JSON.stringify(settings));
  }

  userPrefs(userId: string): UserPrefs {
    const row = this.sql("SELECT data FROM user_prefs WHERE user_id = ?").get(userId) as
      | { data: string }
      | undefined;
    return { ...DEFAULT_USER_PREFS, ...(row ? (JSON.parse(row.data) as Partial<UserPrefs>) : {}) };
  }

  saveUserPrefs(userId: string, prefs: UserPrefs): void {
    this.sql(
      "INSERT INTO user_prefs (user_id, data) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET data = excluded.data",
    ).run(userId, JSON.stringify(prefs));
  }

  /**
   * Owes these timed things (or records them as handled already, `done`); one that is already owed
   * or was handled for the same seat, kind and version is left as it is, so rescheduling after a
   * restart never sends anything twice.
   */
  schedule(rows: readonly (DueRow & { done?: boolean })[]): void {
    const insert = this.sql(
      `INSERT OR IGNORE INTO due (game_id, guild_id, seat_id, kind, version, due_at, done_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.db.transaction(() => {
      for (const r of rows)
        insert.run(r.gameId, r.guildId, r.seatId, r.kind, r.version, r.dueAt, r.done ? this.now() : null);
    })();
  }

  /** Every timed thing kept for a game (its current and last planned versions), with whether it was handled. */
  dueOf(gameId: number): (DueRow & { done: boolean })[] {
    return (
      this.sql(
        `SELECT game_id AS gameId, guild_id AS guildId, seat_id AS seatId, kind, version, due_at AS dueAt,
           done_at IS NOT NULL AS done FROM due WHERE game_id = ?`,
      ).all(gameId) as (DueRow & { done: number })[]
    ).map((r) => ({ ...r, done: r.done === 1 }));
  }

  /** Pending timed things of the seats a member holds as a person, in active games. */
  pendingDueOfMember(memberId: string): DueRow[] {
    return this.sql(
      `SELECT d.game_id AS gameId, d.guild_id AS guildId, d.seat_id AS seatId, d.kind, d.version, d.due_at AS dueAt
         FROM due d JOIN game_players p ON p.game_id = d.game_id AND p.user_id = d.seat_id
         WHERE d.done_at IS NULL AND p.kind = 'human' AND COALESCE(p.member_id, p.user_id) = ?`,
    ).all(memberId) as DueRow[];
  }

  /**
   * A server's settings changed: its games' pending reminders and timers are forgotten and the
   * games planned again. Handled ones stay, so nothing is sent twice.
   */
  unplanGuild(guildId: string): void {
    this.db.transaction(() => {
      this.sql(
        "DELETE FROM due WHERE guild_id = ? AND done_at IS NULL AND kind IN ('reminder', 'timer')",
      ).run(guildId);
      this.sql("UPDATE games SET reminded_version = NULL WHERE guild_id = ? AND status = 'active'").run(
        guildId,
      );
    })();
  }

  /** Timed things due by `now` and not handled, of some guilds or all, soonest first. */
  dueBy(now: number, guildIds?: readonly string[]): DueRow[] {
    return this.sql(
      `SELECT game_id AS gameId, guild_id AS guildId, seat_id AS seatId, kind, version, due_at AS dueAt
         FROM due g WHERE done_at IS NULL AND due_at <= ?${inGuilds(guildIds)} ORDER BY due_at LIMIT 200`,
    ).all(now, ...guildParam(guildIds)) as DueRow[];
  }

  /** When the next pending timed thing falls due, of some guilds or all; null = none. */
  nextDueAt(guildIds?: readonly string[]): number | null {
    const row = this.sql(
      `SELECT MIN(due_at) AS at FROM due g WHERE done_at IS NULL${inGuilds(guildIds)}`,
    ).get(...guildParam(guildIds)) as { at: number | null };
    return row.at;
  }

  markDone(row: DueRow): void {
    this.sql("UPDATE due SET done_at = ? WHERE game_id = ? AND seat_id = ? AND kind = ? AND version = ?").run(
      this.now(),
      row.gameId,
      row.seatId,
      row.kind,
      row.version,
    );
  }

  /** Holds a timed thing back until `dueAt` (quiet hours, a player away). */
  postpone(row: DueRow, dueAt: number): void {
    this.sql("UPDATE due SET due_at = ? WHERE game_id = ? AND seat_id = ? AND kind = ? AND version = ?").run(
      dueAt,
      row.gameId,
      row.seatId,
      row.kind,
      row.version,
    );
  }

  /** Forgets the timed things of a game's older versions (they can no longer fall due). */
  pruneDue(gameId: number, version: number): void {
    this.sql("DELETE FROM due WHERE game_id = ? AND version < ?").run(gameId, version);
  }
}
