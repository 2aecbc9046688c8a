import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import {
  type Db,
  type Queries,
  type QueryFailure,
  type QueryObserver,
  type Statement,
  secondsSince,
  UNOBSERVED,
} from "./db.js";
import { migrate } from "./migrations.js";
import { StoreUnavailableError } from "./records.js";
import { countQuery } from "./tally.js";

/**
 * The SQLite database the repositories share: opened once in WAL mode and migrated, with each SQL
 * text prepared once. Its calls are synchronous underneath; their promises resolve at once, unless
 * a transaction is open or waiting (below).
 *
 * A transaction's body awaits between its queries, and the connection is one: while a transaction
 * is open, every other query of this process waits for it to end (else it would run inside it, and
 * a rollback would take it along). Transactions run one after another, in the order they began.
 */
export class Sqlite implements Db {
  readonly dialect = "sqlite" as const;
  readonly db: Database.Database;
  /** The end of the queue of work waiting for the open transaction; null when none is open or waiting. */
  #queue: Promise<unknown> | null = null;
  /** How many transactions and queries are in the queue. */
  #queued = 0;
  observer: QueryObserver = UNOBSERVED;

  constructor(file: string) {
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

  async close(): Promise<void> {
    while (this.#queue) await this.#queue;
    if (this.db.open) this.db.close();
  }

  /** Each SQL text is prepared once per store and reused: preparing costs more than most runs. */
  readonly #prepared = new Map<string, Database.Statement>();
  readonly #statements = new Map<string, Statement>();

  prepared(text: string): Database.Statement {
    let statement = this.#prepared.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.#prepared.set(text, statement);
    }
    return statement;
  }

  sql(text: string): Statement {
    let statement = this.#statements.get(text);
    if (!statement) {
      statement = {
        run: (...params) => this.#whenFree(() => this.prepared(text).run(...params)),
        get: (...params) => this.#whenFree(() => this.prepared(text).get(...params)),
        all: (...params) => this.#whenFree(() => this.prepared(text).all(...params)),
      };
      this.#statements.set(text, statement);
    }
    return statement;
  }

  transaction<T>(body: (tx: Queries) => Promise<T>): Promise<T> {
    return this.#inTurn(() => this.#open(body, 0));
  }

  /** Runs `work` now when no transaction is open or waiting, else after them. */
  #whenFree<T>(work: () => T): Promise<T> {
    countQuery(false);
    if (this.#queued === 0) {
      try {
        return Promise.resolve(this.#observed(work));
      } catch (err) {
        return Promise.reject(err);
      }
    }
    return this.#inTurn(async () => this.#observed(work));
  }

  /** Runs one statement, its time or its failure told to the observer. */
  #observed<T>(work: () => T): T {
    const start = performance.now();
    try {
      return work();
    } catch (err) {
      this.observer.failed(failureOf(err));
      throw err;
    } finally {
      this.observer.took(secondsSince(start));
    }
  }

  #inTurn<T>(work: () => Promise<T>): Promise<T> {
    this.#queued++;
    const run = (this.#queue ?? Promise.resolve()).then(work);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.#queue = settled;
    void settled.then(() => {
      this.#queued--;
      if (this.#queue === settled) this.#queue = null;
    });
    return run;
  }

  /** A statement run inside a transaction, counted as a query and observed. */
  async #inTransaction<T>(work: () => T): Promise<T> {
    countQuery(false);
    return this.#observed(work);
  }

  /** A transaction (depth 0) or a savepoint in one, with its queries run directly. */
  async #open<T>(body: (tx: Queries) => Promise<T>, depth: number): Promise<T> {
    const savepoint = `s${depth}`;
    this.#observed(() => this.db.exec(depth === 0 ? "BEGIN IMMEDIATE" : `SAVEPOINT ${savepoint}`));
    const tx: Queries = {
      dialect: this.dialect,
      sql: (text) => ({
        run: (...params) => this.#inTransaction(() => this.prepared(text).run(...params)),
        get: (...params) => this.#inTransaction(() => this.prepared(text).get(...params)),
        all: (...params) => this.#inTransaction(() => this.prepared(text).all(...params)),
      }),
      transaction: (inner) => this.#open(inner, depth + 1),
    };
    try {
      const result = await body(tx);
      this.#observed(() => this.db.exec(depth === 0 ? "COMMIT" : `RELEASE SAVEPOINT ${savepoint}`));
      return result;
    } catch (err) {
      // A failed COMMIT (a deferred constraint) may have ended the transaction already.
      if (this.db.inTransaction)
        this.#observed(() =>
          this.db.exec(
            depth === 0 ? "ROLLBACK" : `ROLLBACK TO SAVEPOINT ${savepoint}; RELEASE SAVEPOINT ${savepoint}`,
          ),
        );
      throw err;
    }
  }
}

/**
 * Why SQLite refused a statement: busy past its busy_timeout is a timeout; a constraint (a key
 * taken) or a table locked by another statement a conflict; a file it cannot open, read or write
 * unavailable.
 */
function failureOf(err: unknown): QueryFailure {
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== "string") return "other";
  if (code.startsWith("SQLITE_BUSY")) return "timeout";
  if (/^SQLITE_(CONSTRAINT|LOCKED)/.test(code)) return "conflict";
  if (/^SQLITE_(CANTOPEN|READONLY|IOERR|CORRUPT|NOTADB|FULL)/.test(code)) return "unavailable";
  return "other";
}
