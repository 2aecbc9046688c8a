import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GAMES } from "../../src/games/index.js";
import { legalMoves, theGame } from "../../src/games/thegame/engine/index.js";
import type { TheGameMove, TheGameState } from "../../src/games/thegame/engine/types.js";
import { type GameRecord, Store } from "../../src/store/store.js";
import { onPostgres, storesPerTest } from "../support/storeDatabase.js";
import { openLobby, THE_GAME_OPTIONS } from "../support/storeGames.js";

const stores = storesPerTest();
const { open } = stores;

async function lobbyWithTwo(store: Store, channelId = "c1"): Promise<GameRecord> {
  const created = await openLobby(store, {
    channelId,
    gameType: "thegame",
    options: THE_GAME_OPTIONS,
    seed: 42,
  });
  const joined = await store.seats.joinLobby(
    created.id,
    { userId: "u2", displayName: "Bob" },
    theGame.maxPlayers,
  );
  if (!joined.ok) throw new Error("not joined");
  return joined.game;
}

async function startedGame(store: Store): Promise<GameRecord> {
  const lobby = await lobbyWithTwo(store);
  const started = await store.play.startGame(lobby.id, "u1", theGame);
  if (!started.ok) throw new Error("not started");
  return started.game;
}

describe("store: schema and lobby", () => {
  it.skipIf(onPostgres)("creates the database file and its folder on first start, in WAL mode", async () => {
    const store = await open();
    expect(fs.existsSync(stores.location())).toBe(true);
    expect(store.db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(store.db.pragma("foreign_keys", { simple: true })).toBe(1);
  });

  it("allows one open game per channel", async () => {
    const store = await open();
    const first = await lobbyWithTwo(store, "c1");
    const second = await store.games.createLobby({
      guildId: "g1",
      channelId: "c1",
      gameType: "thegame",
      options: {},
      seed: 1,
      host: { userId: "u3", displayName: "Cy" },
    });
    expect(second).toEqual({ ok: false, reason: "channelBusy", game: first });
  });

  it("refuses a second seat, a full table, and a start by anyone but the host", async () => {
    const store = await open();
    const lobby = await lobbyWithTwo(store);
    expect(await store.seats.joinLobby(lobby.id, { userId: "u2", displayName: "Bob" }, 5)).toEqual({
      ok: false,
      reason: "alreadySeated",
    });
    expect(await store.seats.joinLobby(lobby.id, { userId: "u3", displayName: "Cy" }, 2)).toEqual({
      ok: false,
      reason: "full",
    });
    expect(await store.play.startGame(lobby.id, "u2", theGame)).toEqual({ ok: false, reason: "notHost" });
  });

  it("passes the host to the next seat when the host leaves a lobby, and renumbers seats", async () => {
    const store = await open();
    const lobby = await lobbyWithTwo(store);
    const left = await store.seats.leaveLobby(lobby.id, "u1");
    expect(left.ok && left.game.hostId).toBe("u2");
    expect(left.ok && left.game.players).toEqual([
      { seat: 0, userId: "u2", memberId: "u2", displayName: "Bob", kind: "human", standsInFor: null },
    ]);
  });
});

describe("store: one move is one write with a version check", () => {
  it("applies a legal move, stores the move row and bumps the version", async () => {
    const store = await open();
    const game = await startedGame(store);
    const result = await store.play.applyMove(game.id, "u1", game.version, { type: "claimStart" }, theGame);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.game.version).toBe(game.version + 1);
    expect(await store.play.moves(game.id)).toEqual([
      { seq: game.version + 1, userId: "u1", move: { type: "claimStart" }, at: expect.any(Number) },
    ]);
  });

  it("refuses a stale version (a double click) and changes nothing", async () => {
    const store = await open();
    const game = await startedGame(store);
    expect(
      (await store.play.applyMove(game.id, "u1", game.version, { type: "claimStart" }, theGame)).ok,
    ).toBe(true);
    const before = await store.games.getGame(game.id);
    const again = await store.play.applyMove(game.id, "u2", game.version, { type: "claimStart" }, theGame);
    expect(again).toEqual({ ok: false, reason: "stale", game: before });
    expect(await store.games.getGame(game.id)).toEqual(before);
  });

  it("a move judged on a record another move has since overtaken is refused as stale, one on a game ended meanwhile as not active, and neither writes", async () => {
    const store = await open();
    const game = await startedGame(store);
    // Both seats read the game at the same version; Ann's move is written first.
    const first = await store.play.applyMove(
      game.id,
      "u1",
      game.version,
      { type: "claimStart" },
      theGame,
      game,
    );
    expect(first.ok).toBe(true);
    const moved = await store.games.getGame(game.id);
    const late = await store.play.applyMove(
      game.id,
      "u2",
      game.version,
      { type: "claimStart" },
      theGame,
      game,
    );
    expect(late).toEqual({ ok: false, reason: "stale", game: moved });
    expect(await store.games.getGame(game.id)).toEqual(moved);
    expect((await store.play.moves(game.id)).map((m) => m.userId)).toEqual(["u1"]);

    const ended = await store.play.abandon(game.id, { kind: "ended", by: "Ann" });
    const actor = theGame.actors(moved!.state as TheGameState)[0]!;
    const move = legalMoves(moved!.state as TheGameState, actor)[0];
    const afterEnd = await store.play.applyMove(game.id, actor, moved!.version, move, theGame, moved);
    expect(afterEnd).toEqual({ ok: false, reason: "notActive", game: ended });
    expect(await store.games.getGame(game.id)).toEqual(ended);
    expect(await store.play.moves(game.id)).toHaveLength(1);
  });

  it("a record of another game is not taken for the game moved", async () => {
    const store = await open();
    const game = await startedGame(store);
    const other = await lobbyWithTwo(store, "c2");
    const result = await store.play.applyMove(
      game.id,
      "u1",
      game.version,
      { type: "claimStart" },
      theGame,
      other,
    );
    expect(result.ok).toBe(true);
  });

  it("refuses a player who is not seated, and an illegal move with the engine's reason", async () => {
    const store = await open();
    const game = await startedGame(store);
    expect(
      await store.play.applyMove(game.id, "intruder", game.version, { type: "claimStart" }, theGame),
    ).toMatchObject({
      ok: false,
      reason: "notSeated",
    });
    const illegal = await store.play.applyMove(game.id, "u1", game.version, { type: "endTurn" }, theGame);
    expect(illegal.ok).toBe(false);
    expect(!illegal.ok && illegal.reason).toBe("rule");
    expect((await store.games.getGame(game.id))!.version).toBe(game.version);
  });

  it("leaves the previous state when the move fails halfway through its writes, and names the write that failed", async () => {
    const store = await open();
    const game = await startedGame(store);
    // A conflicting move row makes the move row's insert fail after the game's update: on SQLite
    // the second write of its transaction, on PostgreSQL the second half of its one statement.
    await store
      .sql("INSERT INTO moves (game_id, seq, user_id, move, at) VALUES (?, ?, 'x', '{}', 0)")
      .run(game.id, game.version + 1);
    const before = await store.games.getGame(game.id);
    await expect(
      store.play.applyMove(game.id, "u1", game.version, { type: "claimStart" }, theGame),
    ).rejects.toThrow(
      onPostgres ? /unique constraint "moves_game_id_seq_key"/ : /UNIQUE constraint failed: moves/,
    );
    expect(await store.games.getGame(game.id)).toEqual(before);
  });

  it("a game's last move that fails halfway through its writes leaves the game active and records no result", async () => {
    const store = await open();
    let current = await startedGame(store);
    // Plays until the next move would end the game, then makes its move row's insert fail.
    for (;;) {
      const state = current.state as TheGameState;
      const actor = theGame.actors(state)[0]!;
      const moves = legalMoves(state, actor).filter((m) => m.type !== "signal");
      const move = moves.find((m) => m.type === "play") ?? moves[0]!;
      const judged = theGame.apply(state, actor, move);
      if (judged.ok && theGame.outcome(judged.state)) {
        await store
          .sql("INSERT INTO moves (game_id, seq, user_id, move, at) VALUES (?, ?, 'x', '{}', 0)")
          .run(current.id, current.version + 1);
        await expect(store.play.applyMove(current.id, actor, current.version, move, theGame)).rejects.toThrow(
          onPostgres ? /unique constraint/ : /UNIQUE constraint failed: moves/,
        );
        break;
      }
      const r = await store.play.applyMove(current.id, actor, current.version, move, theGame);
      if (!r.ok) throw new Error(`move refused: ${r.reason}`);
      current = r.game;
    }
    expect(await store.games.getGame(current.id)).toEqual(current);
    expect(await store.results.getResult(current.id)).toBeUndefined();
  });
});

describe("store: a person's preferences", () => {
  it("two changes of different fields made at once both stay: each writes its own fields only", async () => {
    const store = await open();
    await store.preferences.updateUserPrefs("u1", { dm: true, timeZone: "Europe/Amsterdam" });
    await Promise.all([
      store.preferences.updateUserPrefs("u1", { awayUntil: 5_000 }),
      store.preferences.updateUserPrefs("u1", { dmRefusedAt: 4_000, dmRefusedUntold: true }),
    ]);
    expect(await store.preferences.userPrefs("u1")).toMatchObject({
      dm: true,
      timeZone: "Europe/Amsterdam",
      awayUntil: 5_000,
      dmRefusedAt: 4_000,
      dmRefusedUntold: true,
    });
    // A field set back to nothing reads as its default.
    await store.preferences.updateUserPrefs("u1", { dmRefusedAt: null, quietHours: null });
    expect(await store.preferences.userPrefs("u1")).toMatchObject({
      dmRefusedAt: null,
      quietHours: null,
      dm: true,
    });
  });
});

describe("store: restart", () => {
  it("a game written, the database closed and reopened, continues exactly", async () => {
    const store = await open();
    const game = await startedGame(store);
    let current = game;
    for (let i = 0; i < 6; i++) {
      const state = current.state as TheGameState;
      const actor = theGame.actors(state)[0]!;
      const move = legalMoves(state, actor)[0] as TheGameMove;
      const r = await store.play.applyMove(current.id, actor, current.version, move, theGame);
      if (!r.ok) throw new Error(`move refused: ${r.reason}`);
      current = r.game;
    }
    await store.close();
    const reopened = await open();
    const loaded = (await reopened.games.getGame(game.id))!;
    expect(loaded).toEqual(current);
    // The same move sequence from the same seed gives the same state: nothing was lost.
    let replay = theGame.setup(["u1", "u2"], loaded.options, loaded.seed);
    for (const m of await reopened.play.moves(game.id)) {
      const r = theGame.apply(replay, m.userId, m.move as TheGameMove);
      if (!r.ok) throw new Error("replay refused");
      replay = r.state;
    }
    expect(replay).toEqual(loaded.state);
    const actor = theGame.actors(loaded.state as TheGameState)[0]!;
    const next = await reopened.play.applyMove(
      loaded.id,
      actor,
      loaded.version,
      legalMoves(loaded.state as TheGameState, actor)[0],
      theGame,
    );
    expect(next.ok).toBe(true);
  });

  it("counts the games being played by type: neither lobbies nor ended games", async () => {
    const store = await open();
    expect(await store.games.activeGamesByType()).toEqual(new Map());
    const playing = await startedGame(store);
    const ended = await store.play.startGame((await lobbyWithTwo(store, "c2")).id, "u1", theGame);
    if (!ended.ok) throw new Error("not started");
    await store.play.abandon(ended.game.id, { kind: "ended", by: "Ann" });
    await lobbyWithTwo(store, "c3");
    expect(await store.games.activeGamesByType()).toEqual(new Map([["thegame", 1]]));
    await store.play.abandon(playing.id, { kind: "ended", by: "Ann" });
    expect(await store.games.activeGamesByType()).toEqual(new Map());
  });

  it("records the result when a game ends, and when it is abandoned", async () => {
    const store = await open();
    const game = await startedGame(store);
    await store.play.abandon(game.id, { kind: "ended", by: "Ann" });
    const ended = (await store.games.getGame(game.id))!;
    expect(ended.status).toBe("abandoned");
    expect(ended.endReason).toEqual({ kind: "ended", by: "Ann" });
    expect(await store.results.getResult(game.id)).toMatchObject({
      status: "abandoned",
      summary: JSON.stringify({ kind: "ended", by: "Ann" }),
    });
  });

  it("records a finished game's outcome for every player", async () => {
    const store = await open();
    const game = await startedGame(store);
    let current = game;
    while (current.status === "active") {
      const state = current.state as TheGameState;
      const actor = theGame.actors(state)[0]!;
      // Plays a card whenever one can be played; signals would only toggle and never end the game.
      const moves = legalMoves(state, actor).filter((m) => m.type !== "signal");
      const move = moves.find((m) => m.type === "play") ?? moves[0]!;
      const r = await store.play.applyMove(current.id, actor, current.version, move, theGame);
      if (!r.ok) throw new Error(`move refused: ${r.reason}`);
      current = r.game;
    }
    expect(await store.games.getGame(game.id)).toEqual(current);
    const result = (await store.results.getResult(game.id))!;
    expect(result.status).toBe("finished");
    expect(result.players.map((p) => p.userId).sort()).toEqual(["u1", "u2"]);
    expect((await store.results.statsForUser("u1", { thegame: theGame.score }))[0]).toMatchObject({
      gameType: "thegame",
      played: 1,
    });
  });

  it.skipIf(onPostgres)("reports a database that cannot be opened with a clear error", async () => {
    const blocker = path.join(path.dirname(path.dirname(stores.location())), "file-not-folder");
    fs.writeFileSync(blocker, "x");
    await expect(Store.open(path.join(blocker, "bot.sqlite"), GAMES.engines())).rejects.toThrow(
      /cannot open the database/,
    );
  });
});

describe("store: transactions", () => {
  it("a commit that fails writes nothing, and later transactions still nest: an inner one that fails undoes only itself", async () => {
    const store = await open();
    await store.sql("CREATE TABLE parents (id INTEGER PRIMARY KEY)").run();
    await store
      .sql("CREATE TABLE children (parent_id INTEGER REFERENCES parents (id) DEFERRABLE INITIALLY DEFERRED)")
      .run();
    // The missing parent is found only at the commit: the insert itself goes through.
    let inserted = false;
    await expect(
      store.transaction(async (tx) => {
        await tx.sql("INSERT INTO children (parent_id) VALUES (?)").run(1);
        inserted = true;
      }),
    ).rejects.toThrow(/foreign key/i);
    expect(inserted).toBe(true);
    expect(await store.sql("SELECT COUNT(*) AS n FROM children").get()).toEqual({ n: 0 });
    await store.transaction(async (tx) => {
      await tx.sql("INSERT INTO parents (id) VALUES (?)").run(1);
      await expect(
        tx.transaction(async (inner) => {
          await inner.sql("INSERT INTO parents (id) VALUES (?)").run(2);
          throw new Error("the inner change fails");
        }),
      ).rejects.toThrow("the inner change fails");
      // The outer transaction goes on, with its own change and without the inner one's.
      expect(await tx.sql("SELECT id FROM parents ORDER BY id").all()).toEqual([{ id: 1 }]);
    });
    expect(await store.sql("SELECT id FROM parents ORDER BY id").all()).toEqual([{ id: 1 }]);
  });

  it("an outer transaction that fails undoes the inner ones it had let through", async () => {
    const store = await open();
    await store.sql("CREATE TABLE parents (id INTEGER PRIMARY KEY)").run();
    await expect(
      store.transaction(async (tx) => {
        await tx.sql("INSERT INTO parents (id) VALUES (?)").run(1);
        await tx.transaction(async (inner) => {
          await inner.sql("INSERT INTO parents (id) VALUES (?)").run(2);
        });
        throw new Error("the outer change fails");
      }),
    ).rejects.toThrow("the outer change fails");
    expect(await store.sql("SELECT id FROM parents ORDER BY id").all()).toEqual([]);
  });
});

describe("store: server names", () => {
  it("a server's name recorded by the shard serving it is read by another store on the same database, renamed in place", async () => {
    const serving = await open();
    const other = await open();
    expect(await other.preferences.guildName("g1")).toBeNull();
    await serving.preferences.saveGuildNames([
      { id: "g1", name: "Card Club" },
      { id: "g2", name: "Night Owls" },
    ]);
    expect(await other.preferences.guildName("g1")).toBe("Card Club");
    await serving.preferences.saveGuildNames([{ id: "g1", name: "Card Club & Friends" }]);
    expect([await other.preferences.guildName("g1"), await other.preferences.guildName("g2")]).toEqual([
      "Card Club & Friends",
      "Night Owls",
    ]);
  });
});

describe("store: private panels", () => {
  it("keeps each seat's newest panel across a restart and hands out, once, those still editable", async () => {
    let clock = 1_000_000;
    const store = await open({ now: () => clock });
    const game = await startedGame(store);
    await store.messages.setPanel(game.id, "u1", { token: "old-ann", locale: "en" });
    clock += 60_000;
    await store.messages.setPanel(game.id, "u1", { token: "new-ann", locale: "nl" });
    clock += 10 * 60_000;
    await store.messages.setPanel(game.id, "u2", { token: "bob", locale: "en" });
    await store.close();
    const reopened = await open({ now: () => clock });
    // Ann's panel was shown 10 minutes before Bob's: only Bob's is newer than the cut-off.
    expect(await reopened.messages.takePanels(game.id, clock - 5 * 60_000)).toEqual([
      { seatId: "u2", token: "bob", locale: "en" },
    ]);
    expect(await reopened.messages.takePanels(game.id, 0)).toEqual([]);
  });

  it("hands out only the newest panel of a seat", async () => {
    const store = await open();
    const game = await startedGame(store);
    await store.messages.setPanel(game.id, "u1", { token: "first", locale: "en" });
    await store.messages.setPanel(game.id, "u1", { token: "second", locale: "nl" });
    expect(await store.messages.takePanels(game.id, 0)).toEqual([
      { seatId: "u1", token: "second", locale: "nl" },
    ]);
  });

  it("two hosts taking a game's panels at once hand each panel out once", async () => {
    const store = await open();
    const other = await open();
    const game = await startedGame(store);
    await store.messages.setPanel(game.id, "u1", { token: "ann", locale: "en" });
    await store.messages.setPanel(game.id, "u2", { token: "bob", locale: "en" });
    const taken = await Promise.all([
      store.messages.takePanels(game.id, 0),
      other.messages.takePanels(game.id, 0),
    ]);
    expect(
      taken
        .flat()
        .map((p) => p.token)
        .sort(),
    ).toEqual(["ann", "bob"]);
  });
});
