import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads";
import type { Db, Statement } from "./db.js";
import { migratePostgres } from "./migrations.js";
import type { PgReply, PgRequest } from "./pgWorker.js";
import { StoreUnavailableError } from "./records.js";

/**
 * The store on PostgreSQL, with the same synchronous calls as on SQLite. The `pg` client is
 * asynchronous, so it runs in a thread of its own; each query is handed to it and this thread
 * waits (Atomics.wait) for the answer. Why not an asynchronous store: a move is read, judged by the
 * engine and written in one transaction with nothing else of this process in between, on both
 * databases, and the store's callers stay as they are. The price is that this thread waits out each
 * round trip, as it waits for SQLite's disk today (a query on a local server: about 0.1 ms).
 */
export class Postgres implements Db {
  readonly dialect = "postgres" as const;
  readonly #worker: Worker;
  readonly #port: MessagePort;
  readonly #signal = new Int32Array(new SharedArrayBuffer(4));
  /** Open transactions: an inner one is a savepoint, as better-sqlite3 nests them. */
  #depth = 0;
  #closed = false;
  /** The id of the newest request (0: connecting). */
  #lastId = 0;

  constructor(url: string) {
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    this.#worker = new Worker(workerFile(), {
      workerData: { url, port: port2, signal: this.#signal },
      transferList: [port2],
    });
    // The thread is waited on explicitly; it must not keep a finished process alive.
    this.#worker.unref();
    this.#port.unref();
    const ready = this.#wait(0, CONNECT_TIMEOUT_MS);
    if (!ready.ok) {
      void this.#worker.terminate();
      throw new StoreUnavailableError(`cannot connect to PostgreSQL: ${ready.message}`);
    }
    try {
      migratePostgres(this);
    } catch (err) {
      this.close();
      throw new StoreUnavailableError(`cannot set up the PostgreSQL database: ${(err as Error).message}`);
    }
  }

  /** Runs one SQL text (`?` placeholders, as for SQLite) and returns PostgreSQL's answer. */
  query(
    text: string,
    params: readonly unknown[] = [],
  ): { rows: Record<string, unknown>[]; rowCount: number } {
    return this.#run(numbered(text), params);
  }

  /** Each SQL text is translated once per store, like SQLite's prepared statements. */
  readonly #statements = new Map<string, Statement>();
  /** Each SQL text's prepared statement name on the connection. */
  readonly #names = new Map<string, string>();

  sql(text: string): Statement {
    let statement = this.#statements.get(text);
    if (!statement) {
      const translated = numbered(text);
      const name = `s${this.#statements.size}`;
      this.#names.set(text, name);
      statement = {
        run: (...params) => ({ changes: this.#run(translated, params, name).rowCount }),
        get: (...params) => this.#run(translated, params, name).rows[0],
        all: (...params) => this.#run(translated, params, name).rows,
      };
      this.#statements.set(text, statement);
    }
    return statement;
  }

  write(text: string, ...params: unknown[]): void {
    const statement = this.sql(text);
    if (this.#depth === 0) statement.run(...params);
    else this.#run(numbered(text), params, this.#names.get(text), true);
  }

  #run(
    text: string,
    params: readonly unknown[],
    name?: string,
    ahead?: boolean,
  ): { rows: Record<string, unknown>[]; rowCount: number } {
    if (this.#closed) throw new StoreUnavailableError("the PostgreSQL store is closed");
    const id = ++this.#lastId;
    this.#port.postMessage({ id, text, params: [...params], name, ahead } satisfies PgRequest);
    const reply = this.#wait(id, QUERY_TIMEOUT_MS);
    // The SQL text, never its parameters: a log line must not carry a state or a move.
    if (!reply.ok)
      throw new PostgresError(
        `${reply.message} (in: ${(reply.failedIn ?? text).replace(/\s+/g, " ").slice(0, 160)})`,
        reply.code,
      );
    return reply;
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
    const id = ++this.#lastId;
    this.#port.postMessage({ close: id });
    this.#wait(id, CONNECT_TIMEOUT_MS);
    this.#closed = true;
    void this.#worker.terminate();
  }

  #transaction<T>(body: () => T): T {
    const savepoint = this.#depth > 0 ? `s${this.#depth}` : null;
    this.#run(savepoint ? `SAVEPOINT ${savepoint}` : "BEGIN", [], undefined, true);
    this.#depth++;
    try {
      const result = body();
      this.#depth--;
      this.query(savepoint ? `RELEASE SAVEPOINT ${savepoint}` : "COMMIT");
      return result;
    } catch (err) {
      this.#depth--;
      if (!this.#closed) this.query(savepoint ? `ROLLBACK TO SAVEPOINT ${savepoint}` : "ROLLBACK");
      throw err;
    }
  }

  /**
   * The answer to request `id`. An answer to an earlier request that timed out is dropped: taken
   * for this one, it would shift every answer after it onto the wrong query.
   */
  #wait(id: number, timeoutMs: number): PgReply {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      // Cleared before the port is read, so an answer posted after the read still wakes the wait.
      Atomics.store(this.#signal, 0, 0);
      for (
        let message = receiveMessageOnPort(this.#port);
        message;
        message = receiveMessageOnPort(this.#port)
      ) {
        const reply = message.message as PgReply;
        if (reply.id === id) return reply;
      }
      const left = deadline - performance.now();
      if (left <= 0 || Atomics.wait(this.#signal, 0, 0, left) === "timed-out")
        throw new StoreUnavailableError(`PostgreSQL did not answer within ${timeoutMs / 1000} s`);
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

/** Long enough for a slow server, short enough that Discord's 3 s are not all spent waiting. */
const QUERY_TIMEOUT_MS = 2_000;
const CONNECT_TIMEOUT_MS = 10_000;

/** `?` placeholders as PostgreSQL's `$1, $2, …` (the store's SQL has no `?` inside a string). */
function numbered(text: string): string {
  let n = 0;
  return text.includes("?") ? text.replace(/\?/g, () => `$${++n}`) : text;
}

/**
 * The worker's compiled file. Tests run the TypeScript sources, which a worker thread cannot load;
 * they use the build (`npm test` builds first).
 */
function workerFile(): URL {
  const beside = new URL("./pgWorker.js", import.meta.url);
  if (existsSync(fileURLToPath(beside))) return beside;
  return new URL("../../dist/src/store/pgWorker.js", import.meta.url);
}
