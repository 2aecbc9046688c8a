import { createRequire } from "node:module";
import type { Db, Statement } from "./db.js";
import { migratePostgres } from "./migrations.js";
import { StoreUnavailableError } from "./records.js";

/**
 * The store on PostgreSQL, with the same synchronous calls as on SQLite, through libpq's own
 * synchronous calls: this thread sends a query and reads its answer from the socket, as it waits
 * for SQLite's disk. Why not an asynchronous store: a move is read, judged by the engine and written
 * in one transaction with nothing else of this process in between, on both databases, and the
 * store's callers stay as they are. Why not the `pg` client in a thread of its own, waited on: each
 * query then wakes two threads more, and on a busy machine those wake-ups, not the server, were most
 * of a commit's time (a round trip on a local server: 0.03 ms here, against 0.14 ms, and 0.05 ms
 * against 1.8 ms at the 99th percentile).
 *
 * A query that takes too long is stopped by the server (`statement_timeout`, `lock_timeout`), a lost
 * server by TCP (`tcp_user_timeout`); the next query after a lost connection connects again.
 */
export class Postgres implements Db {
  readonly dialect = "postgres" as const;
  readonly #conninfo: string;
  #connection: Libpq | null = null;
  /** Open transactions: an inner one is a savepoint, as better-sqlite3 nests them. */
  #depth = 0;
  #closed = false;
  /** Each SQL text's statement, translated once per store like SQLite's prepared statements. */
  readonly #statements = new Map<string, Statement>();
  /** Prepared on the current connection (a new connection prepares them again). */
  readonly #prepared = new Set<string>();

  constructor(url: string) {
    this.#conninfo = withSessionSettings(url);
    this.#connect();
    try {
      migratePostgres(this);
    } catch (err) {
      this.close();
      throw new StoreUnavailableError(`cannot set up the PostgreSQL database: ${(err as Error).message}`);
    }
  }

  /** Runs one SQL text (`?` placeholders, as for SQLite); without parameters it may hold several statements. */
  query(
    text: string,
    params: readonly unknown[] = [],
  ): { rows: Record<string, unknown>[]; rowCount: number } {
    const sql = numbered(text);
    return this.#run(text, (connection) =>
      params.length === 0 ? connection.exec(sql) : connection.execParams(sql, params.map(parameter)),
    );
  }

  sql(text: string): Statement {
    let statement = this.#statements.get(text);
    if (!statement) {
      const translated = numbered(text);
      const name = `s${this.#statements.size}`;
      const execute = (params: unknown[]) =>
        this.#run(text, (connection) => {
          if (!this.#prepared.has(name)) {
            connection.prepare(name, translated, 0);
            failure(connection);
            this.#prepared.add(name);
          }
          connection.execPrepared(name, params.map(parameter));
        });
      statement = {
        run: (...params) => ({ changes: execute(params).rowCount }),
        get: (...params) => execute(params).rows[0],
        all: (...params) => execute(params).rows,
      };
      this.#statements.set(text, statement);
    }
    return statement;
  }

  /**
   * A change that reads before it writes. PostgreSQL locks rows, not the database: what it read is
   * protected by the `FOR UPDATE` of that read (see `Db.forUpdate`), so another host waits for it.
   */
  immediate<T>(body: () => T): T {
    return this.#transaction(body);
  }

  deferred<T>(body: () => T): T {
    return this.#transaction(body);
  }

  /** Executes SQL that takes no parameters, several statements at once (migrations). */
  exec(text: string): void {
    this.query(text);
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#connection?.finish();
    this.#connection = null;
  }

  #connect(): Libpq {
    const connection = new (libpq())();
    try {
      connection.connectSync(this.#conninfo);
    } catch (err) {
      throw new StoreUnavailableError(`cannot connect to PostgreSQL: ${(err as Error).message.trim()}`);
    }
    this.#prepared.clear();
    this.#connection = connection;
    return connection;
  }

  /** Sends one query through `send` and reads its answer, or throws what went wrong. */
  #run(
    text: string,
    send: (connection: Libpq) => void,
  ): { rows: Record<string, unknown>[]; rowCount: number } {
    if (this.#closed) throw new StoreUnavailableError("the PostgreSQL store is closed");
    let connection = this.#connection;
    if (!connection) {
      // A transaction's queries all go on the connection it began on.
      if (this.#depth > 0) throw new StoreUnavailableError("the connection to PostgreSQL was lost");
      connection = this.#connect();
    }
    try {
      send(connection);
      failure(connection);
    } catch (err) {
      if (connection.transactionStatus() === TRANSACTION_UNKNOWN) {
        connection.finish();
        this.#connection = null;
        throw new StoreUnavailableError(`lost the connection to PostgreSQL: ${(err as Error).message}`);
      }
      // The SQL text, never its parameters: a log line must not carry a state or a move.
      if (err instanceof PostgresError)
        throw new PostgresError(`${err.message} (in: ${text.replace(/\s+/g, " ").slice(0, 160)})`, err.code);
      throw err;
    }
    return answer(connection);
  }

  #transaction<T>(body: () => T): T {
    const savepoint = this.#depth > 0 ? `s${this.#depth}` : null;
    this.query(savepoint ? `SAVEPOINT ${savepoint}` : "BEGIN");
    this.#depth++;
    let result: T;
    try {
      result = body();
    } catch (err) {
      this.#depth--;
      this.#rollBack(savepoint);
      throw err;
    }
    this.#depth--;
    // A COMMIT that fails ends its transaction too (PostgreSQL rolls it back); a failed RELEASE
    // leaves the outer transaction failed, and the outer one rolls back.
    this.query(savepoint ? `RELEASE SAVEPOINT ${savepoint}` : "COMMIT");
    return result;
  }

  /** Undoes a transaction whose body failed; what failed is what the caller hears of. */
  #rollBack(savepoint: string | null): void {
    // A lost connection took its transaction with it: there is nothing to roll back.
    if (!this.#connection) return;
    try {
      this.query(savepoint ? `ROLLBACK TO SAVEPOINT ${savepoint}` : "ROLLBACK");
    } catch {
      // Whatever state the connection is left in, a new one starts clean; the server ends the
      // transaction of the one dropped.
      this.#connection?.finish();
      this.#connection = null;
    }
  }
}

/** An error PostgreSQL reported, with its SQLSTATE code (e.g. 23505, a unique key taken). */
export class PostgresError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = "PostgresError";
  }
}

/** What the store uses of the `libpq` package (node bindings to PostgreSQL's C client). */
interface Libpq {
  connectSync(conninfo: string): void;
  finish(): void;
  exec(text: string): void;
  execParams(text: string, params: (string | null)[]): void;
  prepare(name: string, text: string, paramCount: number): void;
  execPrepared(name: string, params: (string | null)[]): void;
  resultStatus(): string;
  resultErrorMessage(): string;
  resultErrorFields(): { sqlState?: string; messagePrimary?: string } | undefined;
  errorMessage(): string;
  transactionStatus(): number;
  ntuples(): number;
  nfields(): number;
  fname(field: number): string;
  ftype(field: number): number;
  getvalue(row: number, field: number): string;
  getisnull(row: number, field: number): boolean;
  cmdTuples(): string;
}

/** PQTRANS_UNKNOWN: the connection is gone. */
const TRANSACTION_UNKNOWN = 4;

/**
 * Loaded on first use: only a bot on PostgreSQL needs the native addon (an optional dependency,
 * built against Debian's libpq-dev), and `npm start` on SQLite runs without it.
 */
function libpq(): new () => Libpq {
  try {
    return createRequire(import.meta.url)("libpq") as new () => Libpq;
  } catch (err) {
    throw new StoreUnavailableError(
      `PostgreSQL needs the libpq package, which did not load (${(err as Error).message.split("\n")[0]}): run npm run setup`,
    );
  }
}

/**
 * The connection string with the bot's session settings; `options` given in the URL come after the
 * bot's, so an operator's `-c` wins.
 * - A lock another host holds, or a stuck query, fails within Discord's 3 s instead of holding the
 *   bot (as SQLite's busy_timeout does); a server that stops acknowledging what it was sent is given
 *   up after 5 s.
 * - A commit is not waited onto the server's disk (synchronous_commit off), as the bot runs SQLite
 *   (synchronous NORMAL): a crash of a host loses nothing, a crash of the database server at most
 *   its last 0.6 s. Waiting for the disk at each commit made every click wait for it, and the
 *   disk's flushes under load, not the queries, became most of a move's time (README, "Running big").
 * - The server's notices ("already exists, skipping") are not sent: libpq would print them on stderr.
 */
function withSessionSettings(url: string): string {
  const at = url.indexOf("?");
  const params = new Map(
    (at < 0 ? [] : url.slice(at + 1).split("&"))
      .filter((pair) => pair.length > 0)
      .map((pair): [string, string] => {
        const eq = pair.indexOf("=");
        return eq < 0 ? [pair, ""] : [pair.slice(0, eq), pair.slice(eq + 1)];
      }),
  );
  const given = decodeURIComponent(params.get("options") ?? "");
  params.set("options", encodeURIComponent(`${SESSION_OPTIONS} ${given}`.trim()));
  for (const [key, value] of CONNECTION_DEFAULTS) if (!params.has(key)) params.set(key, value);
  return `${at < 0 ? url : url.slice(0, at)}?${[...params].map(([key, value]) => `${key}=${value}`).join("&")}`;
}

const CONNECTION_DEFAULTS: [string, string][] = [
  ["connect_timeout", "10"],
  ["tcp_user_timeout", "5000"],
  ["application_name", "cardtable"],
];
const SESSION_OPTIONS =
  "-c lock_timeout=1000 -c statement_timeout=2000 -c synchronous_commit=off -c client_min_messages=warning";

/** Throws what PostgreSQL reported about the last query, if it failed. */
function failure(connection: Libpq): void {
  const status = connection.resultStatus();
  if (status !== "PGRES_FATAL_ERROR" && status !== "PGRES_NONFATAL_ERROR" && status !== "PGRES_BAD_RESPONSE")
    return;
  const fields = connection.resultErrorFields();
  const message =
    fields?.messagePrimary ?? (connection.resultErrorMessage() || connection.errorMessage()).trim();
  throw new PostgresError(message, fields?.sqlState ?? null);
}

/** A parameter as PostgreSQL's text form: as the `pg` client sent them, numbers and flags as text. */
function parameter(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean")
    return String(value);
  return JSON.stringify(value);
}

/** The last query's rows, each column read by its type, and how many rows it touched. */
function answer(connection: Libpq): { rows: Record<string, unknown>[]; rowCount: number } {
  const fields = Array.from({ length: connection.nfields() }, (_, i) => ({
    name: connection.fname(i),
    read: READERS.get(connection.ftype(i)) ?? String,
  }));
  const rows: Record<string, unknown>[] = [];
  for (let row = 0, n = connection.ntuples(); row < n; row++) {
    const record: Record<string, unknown> = {};
    fields.forEach(({ name, read }, field) => {
      record[name] = connection.getisnull(row, field) ? null : read(connection.getvalue(row, field));
    });
    rows.push(record);
  }
  return { rows, rowCount: Number(connection.cmdTuples()) || 0 };
}

/**
 * Column types by OID. Numbers come back as numbers, as from SQLite: ids, times in ms and counts
 * are all far below 2^53. Any other type stays text.
 */
const READERS = new Map<number, (text: string) => unknown>([
  [16, (text) => text === "t"], // bool
  [20, Number], // int8
  [21, Number], // int2
  [23, Number], // int4
  [700, Number], // float4
  [701, Number], // float8
  [1700, Number], // numeric
  [114, (text) => JSON.parse(text)], // json
  [3802, (text) => JSON.parse(text)], // jsonb
]);

/** `?` placeholders as PostgreSQL's `$1, $2, …` (the store's SQL has no `?` inside a string). */
function numbered(text: string): string {
  let n = 0;
  return text.includes("?") ? text.replace(/\?/g, () => `$${++n}`) : text;
}
