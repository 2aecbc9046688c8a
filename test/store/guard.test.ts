import Database from "better-sqlite3";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GAMES } from "../../src/games/index.js";
import { theGame } from "../../src/games/thegame/engine/index.js";
import { type GameRecord, isDatabaseUnavailable, Store } from "../../src/store/store.js";
import { freshStoreLocation, onPostgres } from "../support/storeDatabase.js";

let location: string;
let store: Store;

beforeEach(async () => {
  location = await freshStoreLocation();
  store = new Store(location, GAMES.engines());
});
afterEach(() => {
  store.close();
});

const BOB = { userId: "u2", displayName: "Bob" };
const CY = { userId: "u3", displayName: "Cy" };
const CLAIM = { type: "claimStart" };

function lobby(channelId = "c1"): GameRecord {
  const created = store.createLobby({
    guildId: "g1",
    channelId,
    gameType: "thegame",
    options: { expert: false, smallerHands: false },
    seed: 42,
    host: { userId: "u1", displayName: "Ann" },
  });
  if (!created.ok) throw new Error("lobby not created");
  const joined = store.joinLobby(created.game.id, BOB, theGame.maxPlayers);
  if (!joined.ok) throw new Error("not joined");
  return joined.game;
}

function started(channelId = "c1"): GameRecord {
  const game = store.startGame(lobby(channelId).id, "u1", theGame);
  if (!game.ok) throw new Error("not started");
  return game.game;
}

/** Runs `body` on a connection of its own to the store's PostgreSQL database, as another host. */
async function asAnotherHost(body: (other: pg.Client) => Promise<void>): Promise<void> {
  const other = new pg.Client({ connectionString: location });
  await other.connect();
  try {
    await body(other);
  } finally {
    await other.end();
  }
}

/** What `change` threw (undefined if it did not). */
function thrownBy(change: () => unknown): unknown {
  try {
    change();
  } catch (err) {
    return err;
  }
  return undefined;
}

/** The stored game and its rows, to show a refusal changed nothing. */
function snapshot(gameId: number) {
  return { game: store.getGame(gameId), moves: store.moves(gameId), result: store.getResult(gameId) };
}

describe("a change to a game checks the game first, in its own transaction", () => {
  it("a game that does not exist: every change says so and nothing is written", () => {
    const refused = { ok: false, reason: "notFound" };
    expect(store.joinLobby(99, CY, 5)).toEqual(refused);
    expect(store.leaveLobby(99, "u1")).toEqual(refused);
    expect(store.addBot(99, "u1", 5)).toEqual(refused);
    expect(store.removeBot(99, "u1")).toEqual(refused);
    expect(store.startGame(99, "u1", theGame)).toEqual(refused);
    expect(store.standIn(99, "u1")).toEqual(refused);
    expect(store.replaceSeat(99, "u1", CY)).toEqual(refused);
    expect(store.applyMove(99, "u1", 0, CLAIM, theGame)).toEqual(refused);
    expect(store.abandon(99, { kind: "ended", by: "Ann" })).toBeUndefined();
    expect(store.sql("SELECT COUNT(*) AS n FROM games").get()).toEqual({ n: 0 });
  });

  it("lobby changes to a started game are refused as not a lobby, and change nothing", () => {
    const game = started();
    const before = snapshot(game.id);
    const notLobby = { ok: false, reason: "notLobby" };
    expect(store.joinLobby(game.id, CY, 5)).toEqual(notLobby);
    expect(store.leaveLobby(game.id, "u2")).toEqual(notLobby);
    expect(store.addBot(game.id, "u1", 5)).toEqual(notLobby);
    expect(store.removeBot(game.id, "u1")).toEqual(notLobby);
    expect(store.startGame(game.id, "u1", theGame)).toEqual(notLobby);
    expect(snapshot(game.id)).toEqual(before);
  });

  it("play in a lobby is refused: a move as not active (with the game), a stand-in as not started", () => {
    const game = lobby();
    const before = snapshot(game.id);
    expect(store.applyMove(game.id, "u1", game.version, CLAIM, theGame)).toEqual({
      ok: false,
      reason: "notActive",
      game: before.game,
    });
    expect(store.standIn(game.id, "u2")).toEqual({ ok: false, reason: "notLobby" });
    expect(snapshot(game.id)).toEqual(before);
  });

  it("an ended game takes no seat change, no move and no second end", () => {
    const game = started();
    const ended = store.abandon(game.id, { kind: "ended", by: "Ann" })!;
    const before = snapshot(game.id);
    expect(store.replaceSeat(game.id, "u1", CY)).toEqual({ ok: false, reason: "notOpen" });
    expect(store.applyMove(game.id, "u1", ended.version, CLAIM, theGame)).toEqual({
      ok: false,
      reason: "notActive",
      game: ended,
    });
    expect(store.abandon(game.id, { kind: "left", by: "Bob" })).toBeUndefined();
    expect(snapshot(game.id)).toEqual(before);
  });

  it("a move by someone not at the table is refused as such even from an old button", () => {
    const game = started();
    expect(store.applyMove(game.id, "u1", game.version, CLAIM, theGame).ok).toBe(true);
    expect(store.applyMove(game.id, "intruder", game.version, CLAIM, theGame)).toMatchObject({
      ok: false,
      reason: "notSeated",
    });
    expect(store.applyMove(game.id, "u2", game.version, CLAIM, theGame)).toMatchObject({
      ok: false,
      reason: "stale",
    });
  });

  it.skipIf(onPostgres)(
    "a database another connection holds the write lock of fails the change with SQLite's busy error and writes nothing",
    () => {
      const game = started();
      const before = snapshot(game.id);
      const other = new Database(location);
      other.exec("BEGIN IMMEDIATE");
      try {
        expect(() => store.applyMove(game.id, "u1", game.version, CLAIM, theGame)).toThrow(
          expect.objectContaining({ code: "SQLITE_BUSY" }),
        );
        expect(() => store.joinLobby(game.id, CY, 5)).toThrow(
          expect.objectContaining({ code: "SQLITE_BUSY" }),
        );
      } finally {
        other.exec("ROLLBACK");
        other.close();
      }
      expect(snapshot(game.id)).toEqual(before);
    },
  );

  it.runIf(onPostgres)(
    "a game another host holds (its row locked in a move of its own) fails the change with a lock timeout, said to be the database's, and writes nothing",
    async () => {
      const game = started();
      const before = snapshot(game.id);
      await asAnotherHost(async (other) => {
        await other.query("BEGIN");
        await other.query("SELECT id FROM games WHERE id = $1 FOR UPDATE", [game.id]);
        const refusal = thrownBy(() => store.applyMove(game.id, "u1", game.version, CLAIM, theGame));
        expect(refusal).toMatchObject({ code: "55P03" });
        expect(isDatabaseUnavailable(refusal)).toBe(true);
        await other.query("ROLLBACK");
      });
      expect(snapshot(game.id)).toEqual(before);
      expect(store.applyMove(game.id, "u1", game.version, CLAIM, theGame).ok).toBe(true);
    },
  );

  it.runIf(onPostgres)(
    "the bot's session on PostgreSQL: locks and queries give up within Discord's 3 s, a commit is not waited onto disk, and options in DATABASE_URL come after the bot's",
    () => {
      const setting = (on: Store, name: string) => Object.values(on.sql(`SHOW ${name}`).get() as object)[0];
      expect(setting(store, "lock_timeout")).toBe("1s");
      expect(setting(store, "statement_timeout")).toBe("2s");
      expect(setting(store, "synchronous_commit")).toBe("off");
      const operator = new Store(
        `${location}?application_name=ops&options=${encodeURIComponent("-c synchronous_commit=on")}`,
        GAMES.engines(),
      );
      try {
        expect(setting(operator, "synchronous_commit")).toBe("on");
        expect(setting(operator, "lock_timeout")).toBe("1s");
        expect(setting(operator, "application_name")).toBe("ops");
      } finally {
        operator.close();
      }
    },
  );

  it.runIf(onPostgres)(
    "a query that outlasts the statement timeout fails as the database's, and the next query gets its own answer",
    () => {
      const game = started();
      const refusal = thrownBy(() => store.sql("SELECT pg_sleep(5)").get());
      expect(refusal).toMatchObject({ code: "57014" });
      expect(isDatabaseUnavailable(refusal)).toBe(true);
      expect(store.sql("SELECT id, version FROM games WHERE id = ?").get(game.id)).toEqual({
        id: game.id,
        version: game.version,
      });
    },
  );

  it.runIf(onPostgres)(
    "a lost connection fails the move in hand as the database's and writes nothing; the next move connects again",
    async () => {
      const game = started();
      const before = snapshot(game.id);
      await asAnotherHost(async (other) => {
        const ended = await other.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE application_name = 'cardtable' AND datname = current_database() AND pid <> pg_backend_pid()`,
        );
        expect(ended.rowCount).toBe(1);
      });
      const refusal = thrownBy(() => store.applyMove(game.id, "u1", game.version, CLAIM, theGame));
      expect(isDatabaseUnavailable(refusal)).toBe(true);
      expect(snapshot(game.id)).toEqual(before);
      expect(store.applyMove(game.id, "u1", game.version, CLAIM, theGame).ok).toBe(true);
    },
  );
});
