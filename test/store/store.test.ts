import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { GAMES } from "../../src/games/index.js";
import { legalMoves, theGame } from "../../src/games/thegame/engine/index.js";
import type { TheGameMove, TheGameState } from "../../src/games/thegame/engine/types.js";
import { Postgres } from "../../src/store/postgres.js";
import { Sqlite } from "../../src/store/sqlite.js";
import { Store } from "../../src/store/store.js";
import { freshStoreLocation, onPostgres } from "../support/storeDatabase.js";

let location: string;

beforeEach(async () => {
  location = await freshStoreLocation();
});

function lobbyWithTwo(store: Store, channelId = "c1") {
  const created = store.createLobby({
    guildId: "g1",
    channelId,
    gameType: "thegame",
    options: { expert: false, smallerHands: false },
    seed: 42,
    host: { userId: "u1", displayName: "Ann" },
  });
  if (!created.ok) throw new Error("lobby not created");
  const joined = store.joinLobby(created.game.id, { userId: "u2", displayName: "Bob" }, theGame.maxPlayers);
  if (!joined.ok) throw new Error("not joined");
  return joined.game;
}

function startedGame(store: Store) {
  const lobby = lobbyWithTwo(store);
  const started = store.startGame(lobby.id, "u1", theGame);
  if (!started.ok) throw new Error("not started");
  return started.game;
}

describe("store: schema and lobby", () => {
  it.skipIf(onPostgres)("creates the database file and its folder on first start, in WAL mode", () => {
    const store = new Store(location, GAMES.engines());
    expect(fs.existsSync(location)).toBe(true);
    expect(store.db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(store.db.pragma("foreign_keys", { simple: true })).toBe(1);
    store.close();
  });

  it("allows one open game per channel", () => {
    const store = new Store(location, GAMES.engines());
    lobbyWithTwo(store, "c1");
    const second = store.createLobby({
      guildId: "g1",
      channelId: "c1",
      gameType: "thegame",
      options: {},
      seed: 1,
      host: { userId: "u3", displayName: "Cy" },
    });
    expect(second.ok).toBe(false);
    store.close();
  });

  it("refuses a second seat, a full table, and a start by anyone but the host", () => {
    const store = new Store(location, GAMES.engines());
    const lobby = lobbyWithTwo(store);
    expect(store.joinLobby(lobby.id, { userId: "u2", displayName: "Bob" }, 5)).toEqual({
      ok: false,
      reason: "alreadySeated",
    });
    expect(store.joinLobby(lobby.id, { userId: "u3", displayName: "Cy" }, 2)).toEqual({
      ok: false,
      reason: "full",
    });
    expect(store.startGame(lobby.id, "u2", theGame)).toEqual({ ok: false, reason: "notHost" });
    store.close();
  });

  it("passes the host to the next seat when the host leaves a lobby, and renumbers seats", () => {
    const store = new Store(location, GAMES.engines());
    const lobby = lobbyWithTwo(store);
    const left = store.leaveLobby(lobby.id, "u1");
    expect(left.ok && left.game.hostId).toBe("u2");
    expect(left.ok && left.game.players).toEqual([
      { seat: 0, userId: "u2", memberId: "u2", displayName: "Bob", kind: "human", standsInFor: null },
    ]);
    store.close();
  });
});

describe("store: one move is one transaction with a version check", () => {
  it("applies a legal move, stores the move row and bumps the version", () => {
    const store = new Store(location, GAMES.engines());
    const game = startedGame(store);
    const result = store.applyMove(game.id, "u1", game.version, { type: "claimStart" }, theGame);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.game.version).toBe(game.version + 1);
    expect(store.moves(game.id)).toEqual([
      { seq: game.version + 1, userId: "u1", move: { type: "claimStart" }, at: expect.any(Number) },
    ]);
    store.close();
  });

  it("refuses a stale version (a double click) and changes nothing", () => {
    const store = new Store(location, GAMES.engines());
    const game = startedGame(store);
    expect(store.applyMove(game.id, "u1", game.version, { type: "claimStart" }, theGame).ok).toBe(true);
    const before = store.getGame(game.id)!;
    const again = store.applyMove(game.id, "u2", game.version, { type: "claimStart" }, theGame);
    expect(again).toMatchObject({ ok: false, reason: "stale" });
    expect(store.getGame(game.id)).toEqual(before);
    store.close();
  });

  it("refuses a player who is not seated, and an illegal move with the engine's reason", () => {
    const store = new Store(location, GAMES.engines());
    const game = startedGame(store);
    expect(store.applyMove(game.id, "intruder", game.version, { type: "claimStart" }, theGame)).toMatchObject(
      {
        ok: false,
        reason: "notSeated",
      },
    );
    const illegal = store.applyMove(game.id, "u1", game.version, { type: "endTurn" }, theGame);
    expect(illegal.ok).toBe(false);
    expect(!illegal.ok && illegal.reason).toBe("rule");
    expect(store.getGame(game.id)!.version).toBe(game.version);
    store.close();
  });

  it("leaves the previous state when the move fails halfway through its writes, and names the write that failed", () => {
    const store = new Store(location, GAMES.engines());
    const game = startedGame(store);
    // A conflicting move row makes the second write of the transaction fail after the state update.
    // On PostgreSQL both writes go out unanswered and the commit reports the failure: still the insert's.
    store
      .sql("INSERT INTO moves (game_id, seq, user_id, move, at) VALUES (?, ?, 'x', '{}', 0)")
      .run(game.id, game.version + 1);
    const before = store.getGame(game.id)!;
    expect(() => store.applyMove(game.id, "u1", game.version, { type: "claimStart" }, theGame)).toThrow(
      onPostgres ? /unique constraint.*\(in: INSERT INTO moves/ : /UNIQUE constraint failed: moves/,
    );
    expect(store.getGame(game.id)).toEqual(before);
    store.close();
  });
});

describe("store: restart", () => {
  it("a game written, the database closed and reopened, continues exactly", () => {
    const store = new Store(location, GAMES.engines());
    const game = startedGame(store);
    let current = game;
    for (let i = 0; i < 6; i++) {
      const state = current.state as TheGameState;
      const actor = theGame.actors(state)[0]!;
      const move = legalMoves(state, actor)[0] as TheGameMove;
      const r = store.applyMove(current.id, actor, current.version, move, theGame);
      if (!r.ok) throw new Error(`move refused: ${r.reason}`);
      current = r.game;
    }
    store.close();
    const reopened = new Store(location, GAMES.engines());
    const loaded = reopened.getGame(game.id)!;
    expect(loaded).toEqual(current);
    // The same move sequence from the same seed gives the same state: nothing was lost.
    let replay = theGame.setup(["u1", "u2"], loaded.options, loaded.seed);
    for (const m of reopened.moves(game.id)) {
      const r = theGame.apply(replay, m.userId, m.move as TheGameMove);
      if (!r.ok) throw new Error("replay refused");
      replay = r.state;
    }
    expect(replay).toEqual(loaded.state);
    const actor = theGame.actors(loaded.state as TheGameState)[0]!;
    const next = reopened.applyMove(
      loaded.id,
      actor,
      loaded.version,
      legalMoves(loaded.state as TheGameState, actor)[0],
      theGame,
    );
    expect(next.ok).toBe(true);
    reopened.close();
  });

  it("counts the games being played by type: neither lobbies nor ended games", () => {
    const store = new Store(location, GAMES.engines());
    expect(store.activeGamesByType()).toEqual(new Map());
    const playing = startedGame(store);
    const ended = store.startGame(lobbyWithTwo(store, "c2").id, "u1", theGame);
    if (!ended.ok) throw new Error("not started");
    store.abandon(ended.game.id, { kind: "ended", by: "Ann" });
    lobbyWithTwo(store, "c3");
    expect(store.activeGamesByType()).toEqual(new Map([["thegame", 1]]));
    store.abandon(playing.id, { kind: "ended", by: "Ann" });
    expect(store.activeGamesByType()).toEqual(new Map());
    store.close();
  });

  it("records the result when a game ends, and when it is abandoned", () => {
    const store = new Store(location, GAMES.engines());
    const game = startedGame(store);
    store.abandon(game.id, { kind: "ended", by: "Ann" });
    expect(store.getGame(game.id)!.status).toBe("abandoned");
    expect(store.getGame(game.id)!.endReason).toEqual({ kind: "ended", by: "Ann" });
    expect(store.getResult(game.id)).toMatchObject({
      status: "abandoned",
      summary: JSON.stringify({ kind: "ended", by: "Ann" }),
    });
    store.close();
  });

  it("records a finished game's outcome for every player", () => {
    const store = new Store(location, GAMES.engines());
    const game = startedGame(store);
    let current = game;
    while (current.status === "active") {
      const state = current.state as TheGameState;
      const actor = theGame.actors(state)[0]!;
      // Plays a card whenever one can be played; signals would only toggle and never end the game.
      const moves = legalMoves(state, actor).filter((m) => m.type !== "signal");
      const move = moves.find((m) => m.type === "play") ?? moves[0]!;
      const r = store.applyMove(current.id, actor, current.version, move, theGame);
      if (!r.ok) throw new Error(`move refused: ${r.reason}`);
      current = r.game;
    }
    const result = store.getResult(game.id)!;
    expect(result.status).toBe("finished");
    expect(result.players.map((p) => p.userId).sort()).toEqual(["u1", "u2"]);
    expect(store.statsForUser("u1", { thegame: theGame.score })[0]).toMatchObject({
      gameType: "thegame",
      played: 1,
    });
    store.close();
  });

  it.skipIf(onPostgres)("reports a database that cannot be opened with a clear error", () => {
    const blocker = path.join(path.dirname(path.dirname(location)), "file-not-folder");
    fs.writeFileSync(blocker, "x");
    expect(() => new Store(path.join(blocker, "bot.sqlite"), GAMES.engines())).toThrow(
      /cannot open the database/,
    );
  });
});

describe("store: transactions", () => {
  it("a commit that fails writes nothing, and later transactions still nest: an inner one that fails undoes only itself", () => {
    const db = onPostgres ? new Postgres(location) : new Sqlite(location);
    try {
      db.sql("CREATE TABLE parents (id INTEGER PRIMARY KEY)").run();
      db.sql(
        "CREATE TABLE children (parent_id INTEGER REFERENCES parents (id) DEFERRABLE INITIALLY DEFERRED)",
      ).run();
      // The missing parent is found only at the commit.
      expect(() => db.deferred(() => db.sql("INSERT INTO children (parent_id) VALUES (?)").run(1))).toThrow();
      expect(db.sql("SELECT COUNT(*) AS n FROM children").get()).toEqual({ n: 0 });
      db.deferred(() => {
        db.sql("INSERT INTO parents (id) VALUES (?)").run(1);
        const inner = () =>
          db.deferred(() => {
            db.sql("INSERT INTO parents (id) VALUES (?)").run(2);
            throw new Error("the inner change fails");
          });
        expect(inner).toThrow("the inner change fails");
      });
      expect(db.sql("SELECT id FROM parents ORDER BY id").all()).toEqual([{ id: 1 }]);
    } finally {
      db.close();
    }
  });
});

describe("store: server names", () => {
  it("a server's name recorded by the shard serving it is read by another store on the same database, renamed in place", () => {
    const serving = new Store(location, GAMES.engines());
    const other = new Store(location, GAMES.engines());
    try {
      expect(other.guildName("g1")).toBeNull();
      serving.saveGuildNames([
        { id: "g1", name: "Card Club" },
        { id: "g2", name: "Night Owls" },
      ]);
      expect(other.guildName("g1")).toBe("Card Club");
      serving.saveGuildNames([{ id: "g1", name: "Card Club & Friends" }]);
      expect([other.guildName("g1"), other.guildName("g2")]).toEqual(["Card Club & Friends", "Night Owls"]);
    } finally {
      other.close();
      serving.close();
    }
  });
});

describe("store: private panels", () => {
  it("keeps each seat's newest panel across a restart and hands out, once, those still editable", () => {
    let clock = 1_000_000;
    const store = new Store(location, GAMES.engines(), { now: () => clock });
    const game = startedGame(store);
    store.setPanel(game.id, "u1", { token: "old-ann", locale: "en" });
    clock += 60_000;
    store.setPanel(game.id, "u1", { token: "new-ann", locale: "nl" });
    clock += 10 * 60_000;
    store.setPanel(game.id, "u2", { token: "bob", locale: "en" });
    store.close();
    const reopened = new Store(location, GAMES.engines(), { now: () => clock });
    // Ann's panel was shown 10 minutes before Bob's: only Bob's is newer than the cut-off.
    expect(reopened.takePanels(game.id, clock - 5 * 60_000)).toEqual([
      { seatId: "u2", token: "bob", locale: "en" },
    ]);
    expect(reopened.takePanels(game.id, 0)).toEqual([]);
    reopened.close();
  });

  it("hands out only the newest panel of a seat", () => {
    const store = new Store(location, GAMES.engines());
    const game = startedGame(store);
    store.setPanel(game.id, "u1", { token: "first", locale: "en" });
    store.setPanel(game.id, "u1", { token: "second", locale: "nl" });
    expect(store.takePanels(game.id, 0)).toEqual([{ seatId: "u1", token: "second", locale: "nl" }]);
    store.close();
  });
});
