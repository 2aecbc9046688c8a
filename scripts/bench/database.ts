import Database from "better-sqlite3";
import { isPostgresUrl } from "../../src/store/store.js";
import { PostgresReader } from "./readPostgres.js";

/**
 * The bot's database read from outside while the bot writes it (its SQLite file, read-only, or its
 * PostgreSQL database): the benches decide what to click from the stored game, and the kill soak
 * checks what was stored.
 */

export interface GameRow {
  id: number;
  gameType: string;
  channelId: string;
  status: "lobby" | "active" | "finished" | "abandoned";
  hostId: string;
  version: number;
  seed: number;
  options: string;
  state: string | null;
  stateVersion: number;
}

export interface MoveRow {
  seq: number;
  userId: string;
  move: string;
  /** When it was stored (the bot's clock, ms). */
  at: number;
}

/** A prepared read: better-sqlite3's, or the PostgreSQL reader's. */
interface Statement {
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

const GAME_COLUMNS = `id, game_type AS "gameType", channel_id AS "channelId", status, host_id AS "hostId", version,
  seed, options, state, state_version AS "stateVersion" FROM games`;

export class BotDatabase {
  readonly #db: Database.Database | null = null;
  readonly #postgres: PostgresReader | null = null;
  readonly #statements = new Map<string, Statement>();

  /** `location`: the bot's SQLite file, or its DATABASE_URL. */
  constructor(location: string) {
    if (isPostgresUrl(location)) this.#postgres = new PostgresReader(location);
    else this.#db = new Database(location, { readonly: true, fileMustExist: true });
  }

  close(): void {
    this.#statements.clear();
    this.#db?.close();
    this.#postgres?.close();
  }

  /** A prepared statement, kept; a read the bot's writer blocks for a moment is tried again. */
  #read<T>(sql: string, run: (statement: Statement) => T): T {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#postgres ? this.#postgres.sql(sql) : this.#db!.prepare(sql);
      this.#statements.set(sql, statement);
    }
    for (let attempt = 0; ; attempt++) {
      try {
        return run(statement);
      } catch (err) {
        if (attempt >= 20 || !/SQLITE_(BUSY|LOCKED|READONLY)/.test(String((err as { code?: string }).code)))
          throw err;
      }
    }
  }

  games(): GameRow[] {
    return this.#read(`SELECT ${GAME_COLUMNS} ORDER BY id`, (s) => s.all() as GameRow[]);
  }

  game(id: number): GameRow | undefined {
    return this.#read(`SELECT ${GAME_COLUMNS} WHERE id = ?`, (s) => s.get(id) as GameRow | undefined);
  }

  /**
   * What a player looks at: a game's kind, status and version, and its state only when the version
   * is not `knownVersion` (one they have already read); version and state come from one row read.
   */
  gameAt(
    id: number,
    knownVersion: number,
  ):
    | { id: number; gameType: string; status: GameRow["status"]; version: number; state: string | null }
    | undefined {
    return this.#read(
      `SELECT id, game_type AS "gameType", status, version,
         CASE WHEN version = ? THEN NULL ELSE state END AS state FROM games WHERE id = ?`,
      (s) => s.get(knownVersion, id) as ReturnType<BotDatabase["gameAt"]>,
    );
  }

  /** The channel's game in its lobby or in play, if any. */
  openGame(channelId: string): GameRow | undefined {
    return this.#read(
      `SELECT ${GAME_COLUMNS} WHERE channel_id = ? AND status IN ('lobby', 'active') ORDER BY id DESC LIMIT 1`,
      (s) => s.get(channelId) as GameRow | undefined,
    );
  }

  /** The seated players' user ids, in seat order. */
  players(gameId: number): string[] {
    return this.#read(`SELECT user_id AS "userId" FROM game_players WHERE game_id = ? ORDER BY seat`, (s) =>
      (s.all(gameId) as { userId: string }[]).map((p) => p.userId),
    );
  }

  moves(gameId: number): MoveRow[] {
    return this.#read(
      `SELECT seq, user_id AS "userId", move, at FROM moves WHERE game_id = ? ORDER BY seq`,
      (s) => s.all(gameId) as MoveRow[],
    );
  }

  moveCount(): number {
    return this.#read("SELECT COUNT(*) AS n FROM moves", (s) => (s.get() as { n: number }).n);
  }

  /** Stored moves of the games in these channels. */
  movesIn(channelIds: ReadonlySet<string>): number {
    const byChannel = this.#read(
      `SELECT g.channel_id AS "channelId", COUNT(*) AS n FROM moves m JOIN games g ON g.id = m.game_id GROUP BY g.channel_id`,
      (s) => s.all() as { channelId: string; n: number | string }[],
    );
    return byChannel
      .filter((row) => channelIds.has(row.channelId))
      .reduce((sum, row) => sum + Number(row.n), 0);
  }

  /**
   * What the bot's start-up work still has to do: active games whose current version the scheduler
   * has not planned, and timed things due by `now` not handled yet.
   */
  startupWorkLeft(now: number): number {
    return this.#read(
      `SELECT (SELECT COUNT(*) FROM games WHERE status = 'active'
                 AND (reminded_version IS NULL OR reminded_version <> version))
            + (SELECT COUNT(*) FROM due WHERE done_at IS NULL AND due_at <= ?) AS n`,
      (s) => (s.get(now) as { n: number }).n,
    );
  }

  /** Game id → the version of its table message as the bot recorded it. */
  tableVersions(): Map<number, number> {
    return this.#read(
      `SELECT game_id AS "gameId", version FROM messages WHERE kind = 'table'`,
      (s) => new Map((s.all() as { gameId: number; version: number }[]).map((r) => [r.gameId, r.version])),
    );
  }
}
