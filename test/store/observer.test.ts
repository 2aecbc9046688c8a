import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import type { QueryFailure, Store } from "../../src/store/store.js";
import { newTally, tallied } from "../../src/store/tally.js";
import { onPostgres, storesPerTest } from "../support/storeDatabase.js";

const stores = storesPerTest();

/** A store whose queries' times and failures are written down. */
async function observed(): Promise<{ store: Store; times: number[]; failures: QueryFailure[] }> {
  const store = await stores.open();
  const times: number[] = [];
  const failures: QueryFailure[] = [];
  store.observe({ took: (seconds) => times.push(seconds), failed: (reason) => failures.push(reason) });
  return { store, times, failures };
}

/** What `work` was refused with. */
async function refusalOf(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => {
      throw new Error("it was not refused");
    },
    (err: unknown) => err,
  );
}

describe("the store tells its observer of each query: its time, or why it failed (the operator's metrics)", () => {
  it("a query and each statement of a transaction are timed once; a key taken twice is a conflict, told once", async () => {
    const { store, times, failures } = await observed();
    await store.games.lastGameId();
    expect(times).toHaveLength(1);
    expect(times[0]).toBeGreaterThanOrEqual(0);
    await store.sql("CREATE TABLE marks (id INTEGER PRIMARY KEY)").run();
    times.length = 0;
    // BEGIN, the insert, COMMIT on either database.
    await store.transaction((tx) => tx.sql("INSERT INTO marks (id) VALUES (?)").run(1));
    expect(times).toHaveLength(3);
    expect(failures).toEqual([]);
    const refusal = await refusalOf(store.sql("INSERT INTO marks (id) VALUES (?)").run(1));
    expect(refusal).toMatchObject({ code: onPostgres ? "23505" : "SQLITE_CONSTRAINT_PRIMARYKEY" });
    expect(failures).toEqual(["conflict"]);
  });

  it.skipIf(onPostgres)(
    "a write while another connection holds the write lock is a timeout (SQLite's busy_timeout passed)",
    async () => {
      const { store, failures } = await observed();
      const other = new Database(stores.location());
      other.exec("BEGIN IMMEDIATE");
      try {
        const refusal = await refusalOf(store.transaction(async () => undefined));
        expect(refusal).toMatchObject({ code: "SQLITE_BUSY" });
      } finally {
        other.exec("ROLLBACK");
        other.close();
      }
      expect(failures).toEqual(["timeout"]);
    },
  );

  it.runIf(onPostgres)(
    "a statement the server cancels at its timeout is a timeout; a connection the server ends is unavailable",
    async () => {
      const { store, failures } = await observed();
      const cancelled = await refusalOf(
        store.transaction(async (tx) => {
          await tx.sql("SET LOCAL statement_timeout = 1").run();
          await tx.sql("SELECT pg_sleep(5)").get();
        }),
      );
      expect(cancelled).toMatchObject({ code: "57014" });
      expect(failures).toEqual(["timeout"]);
      failures.length = 0;
      const lost = await refusalOf(
        store.transaction(async (tx) => {
          const { pid } = (await tx.sql("SELECT pg_backend_pid() AS pid").get()) as { pid: number };
          const other = new pg.Client({ connectionString: stores.location() });
          await other.connect();
          await other.query("SELECT pg_terminate_backend($1, 60000)", [pid]).finally(() => other.end());
          await tx.sql("SELECT 1").get();
        }),
      );
      expect(lost).toBeInstanceOf(Error);
      expect(failures).toEqual(["unavailable"]);
    },
  );

  it.runIf(onPostgres)(
    "a query not asked because its click had spent its time to answer elsewhere is 'budget', not a fault of the database",
    async () => {
      const { store, failures } = await observed();
      // A click made 2 s ago whose answer is still owed: no query for it may start now.
      const spent = newTally({ by: Date.now(), acknowledged: () => false });
      const refusal = await refusalOf(tallied(spent, () => store.games.lastGameId()));
      expect((refusal as Error).message).toMatch(/no time left/);
      expect(failures).toEqual(["budget"]);
    },
  );
});
