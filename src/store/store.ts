import type Database from "better-sqlite3";
import type { AnyEngine } from "../engine/core/game.js";
import { CACHE_CHANNEL, ReadCache } from "./cache.js";
import { DailyRepository } from "./daily.js";
import type { Db, Queries, QueryObserver, Statement } from "./db.js";
import { DueRepository } from "./due.js";
import { GameRepository } from "./games.js";
import { GatewayRepository } from "./gateway.js";
import { MessageRepository } from "./messages.js";
import { MoveRepository } from "./moves.js";
import { Postgres, PostgresError } from "./postgres.js";
import { PreferenceRepository } from "./preferences.js";
import { RatingRepository } from "./ratings.js";
import { StoreUnavailableError } from "./records.js";
import { ResultRepository } from "./results.js";
import { SeatRepository } from "./seats.js";
import { Sqlite } from "./sqlite.js";

export type { BoardAttempt, DailyAttempt } from "./daily.js";
export type { IdSpan, Page, Queries, QueryFailure, QueryObserver, Statement } from "./db.js";
export { QUERY_FAILURES } from "./db.js";
export { PostgresError } from "./postgres.js";
export { EVERYWHERE, type PlayerRating, PROVISIONAL_GAMES, TREND_GAMES } from "./ratings.js";
export * from "./records.js";

/**
 * Whether an error says the database cannot serve now (locked, busy, unreachable, out of
 * resources) rather than that a request was wrong: the player is asked to try again.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (err instanceof StoreUnavailableError) return true;
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== "string") return false;
  if (err instanceof PostgresError) {
    // Connection (08), resources (53), operator intervention (57P), a lock not had in time (55P03),
    // a query cancelled by its timeout (57014), deadlock or serialization (40P01, 40001).
    return /^(08|53|57P)/.test(code) || ["55P03", "57014", "40P01", "40001"].includes(code);
  }
  return /^SQLITE_(BUSY|LOCKED|CANTOPEN|READONLY|IOERR|CORRUPT|NOTADB)/.test(code);
}

export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/**
 * Every game lives here, not in memory: one move writes the new state, the move row and version+1
 * together, only while the game is still at the version the engine judged (see
 * `MoveRepository.applyMove`). The SQL lives in the repositories, which the store opens on one
 * database and hands out as they are.
 */
export class Store {
  readonly games: GameRepository;
  readonly seats: SeatRepository;
  readonly play: MoveRepository;
  readonly results: ResultRepository;
  readonly ratings: RatingRepository;
  readonly messages: MessageRepository;
  readonly preferences: PreferenceRepository;
  readonly due: DueRepository;
  readonly gateway: GatewayRepository;
  readonly daily: DailyRepository;

  private constructor(
    private readonly database: Db,
    engines: Readonly<Record<string, AnyEngine>>,
    now: () => number,
    cache: ReadCache,
  ) {
    this.games = new GameRepository(database, now, engines);
    this.seats = new SeatRepository(now, this.games);
    this.results = new ResultRepository(database);
    this.ratings = new RatingRepository(database, engines);
    this.daily = new DailyRepository(database, now, this.games);
    this.play = new MoveRepository(database, now, this.games, this.results, this.daily, this.ratings);
    this.messages = new MessageRepository(database, now, this.games, cache);
    this.preferences = new PreferenceRepository(database, cache);
    this.due = new DueRepository(database, now);
    this.gateway = new GatewayRepository(database);
  }

  /**
   * Opens (and migrates) the store. `location`: a SQLite file, or a PostgreSQL connection string
   * (`postgres://…`, DATABASE_URL). `engines`: every game's by its id (the games' list gives them; a
   * test may swap one to try a migration).
   */
  static async open(
    location: string,
    engines: Readonly<Record<string, AnyEngine>>,
    options: { now?: () => number } = {},
  ): Promise<Store> {
    const cache = new ReadCache();
    if (!isPostgresUrl(location))
      return new Store(new Sqlite(location), engines, options.now ?? Date.now, cache);
    const database = await Postgres.open(location);
    // Kept only while every host's writes are heard: a write anywhere drops what it changed.
    database.listen(
      CACHE_CHANNEL,
      (key) => cache.drop(key),
      (flowing) => cache.reset(flowing),
    );
    return new Store(database, engines, options.now ?? Date.now, cache);
  }

  get dialect(): Db["dialect"] {
    return this.database.dialect;
  }

  /** One SQL text on the store's database, either one: for tests and scripts that look beneath the store. */
  sql(text: string): Statement {
    return this.database.sql(text);
  }

  /** A transaction on the store's database, for tests and scripts that look beneath the store. */
  transaction<T>(body: (tx: Queries) => Promise<T>): Promise<T> {
    return this.database.transaction(body);
  }

  /** The SQLite connection itself, for tests and scripts that look beneath the store (SQLite only). */
  get db(): Database.Database {
    if (!(this.database instanceof Sqlite)) throw new Error("this store is on PostgreSQL, not SQLite");
    return this.database.db;
  }

  /** Whether the database answers a trivial read within `deadlineMs` (a health check). */
  async ping(deadlineMs: number): Promise<boolean> {
    if (this.database instanceof Postgres) return this.database.ping(deadlineMs);
    // SQLite answers at once or fails (locked past its busy timeout, a file that went away).
    return this.games.lastGameId().then(
      () => true,
      () => false,
    );
  }

  /**
   * Calls `repair` whenever the database answers again after it failed to: a table or a timer that
   * could not be stored meanwhile is put right then, not at the next restart.
   */
  onRecovered(repair: () => void): void {
    if (this.database instanceof Postgres) this.database.onRecovered = repair;
  }

  /**
   * Tells `observer` of every query the store sends from now on: its time, and each failure with
   * its reason (the operator's metrics). One observer: a second replaces the first.
   */
  observe(observer: QueryObserver): void {
    this.database.observer = observer;
  }

  close(): Promise<void> {
    return this.database.close();
  }
}
