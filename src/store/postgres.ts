import pg from "pg";
import {
  type Db,
  DEADLINE,
  type Queries,
  type QueryFailure,
  type QueryObserver,
  type Statement,
  secondsSince,
  UNOBSERVED,
} from "./db.js";
import { migratePostgres } from "./migrations.js";
import { StoreUnavailableError } from "./records.js";
import { countQuery, giveUpAt } from "./tally.js";

/** How long a query may take, from asking for a connection to its answer, before it is given up. */
export const QUERY_DEADLINE_MS = 1500;
/**
 * A write that carries `DEADLINE` is refused by the server itself this long before the client gives
 * up on it, so a write the client gave up on (and told the player was not made) can never be made
 * later by a server that wakes up: the margin covers the gap between the server's check and its
 * commit, and clocks that differ by less than it.
 */
const SERVER_MARGIN_MS = 500;
/** Where a query without parameters takes the moment after which the server must refuse it (ms). */
const CUTOFF = ":cutoff:";
/**
 * A transaction's COMMIT, refused by the server itself once the bot has given up on it (see
 * SERVER_MARGIN_MS): a server that stalled and wakes must not commit what the bot told the player
 * was not done. One message, one round trip; the check's error (57014, cancelled) skips the COMMIT.
 */
const COMMIT_IN_TIME = `DO $$BEGIN IF clock_timestamp() >= to_timestamp(${CUTOFF} / 1000.0) THEN
  RAISE EXCEPTION 'too late: the bot gave up on this change' USING ERRCODE = '57014'; END IF; END$$; COMMIT`;
/** How long a probe of a server that answered late waits for it. */
const PROBE_DEADLINE_MS = 800;
/** After a failure to reach the server, queries fail at once for this long, doubling up to the most. */
const FIRST_BACKOFF_MS = 250;
const MOST_BACKOFF_MS = 1000;
/** How soon a lost listening connection is opened again, doubling up to the most. */
const FIRST_LISTEN_RETRY_MS = 250;
const MOST_LISTEN_RETRY_MS = 5000;
/** How often the listening connection must show it is alive. */
const LISTEN_HEARTBEAT_MS = 5000;
/** Connections per process: a click holds one for a query or a transaction, never while it waits on Discord. */
const POOL_SIZE = 10;

/**
 * The store on PostgreSQL through `pg`'s pool: every query is a promise, so the event loop serves
 * other clicks while one is out on the network. `pg` because it is the most used and best kept
 * PostgreSQL client for Node, with a pool, prepared statements by name and the extended protocol
 * (a query with its parameters is one round trip); the store's hot path needs no pipelining, since
 * a move is one statement (see `MoveRepository.applyMove`).
 *
 * The server is never waited on without a deadline: each query has `QUERY_DEADLINE_MS` from asking
 * for a connection to its answer, enforced here (a server that accepted a query and then stalls is
 * not caught by its own `statement_timeout`), and a connection given up on is dropped, so no late
 * answer is ever read as another query's. After a failure to reach the server, queries fail at once
 * for a short, growing while (the click says so) instead of each waiting out its deadline; `ping`
 * looks through that, so health checks see the server come back.
 */
export class Postgres implements Db {
  readonly dialect = "postgres" as const;
  readonly #pool: pg.Pool;
  readonly #conninfo: string;
  /** The server processes of this store's connections: their notifications are this process's own. */
  readonly #backends = new Set<number>();
  /** The connection that listens for other hosts' writes (see `listen`). */
  #listener: pg.Client | null = null;
  readonly #names = new Map<string, string>();
  readonly #statements = new Map<string, Statement>();
  #closed = false;
  /** Queries fail at once until then (the server did not answer). */
  #downUntil = 0;
  #backoff = 0;
  /** A probe of the server is under way (a query was answered late). */
  #probing = false;
  /** The server was found not answering (a failed connection, a failed probe) since it last answered. */
  #failing = false;
  /** The health check's own connection (see `ping`). */
  #health: Promise<pg.Client> | null = null;
  /** Called when the server answers again after it failed to: what waited on it may be done now. */
  onRecovered: () => void = () => undefined;
  observer: QueryObserver = UNOBSERVED;

  private constructor(url: string) {
    this.#conninfo = withSessionSettings(url);
    this.#pool = new pg.Pool({
      connectionString: this.#conninfo,
      max: POOL_SIZE,
      keepAlive: true,
      types: { getTypeParser: typeParser },
    });
    // An idle connection that dies (the server restarted) is dropped by the pool; it must not crash the bot.
    this.#pool.on("error", () => undefined);
    // One that dies while checked out (between a transaction's queries) fails its next query instead.
    this.#pool.on("connect", (client) => {
      client.on("error", () => undefined);
      const backend = (client as unknown as { processID: number | null }).processID;
      if (backend !== null) this.#backends.add(backend);
    });
    this.#pool.on("remove", (client) => {
      this.#backends.delete((client as unknown as { processID: number | null }).processID ?? -1);
    });
  }

  /** Connects and migrates (migrations wait as long as they need: no deadline). */
  static async open(url: string): Promise<Postgres> {
    const store = new Postgres(url);
    try {
      const client = await store.#pool.connect();
      try {
        await migratePostgres({
          exec: async (text) => {
            await client.query(text);
          },
          query: async (text, params = []) =>
            (await client.query(numbered(text), params.map(parameter))).rows as Record<string, unknown>[],
        });
      } finally {
        client.release();
      }
    } catch (err) {
      await store.close();
      throw new StoreUnavailableError(`cannot set up the PostgreSQL database: ${(err as Error).message}`);
    }
    return store;
  }

  sql(text: string): Statement {
    let statement = this.#statements.get(text);
    if (!statement) {
      statement = this.#statementOn((params) => this.#onPool(text, params));
      this.#statements.set(text, statement);
    }
    return statement;
  }

  async transaction<T>(body: (tx: Queries) => Promise<T>): Promise<T> {
    const client = await this.#checkout(giveUpAt(QUERY_DEADLINE_MS));
    let healthy = true;
    const onClient = async (text: string, params: readonly unknown[]) => {
      try {
        return await this.#send(client, text, params, giveUpAt(QUERY_DEADLINE_MS), performance.now());
      } catch (err) {
        if (err instanceof StoreUnavailableError) healthy = false;
        throw err;
      }
    };
    const open = async <R>(inner: (tx: Queries) => Promise<R>, depth: number): Promise<R> => {
      const savepoint = `s${depth}`;
      await onClient(depth === 0 ? "BEGIN" : `SAVEPOINT ${savepoint}`, []);
      const tx: Queries = {
        dialect: this.dialect,
        sql: (text) => this.#statementOn((params) => onClient(text, params)),
        transaction: (nested) => open(nested, depth + 1),
      };
      let result: R;
      try {
        result = await inner(tx);
      } catch (err) {
        // A lost connection took its transaction with it; a connection that cannot roll back is dropped.
        if (healthy)
          await onClient(depth === 0 ? "ROLLBACK" : `ROLLBACK TO SAVEPOINT ${savepoint}`, []).catch(() => {
            healthy = false;
          });
        throw err;
      }
      if (depth > 0) {
        // A failed RELEASE leaves the outer transaction failed, and the outer one rolls back.
        await onClient(`RELEASE SAVEPOINT ${savepoint}`, []);
        return result;
      }
      try {
        await onClient(COMMIT_IN_TIME, []);
      } catch (err) {
        // Refused as too late, the transaction is left failed: it is ended here (a COMMIT that
        // failed has ended it already, and this is a harmless no-op).
        if (healthy)
          await onClient("ROLLBACK", []).catch(() => {
            healthy = false;
          });
        throw err;
      }
      return result;
    };
    try {
      return await open(body, 0);
    } finally {
      client.release(healthy ? undefined : true);
    }
  }

  /**
   * Whether the server answers within `deadlineMs`, whatever the recent failures: a success lets
   * queries through again at once.
   */
  async ping(deadlineMs: number): Promise<boolean> {
    // On a connection of its own: a pool busy with slow clicks is not a server that stopped answering.
    const until = Date.now() + deadlineMs;
    try {
      this.#health ??= beforeDeadline(this.#connected(), until, "connection");
      const client = await this.#health;
      await beforeDeadline(client.query("SELECT 1"), until, "answer");
    } catch {
      const lost = this.#health;
      this.#health = null;
      void lost?.then((client) => client.end().catch(() => undefined)).catch(() => undefined);
      return false;
    }
    this.#backoff = 0;
    this.#downUntil = 0;
    this.#answered();
    return true;
  }

  /** A connection of its own to the server, outside the pool, that ignores its own errors. */
  async #connected(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.#conninfo, keepAlive: true });
    client.on("error", () => undefined);
    await client.connect();
    return client;
  }

  /** The server answered: when it had stopped answering, what waited on it may be done now. */
  #answered(): void {
    if (!this.#failing) return;
    this.#failing = false;
    this.onRecovered();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const health = this.#health?.then((client) => client.end()).catch(() => undefined);
    await Promise.all([this.#pool.end(), this.#listener?.end().catch(() => undefined), health]);
  }

  /**
   * Hands `onKey` every payload any host's write sends on `channel` (NOTIFY), on a connection of
   * its own, kept open and opened again after it is lost. `onFlow(false)` when payloads may have
   * been missed (the connection is down), `onFlow(true)` once they flow again.
   */
  listen(channel: string, onKey: (key: string) => void, onFlow: (flowing: boolean) => void): void {
    const again = (delayMs: number) => {
      if (!this.#closed)
        setTimeout(() => void connect(Math.min(delayMs * 2, MOST_LISTEN_RETRY_MS)), delayMs).unref();
    };
    const connect = async (retryMs: number) => {
      if (this.#closed) return;
      const client = new pg.Client({ connectionString: this.#conninfo, keepAlive: true });
      let lost = false;
      let heartbeat: NodeJS.Timeout | undefined;
      const lose = () => {
        if (lost) return;
        lost = true;
        clearInterval(heartbeat);
        if (this.#listener === client) this.#listener = null;
        onFlow(false);
        client.end().catch(() => undefined);
        // After a connection that worked, the next one is tried soon again.
        again(this.#listener === null && heartbeat !== undefined ? FIRST_LISTEN_RETRY_MS : retryMs);
      };
      client.on("error", lose);
      client.on("end", lose);
      client.on("notification", (notice) => {
        // This process's own writes keep what they wrote (ReadCache.writing): theirs are not news.
        if (this.#backends.has(notice.processId)) return;
        if (notice.channel === channel && notice.payload) onKey(notice.payload);
      });
      try {
        await beforeDeadline(client.connect(), Date.now() + QUERY_DEADLINE_MS, "connection");
        await beforeDeadline(client.query(`LISTEN ${channel}`), Date.now() + QUERY_DEADLINE_MS, "answer");
      } catch {
        lose();
        return;
      }
      if (this.#closed) {
        await client.end().catch(() => undefined);
        return;
      }
      this.#listener = client;
      onFlow(true);
      // A connection lost without a word (a failover, a NAT that forgot it) would leave the cache
      // on with nothing to invalidate it: it must answer now and then, or it is given up.
      heartbeat = setInterval(() => {
        beforeDeadline(client.query("SELECT 1"), Date.now() + QUERY_DEADLINE_MS, "answer").catch(lose);
      }, LISTEN_HEARTBEAT_MS);
      heartbeat.unref();
    };
    void connect(FIRST_LISTEN_RETRY_MS);
  }

  #statementOn(execute: (params: unknown[]) => Promise<pg.QueryResult>): Statement {
    return {
      run: async (...params) => ({ changes: (await execute(params)).rowCount ?? 0 }),
      get: async (...params) => (await execute(params)).rows[0],
      all: async (...params) => (await execute(params)).rows,
    };
  }

  async #onPool(
    text: string,
    params: readonly unknown[],
    until = giveUpAt(QUERY_DEADLINE_MS),
    throughBackoff = false,
  ): Promise<pg.QueryResult> {
    // Its time counts from asking for a connection: a pool that keeps a click waiting is the database's time too.
    const start = performance.now();
    const client = await this.#checkout(until, throughBackoff);
    let healthy = true;
    try {
      return await this.#send(client, text, params, until, start);
    } catch (err) {
      if (err instanceof StoreUnavailableError) healthy = false;
      throw err;
    } finally {
      client.release(healthy ? undefined : true);
    }
  }

  /** A connection of the pool, within the deadline. */
  async #checkout(until: number, throughBackoff = false): Promise<pg.PoolClient> {
    if (this.#closed) throw this.#refused(new StoreUnavailableError("the PostgreSQL store is closed"));
    if (!throughBackoff && Date.now() < this.#downUntil)
      throw this.#refused(new StoreUnavailableError("the database is not answering"));
    // A move's write must reach the server with time to spare (see SERVER_MARGIN_MS).
    if (until - Date.now() < SERVER_MARGIN_MS)
      throw this.#refused(
        new LateAnswer("no time left to ask the database before the answer is due"),
        "budget",
      );
    const connecting = this.#pool.connect();
    try {
      return await beforeDeadline(connecting, until, "connection");
    } catch (err) {
      // Taken after all, too late: back to the pool.
      void connecting.then(
        (late) => late.release(),
        () => undefined,
      );
      throw this.#failed(err);
    }
  }

  /** Sends one query on `client` and reads its answer, or throws what went wrong; its time counts from `start`. */
  async #send(
    client: pg.PoolClient,
    text: string,
    params: readonly unknown[],
    until: number,
    start: number,
  ): Promise<pg.QueryResult> {
    const cutoff = String(until - SERVER_MARGIN_MS);
    const values = params.map((value) => (value === DEADLINE ? cutoff : parameter(value)));
    countQuery(true);
    const sent =
      values.length === 0
        ? client.query(text.replace(CUTOFF, cutoff))
        : client.query({ name: this.#nameOf(text), text: numbered(text), values });
    try {
      const result = await beforeDeadline(sent, until, "answer");
      this.observer.took(secondsSince(start));
      this.#backoff = 0;
      this.#downUntil = 0;
      this.#answered();
      return result;
    } catch (err) {
      this.observer.took(secondsSince(start));
      // The connection is dropped with its late answer; its rejection is expected.
      sent.catch(() => undefined);
      if (err instanceof pg.DatabaseError) {
        this.observer.failed(failureOf(err.code));
        // The SQL text, never its parameters: a log line must not carry a state or a move.
        throw new PostgresError(
          `${err.message} (in: ${text.replace(/\s+/g, " ").slice(0, 160)})`,
          err.code ?? null,
        );
      }
      throw this.#failed(err);
    }
  }

  #nameOf(text: string): string {
    let name = this.#names.get(text);
    if (!name) {
      name = `s${this.#names.size}`;
      this.#names.set(text, name);
    }
    return name;
  }

  /**
   * What a query that did not get its answer tells the caller. A connection that failed means the
   * server is not reached: queries fail at once for a while. An answer that came late may be a busy
   * row as well as a server that stopped answering: a probe tells them apart.
   */
  #failed(err: unknown): StoreUnavailableError {
    if (err instanceof LateAnswer) {
      this.#probeLater();
      return this.#refused(err);
    }
    if (err instanceof StoreUnavailableError) return this.#refused(err);
    this.#backOff();
    return this.#refused(
      new StoreUnavailableError(`lost the connection to PostgreSQL: ${(err as Error).message}`),
    );
  }

  /** A query that got no answer from the server, told to the observer: late, or the server not reached. */
  #refused(err: StoreUnavailableError, reason?: QueryFailure): StoreUnavailableError {
    this.observer.failed(reason ?? (err instanceof LateAnswer ? "timeout" : "unavailable"));
    return err;
  }

  #backOff(): void {
    this.#failing = true;
    this.#backoff = Math.min(MOST_BACKOFF_MS, this.#backoff === 0 ? FIRST_BACKOFF_MS : this.#backoff * 2);
    this.#downUntil = Date.now() + this.#backoff;
  }

  /** Whether the server answers at all: when it does not, queries fail at once for a while. */
  #probeLater(): void {
    if (this.#probing) return;
    this.#probing = true;
    void this.ping(PROBE_DEADLINE_MS).then((answers) => {
      this.#probing = false;
      if (!answers && Date.now() >= this.#downUntil) this.#backOff();
    });
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

/** No answer in time: the server may be stuck, or the query waits on a busy row. */
class LateAnswer extends StoreUnavailableError {}

/**
 * Why the server refused a statement, by its SQLSTATE: a lock not had in time (55P03) or a
 * statement cancelled (57014: its timeout, or a commit refused as too late) is a timeout; a lost
 * connection (08), no resources (53) or an operator's intervention (57P) unavailable; an integrity
 * constraint (23) or a rolled back transaction (40: deadlock, serialization) a conflict.
 */
function failureOf(code: string | undefined): QueryFailure {
  if (code === "55P03" || code === "57014") return "timeout";
  if (code === undefined) return "other";
  if (/^(08|53|57P)/.test(code)) return "unavailable";
  if (/^(23|40)/.test(code)) return "conflict";
  return "other";
}

/** `promise`, or a `LateAnswer` once `giveUpAt` passes without it. */
function beforeDeadline<T>(promise: Promise<T>, giveUpAt: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new LateAnswer(`the database is not answering (no ${what} in time)`)),
      Math.max(0, giveUpAt - Date.now()),
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/**
 * The connection string with the bot's session settings; `options` given in the URL come after the
 * bot's, so an operator's `-c` wins.
 * - A lock another host holds, or a stuck query, is also stopped by the server (as SQLite's
 *   busy_timeout does), so its connection is free again soon after the bot gave up on it.
 * - A commit is not waited onto the server's disk (synchronous_commit off), as the bot runs SQLite
 *   (synchronous NORMAL): a crash of a host loses nothing, a crash of the database server at most
 *   its last 0.6 s. Waiting for the disk at each commit made every click wait for it, and the
 *   disk's flushes under load, not the queries, became most of a move's time (docs/operations.md, "Running big: several hosts").
 * - The server's notices ("already exists, skipping") are not asked for.
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

const CONNECTION_DEFAULTS: [string, string][] = [["application_name", "cardtable"]];
const SESSION_OPTIONS =
  "-c lock_timeout=1000 -c statement_timeout=2000 -c synchronous_commit=off -c client_min_messages=warning";

/** A parameter as PostgreSQL's text form: numbers and flags as text, anything else as JSON. */
function parameter(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean")
    return String(value);
  return JSON.stringify(value);
}

/**
 * Column types by OID. Numbers come back as numbers, as from SQLite: ids, times in ms and counts
 * are all far below 2^53. JSON is parsed; any other type stays as `pg` reads it.
 */
const NUMBERS = new Set([20, 21, 23, 700, 701, 1700]);

function typeParser(oid: number, format?: string): (text: string) => unknown {
  if (NUMBERS.has(oid)) return Number;
  return pg.types.getTypeParser(oid, format as "text");
}

/** `?` placeholders as PostgreSQL's `$1, $2, …` (the store's SQL has no `?` inside a string). */
function numbered(text: string): string {
  let n = 0;
  return text.includes("?") ? text.replace(/\?/g, () => `$${++n}`) : text;
}
