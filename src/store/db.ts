/**
 * What the repositories need of a database, the same on SQLite and PostgreSQL: SQL texts with `?`
 * placeholders, run synchronously, and the two kinds of transaction the store uses. The few SQL
 * spellings that differ between the two come from the helpers below, by `dialect`.
 */
export interface Db {
  readonly dialect: "sqlite" | "postgres";
  sql(text: string): Statement;
  /** A change that reads before it writes: what it read cannot change before it writes. */
  immediate<T>(body: () => T): T;
  /** All or none. */
  deferred<T>(body: () => T): T;
  close(): void;
}

export interface Statement {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
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
export function inGuilds(db: Db, guildIds: readonly string[] | undefined): string {
  return guildIds ? ` AND g.guild_id IN (${jsonList(db)})` : "";
}

/** A subquery of the values of a JSON array bound to its one parameter: ids of games, or texts. */
export function jsonList(db: Db, of: "ids" | "texts" = "texts"): string {
  if (db.dialect === "sqlite") return "SELECT value FROM json_each(?)";
  return `SELECT json_array_elements_text(?::json)${of === "ids" ? "::bigint" : ""}`;
}

/**
 * An inner join that SQLite must take in the order written (its CROSS JOIN); PostgreSQL has no
 * such join with a condition and plans the order itself.
 */
export function joinInOrder(db: Db): string {
  return db.dialect === "sqlite" ? "CROSS JOIN" : "JOIN";
}

/**
 * Names the index a listing must use. SQLite's planner picks a worse one for these (by status) and
 * is told; PostgreSQL's planner reads the partial index's condition itself and takes no hints.
 */
export function indexedBy(db: Db, index: string): string {
  return db.dialect === "sqlite" ? ` INDEXED BY ${index}` : "";
}

/** A page's LIMIT value: its size, or no limit (-1 in SQLite, NULL in PostgreSQL). */
export function limitOf(db: Db, page: Page): number | null {
  return page.limit ?? (db.dialect === "sqlite" ? -1 : null);
}

/**
 * Locks the rows a read inside `immediate` reads until the transaction ends. SQLite's immediate
 * transaction holds the whole database already; PostgreSQL locks rows, so two hosts never both
 * apply a move to one version of a game.
 */
export function forUpdate(db: Db, table?: string): string {
  if (db.dialect !== "postgres") return "";
  // A query that outer-joins other rows (the game's seats) locks the game's row only.
  return table ? ` FOR UPDATE OF ${table}` : " FOR UPDATE";
}

export function guildParam(guildIds: readonly string[] | undefined): string[] {
  return guildIds ? [JSON.stringify(guildIds)] : [];
}
