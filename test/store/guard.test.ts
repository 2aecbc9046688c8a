import Database from "better-sqlite3";
import pg from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import { GAMES } from "../../src/games/index.js";
import { theGame } from "../../src/games/thegame/engine/index.js";
import { QUERY_DEADLINE_MS } from "../../src/store/postgres.js";
import { type GameRecord, isDatabaseUnavailable, Store } from "../../src/store/store.js";
import { onPostgres, storesPerTest } from "../support/storeDatabase.js";
import { openLobby, THE_GAME_OPTIONS } from "../support/storeGames.js";

const stores = storesPerTest();
let store: Store;
beforeEach(async () => {
  store = await stores.open();
});

const BOB = { userId: "u2", displayName: "Bob" };
const CY = { userId: "u3", displayName: "Cy" };
const CLAIM = { type: "claimStart" };

async function lobby(channelId = "c1"): Promise<GameRecord> {
  const created = await openLobby(store, {
    channelId,
    gameType: "thegame",
    options: THE_GAME_OPTIONS,
    seed: 42,
  });
  const joined = await store.seats.joinLobby(created.id, BOB, theGame.maxPlayers);
  if (!joined.ok) throw new Error("not joined");
  return joined.game;
}

async function started(channelId = "c1"): Promise<GameRecord> {
  const game = await store.play.startGame((await lobby(channelId)).id, "u1", theGame);
  if (!game.ok) throw new Error("not started");
  return game.game;
}

/** Runs `body` on a connection of its own to the store's PostgreSQL database, as another host. */
async function asAnotherHost<T>(body: (other: pg.Client) => Promise<T>): Promise<T> {
  const other = new pg.Client({ connectionString: stores.location() });
  await other.connect();
  try {
    return await body(other);
  } finally {
    await other.end();
  }
}

/** What `change` was refused with (undefined if it was not). */
async function refusalOf(change: Promise<unknown>): Promise<unknown> {
  try {
    await change;
  } catch (err) {
    return err;
  }
  return undefined;
}

/** The stored game and its rows, to show a refusal changed nothing. */
async function snapshot(gameId: number) {
  return {
    game: await store.games.getGame(gameId),
    moves: await store.play.moves(gameId),
    result: await store.results.getResult(gameId),
  };
}

describe("a change to a game checks the game first, in its own transaction", () => {
  it("a game that does not exist: every change says so and nothing is written", async () => {
    const refused = { ok: false, reason: "notFound" };
    expect(await store.seats.joinLobby(99, CY, 5)).toEqual(refused);
    expect(await store.seats.leaveLobby(99, "u1")).toEqual(refused);
    expect(await store.seats.addRobot(99, "u1", 5)).toEqual(refused);
    expect(await store.seats.removeRobot(99, "u1")).toEqual(refused);
    expect(await store.play.startGame(99, "u1", theGame)).toEqual(refused);
    expect(await store.seats.standIn(99, "u1")).toEqual(refused);
    expect(await store.seats.replaceSeat(99, "u1", CY)).toEqual(refused);
    expect(await store.play.applyMove(99, "u1", 0, CLAIM, theGame)).toEqual(refused);
    expect(await store.play.abandon(99, { kind: "ended", by: "Ann" })).toBeUndefined();
    expect(await store.sql("SELECT COUNT(*) AS n FROM games").get()).toEqual({ n: 0 });
  });

  it("lobby changes to a started game are refused as not a lobby, and change nothing", async () => {
    const game = await started();
    const before = await snapshot(game.id);
    const notLobby = { ok: false, reason: "notLobby" };
    expect(await store.seats.joinLobby(game.id, CY, 5)).toEqual(notLobby);
    expect(await store.seats.leaveLobby(game.id, "u2")).toEqual(notLobby);
    expect(await store.seats.addRobot(game.id, "u1", 5)).toEqual(notLobby);
    expect(await store.seats.removeRobot(game.id, "u1")).toEqual(notLobby);
    expect(await store.play.startGame(game.id, "u1", theGame)).toEqual(notLobby);
    expect(await snapshot(game.id)).toEqual(before);
  });

  it("play in a lobby is refused: a move as not active (with the game), a stand-in as not started", async () => {
    const game = await lobby();
    const before = await snapshot(game.id);
    expect(await store.play.applyMove(game.id, "u1", game.version, CLAIM, theGame)).toEqual({
      ok: false,
      reason: "notActive",
      game: before.game,
    });
    expect(await store.seats.standIn(game.id, "u2")).toEqual({ ok: false, reason: "notLobby" });
    expect(await snapshot(game.id)).toEqual(before);
  });

  it("an ended game takes no seat change, no move and no second end", async () => {
    const game = await started();
    const ended = (await store.play.abandon(game.id, { kind: "ended", by: "Ann" }))!;
    const before = await snapshot(game.id);
    expect(await store.seats.replaceSeat(game.id, "u1", CY)).toEqual({ ok: false, reason: "notOpen" });
    expect(await store.play.applyMove(game.id, "u1", ended.version, CLAIM, theGame)).toEqual({
      ok: false,
      reason: "notActive",
      game: ended,
    });
    expect(await store.play.abandon(game.id, { kind: "left", by: "Bob" })).toBeUndefined();
    expect(await snapshot(game.id)).toEqual(before);
  });

  it("a move by someone not at the table is refused as such even from an old button", async () => {
    const game = await started();
    expect((await store.play.applyMove(game.id, "u1", game.version, CLAIM, theGame)).ok).toBe(true);
    expect(await store.play.applyMove(game.id, "intruder", game.version, CLAIM, theGame)).toMatchObject({
      ok: false,
      reason: "notSeated",
    });
    expect(await store.play.applyMove(game.id, "u2", game.version, CLAIM, theGame)).toMatchObject({
      ok: false,
      reason: "stale",
    });
  });

  it.skipIf(onPostgres)(
    "a database another connection holds the write lock of fails the change with SQLite's busy error and writes nothing",
    async () => {
      const game = await started();
      const before = await snapshot(game.id);
      const other = new Database(stores.location());
      other.exec("BEGIN IMMEDIATE");
      try {
        const busy = expect.objectContaining({ code: "SQLITE_BUSY" });
        await expect(store.play.applyMove(game.id, "u1", game.version, CLAIM, theGame)).rejects.toThrow(busy);
        await expect(store.seats.joinLobby(game.id, CY, 5)).rejects.toThrow(busy);
      } finally {
        other.exec("ROLLBACK");
        other.close();
      }
      expect(await snapshot(game.id)).toEqual(before);
    },
  );

  it.runIf(onPostgres)(
    "a game another host holds (its row locked in a move of its own) fails the change with a lock timeout, said to be the database's, and writes nothing",
    async () => {
      const game = await started();
      const before = await snapshot(game.id);
      await asAnotherHost(async (other) => {
        await other.query("BEGIN");
        await other.query("SELECT id FROM games WHERE id = $1 FOR UPDATE", [game.id]);
        // A move that does not end the game (one compare-and-set write) and a change in a
        // transaction (its read locks the row) both wait for the lock, then give up.
        for (const change of [
          () => store.play.applyMove(game.id, "u1", game.version, CLAIM, theGame),
          () => store.seats.standIn(game.id, "u2"),
        ]) {
          const refusal = await refusalOf(change());
          expect(refusal).toMatchObject({ code: "55P03" });
          expect(isDatabaseUnavailable(refusal)).toBe(true);
        }
        await other.query("ROLLBACK");
      });
      expect(await snapshot(game.id)).toEqual(before);
      expect((await store.play.applyMove(game.id, "u1", game.version, CLAIM, theGame)).ok).toBe(true);
    },
  );

  it.runIf(onPostgres)(
    "the bot's session on PostgreSQL: locks and queries give up within Discord's 3 s, a commit is not waited onto disk, and options in DATABASE_URL come after the bot's",
    async () => {
      const setting = async (on: Store, name: string) =>
        Object.values((await on.sql(`SHOW ${name}`).get()) as object)[0];
      expect(await setting(store, "lock_timeout")).toBe("1s");
      expect(await setting(store, "statement_timeout")).toBe("2s");
      expect(await setting(store, "synchronous_commit")).toBe("off");
      expect(await setting(store, "application_name")).toBe("cardtable");
      // Every connection of the pool has them, not just the first: a transaction holds one while
      // a query takes another.
      await store.transaction(async (tx) => {
        expect(await setting(store, "lock_timeout")).toBe("1s");
        expect(Object.values((await tx.sql("SHOW lock_timeout").get()) as object)[0]).toBe("1s");
      });
      const operator = await Store.open(
        `${stores.location()}?application_name=ops&options=${encodeURIComponent("-c synchronous_commit=on")}`,
        GAMES.engines(),
      );
      try {
        expect(await setting(operator, "synchronous_commit")).toBe("on");
        expect(await setting(operator, "lock_timeout")).toBe("1s");
        expect(await setting(operator, "application_name")).toBe("ops");
      } finally {
        await operator.close();
      }
    },
  );

  it.runIf(onPostgres)(
    "a query the server stops at its statement timeout fails as the database's, and its connection serves the next query",
    async () => {
      const game = await started();
      const refusal = await refusalOf(
        store.transaction(async (tx) => {
          await tx.sql("SET LOCAL statement_timeout = 1").run();
          await tx.sql("SELECT pg_sleep(5)").get();
        }),
      );
      expect(refusal).toMatchObject({ code: "57014" });
      expect(isDatabaseUnavailable(refusal)).toBe(true);
      expect(await store.sql("SELECT id, version FROM games WHERE id = ?").get(game.id)).toEqual({
        id: game.id,
        version: game.version,
      });
    },
  );

  it.runIf(onPostgres)(
    "a query that outlasts the store's deadline is given up as the database's; once a health check sees the server, the next query gets its own answer",
    async () => {
      const game = await started();
      const refusal = await refusalOf(store.sql("SELECT pg_sleep(5)").get());
      expect(refusal).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(refusal)).toBe(true);
      // Queries fail at once for a short while after a failure; a health check looks through that.
      expect(await store.ping(QUERY_DEADLINE_MS)).toBe(true);
      expect(await store.sql("SELECT id, version FROM games WHERE id = ?").get(game.id)).toEqual({
        id: game.id,
        version: game.version,
      });
    },
  );

  it.runIf(onPostgres)(
    "a connection lost in the middle of a change fails it as the database's and writes nothing; the next change runs on a fresh connection",
    async () => {
      const game = await started();
      const before = await snapshot(game.id);
      const refusal = await refusalOf(
        store.transaction(async (tx) => {
          await tx.sql("UPDATE games SET version = version + 1 WHERE id = ?").run(game.id);
          const { pid } = (await tx.sql("SELECT pg_backend_pid() AS pid").get()) as { pid: number };
          // The server ends this transaction's connection (waiting until it has), as a restart would.
          await asAnotherHost((other) => other.query("SELECT pg_terminate_backend($1, 60000)", [pid]));
          await tx.sql("UPDATE games SET updated_at = 0 WHERE id = ?").run(game.id);
        }),
      );
      expect(refusal).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(refusal)).toBe(true);
      expect(await store.ping(QUERY_DEADLINE_MS)).toBe(true);
      expect(await snapshot(game.id)).toEqual(before);
      expect((await store.play.applyMove(game.id, "u1", game.version, CLAIM, theGame)).ok).toBe(true);
    },
  );

  it.runIf(onPostgres)(
    "a pooled connection the server ended while it was idle costs no click: the next move runs on a fresh connection",
    async () => {
      const game = await started();
      const ended = await asAnotherHost((other) =>
        other.query(
          `SELECT pg_terminate_backend(pid, 60000) FROM pg_stat_activity
           WHERE application_name = 'cardtable' AND datname = current_database() AND pid <> pg_backend_pid()`,
        ),
      );
      expect(ended.rowCount).toBeGreaterThan(0);
      expect((await store.play.applyMove(game.id, "u1", game.version, CLAIM, theGame)).ok).toBe(true);
    },
  );
});
