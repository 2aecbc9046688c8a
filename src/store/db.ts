import { CACHE_CHANNEL } from "./cache.js";

/**
 * What the repositories need of a database, the same on SQLite and PostgreSQL: SQL texts with `?`
 * placeholders whose answers are promises, and one kind of transaction. The few SQL spellings that
 * differ between the two come from the helpers below, by `dialect`.
 */
export interface Queries {
  readonly dialect: "sqlite" | "postgres";
  sql(text: string): Statement;
  /**
   * All or none, and what it read cannot change before it writes: on SQLite the database is the
   * transaction's alone (BEGIN IMMEDIATE, and this process runs nothing else on it meanwhile); on
   * PostgreSQL a read that a write depends on locks its rows (`forUpdate`). `body` runs its queries
   * on `tx`; a transaction inside one is a savepoint.
   */
  transaction<T>(body: (tx: Queries) => Promise<T>): Promise<T>;
}

export interface Db extends Queries {
  /** Told of each of the store's queries (not the health check's or the listening connection's). */
  observer: QueryObserver;
  close(): Promise<void>;
}

/**
 * Why a query failed, as an operator tells failures apart: `timeout`, no answer in time (the bot's
 * deadline, a lock or a busy database not had in time, a statement the server cancelled);
 * `unavailable`, the database not reached or not serving; `conflict`, refused because of another
 * write (a key taken, a deadlock, a serialization failure); `budget`, not asked at all because the
 * click it was for had spent its time to answer elsewhere (waiting on Discord, say), which says
 * nothing of the database; `other`, anything else.
 */
export const QUERY_FAILURES = ["timeout", "unavailable", "conflict", "budget", "other"] as const;
export type QueryFailure = (typeof QUERY_FAILURES)[number];

/**
 * What the operator's metrics hear of the database: each query sent and its time, whatever its
 * outcome, and each failure with its reason (a query refused before it was sent, as while the
 * server is not answering, is a failure without a time). Called on every query's path: it must be
 * quick and must not throw.
 */
export interface QueryObserver {
  took(seconds: number): void;
  failed(reason: QueryFailure): void;
}

export const UNOBSERVED: QueryObserver = { took: () => undefined, failed: () => undefined };

/** Seconds since `start`, a `performance.now()` reading. */
export function secondsSince(start: number): number {
  return (performance.now() - start) / 1000;
}

export interface Statement {
  run(...params: unknown[]): Promise<{ changes: number }>;
  get(...params: unknown[]): Promise<unknown>;
  all(...params: unknown[]): Promise<unknown[]>;
}

/**
 * A page of a listing in id order, for work that walks many games a little at a time: the rows
 * after id `after`, at most `limit` of them (omitted: all).
 */
export interface Page {
  after: number;
  limit?: number;
}

/**
 * The games with ids in (after, upTo]: a scan that reads at most that many games whatever it finds,
 * for a condition no index answers (a walk by `Page` could read every game to fill one page).
 */
export interface IdSpan {
  after: number;
  upTo: number;
}

/** No page: every row. */
export const EVERY_ROW: Page = { after: 0 };
export const EVERY_ID: IdSpan = { after: 0, upTo: Number.MAX_SAFE_INTEGER };

/** The SQL condition that keeps a listing to some guilds (bound to a JSON array of their ids), or none. */
export function inGuilds(db: Queries, guildIds: readonly string[] | undefined): string {
  return guildIds ? ` AND g.guild_id IN (${jsonList(db)})` : "";
}

/** A subquery of the values of a JSON array bound to its one parameter: ids of games, or texts. */
export function jsonList(db: Queries, of: "ids" | "texts" = "texts"): string {
  if (db.dialect === "sqlite") return "SELECT value FROM json_each(?)";
  return `SELECT json_array_elements_text(?::json)${of === "ids" ? "::bigint" : ""}`;
}

/**
 * An inner join that SQLite must take in the order written (its CROSS JOIN); PostgreSQL has no
 * such join with a condition and plans the order itself.
 */
export function joinInOrder(db: Queries): string {
  return db.dialect === "sqlite" ? "CROSS JOIN" : "JOIN";
}

/**
 * Names the index a listing must use. SQLite's planner picks a worse one for these (by status) and
 * is told; PostgreSQL's planner reads the partial index's condition itself and takes no hints.
 */
export function indexedBy(db: Queries, index: string): string {
  return db.dialect === "sqlite" ? ` INDEXED BY ${index}` : "";
}

/** A page's LIMIT value: its size, or no limit (-1 in SQLite, NULL in PostgreSQL). */
export function limitOf(db: Queries, page: Page): number | null {
  return page.limit ?? (db.dialect === "sqlite" ? -1 : null);
}

/**
 * Locks the rows a read inside `transaction` reads until the transaction ends. SQLite's
 * transaction holds the whole database already; PostgreSQL locks rows, so two hosts never both
 * apply a move to one version of a game.
 */
export function forUpdate(db: Queries, table?: string): string {
  if (db.dialect !== "postgres") return "";
  // A query that outer-joins other rows (the game's seats) locks the game's row only.
  return table ? ` FOR UPDATE OF ${table}` : " FOR UPDATE";
}

export function guildParam(guildIds: readonly string[] | undefined): string[] {
  return guildIds ? [JSON.stringify(guildIds)] : [];
}

/**
 * A parameter the PostgreSQL store fills in with the time (ms since 1970) after which the server
 * must refuse the write: the client gives up on it a little later (see `Postgres`).
 */
export const DEADLINE: unique symbol = Symbol("deadline");

/**
 * The condition that refuses a write reaching the server after its deadline, and its parameter:
 * on PostgreSQL, a server that stalled and wakes must not make a change the bot gave up on (and
 * told the player it did not make). SQLite runs in this process: nothing comes back late.
 */
export function beforeDeadline(db: Queries): { condition: string; params: unknown[] } {
  return db.dialect === "postgres"
    ? { condition: " AND clock_timestamp() < to_timestamp(? / 1000.0)", params: [DEADLINE] }
    : { condition: "", params: [] };
}

/** The rows of a JSON array of objects bound to its one parameter, each as a column `value`. */
export function jsonRows(db: Queries): string {
  return db.dialect === "sqlite" ? "json_each(?)" : "json_array_elements(?::json) AS rows(value)";
}

/** A field of a `jsonRows` row, as text or as a number. */
export function jsonField(db: Queries, key: string, numeric = false): string {
  if (db.dialect === "sqlite") return `value ->> '${key}'`;
  return numeric ? `(value ->> '${key}')::bigint` : `value ->> '${key}'`;
}

/**
 * A write (an INSERT or UPDATE without RETURNING) that, on PostgreSQL, also tells every host the
 * cache key it changed (`key`: an SQL expression over the written row), in the same statement.
 */
export function notifying(db: Queries, write: string, key: string): string {
  if (db.dialect !== "postgres") return write;
  return `WITH written AS (${write} RETURNING ${key} AS key) SELECT pg_notify('${CACHE_CHANNEL}', key) FROM written`;
}
