import { describe, expect, it } from "vitest";
import { defineGame, type GameEngine, type PlayerId } from "../../src/engine/core/game.js";
import { GAMES } from "../../src/games/index.js";
import { stapelen } from "../../src/games/stapelen/engine/index.js";
import type { GameRecord, Store } from "../../src/store/store.js";
import { storesPerTest } from "../support/storeDatabase.js";
import { openLobby } from "../support/storeGames.js";

const { open } = storesPerTest();

async function startStacking(
  store: Store,
  engine: GameEngine<unknown, unknown, unknown, unknown> = stapelen as never,
): Promise<GameRecord> {
  const created = await openLobby(store, { gameType: "stapelen", seed: 7 });
  await store.seats.joinLobby(created.id, { userId: "u2", displayName: "Bob" }, 2);
  const started = await store.play.startGame(created.id, "u1", engine);
  if (!started.ok) throw new Error("not started");
  return started.game;
}

/** One legal move of whoever must act, through the store. */
async function playOne(
  store: Store,
  game: GameRecord,
  engine: GameEngine<unknown, unknown, unknown, unknown>,
): Promise<GameRecord> {
  const actor = engine.actors(game.state)[0] as PlayerId;
  const move = engine.legalMoves(game.state, actor)[0];
  const result = await store.play.applyMove(game.id, actor, game.version, move, engine);
  if (!result.ok) throw new Error(`move refused: ${result.reason}`);
  return result.game;
}

type StapelenState = ReturnType<typeof stapelen.setup>;
/** Version 2 of Stacking's state, as a later release might write it: the old state inside an envelope. */
interface Enveloped {
  rules: StapelenState;
  notes: string[];
}

/** Stacking as a release that bumped the state version to 2, with a migration from 1. */
const stackingV2 = defineGame<Enveloped, unknown, unknown, unknown>({
  id: "stapelen",
  minPlayers: 2,
  maxPlayers: 2,
  options: [],
  score: stapelen.score,
  stateVersion: 2,
  migrate(old, fromVersion) {
    if (fromVersion !== 1) throw new Error(`no migration from ${fromVersion}`);
    return { rules: old as StapelenState, notes: ["migrated from 1"] };
  },
  setup: (players, options, seed) => ({ rules: stapelen.setup(players, options, seed), notes: [] }),
  players: (s) => s.rules.players,
  actors: (s) => stapelen.actors(s.rules),
  parseMove: (m) => stapelen.parseMove(m),
  legalMoves: (s, p) => stapelen.legalMoves(s.rules, p),
  applyMove(s, player, move) {
    const result = stapelen.apply(s.rules, player, move);
    return result.ok ? { ...result, state: { rules: result.state, notes: s.notes } } : result;
  },
  publicView: (s) => stapelen.publicView(s.rules),
  privateView: (s, p) => stapelen.privateView(s.rules, p),
  outcome: (s) => stapelen.outcome(s.rules),
});

describe("state versions", () => {
  it("a state written by today's code loads under a bumped version through its migration, and play goes on", async () => {
    const today = await open();
    const game = await playOne(today, await startStacking(today), stapelen as never);
    await today.close();

    const later = await open({ engines: { ...GAMES.engines(), stapelen: stackingV2 as never } });
    const loaded = (await later.games.getGame(game.id))!;
    expect(loaded.state).toEqual({ rules: game.state, notes: ["migrated from 1"] });
    const next = await playOne(later, loaded, stackingV2 as never);
    expect(next.version).toBe(game.version + 1);
    const row = (await later
      .sql("SELECT state_version AS v, state FROM games WHERE id = ?")
      .get(game.id)) as {
      v: number;
      state: string;
    };
    expect(row.v).toBe(2);
    expect(JSON.parse(row.state).notes).toEqual(["migrated from 1"]);
  });

  it("every game is stored with the state version of the code that wrote it", async () => {
    const store = await open();
    const game = await startStacking(store);
    const row = (await store.sql("SELECT state_version AS v FROM games WHERE id = ?").get(game.id)) as {
      v: number;
    };
    expect(row.v).toBe(stapelen.stateVersion);
  });

  it("a state newer than the code is refused with a clear error, never misread", async () => {
    const later = await open({ engines: { ...GAMES.engines(), stapelen: stackingV2 as never } });
    const game = await startStacking(later, stackingV2 as never);
    await later.close();
    const today = await open();
    await expect(today.games.getGame(game.id)).rejects.toThrow(/cannot read state version 2/);
    // Listings leave it out instead of failing for every other game.
    expect(await today.messages.gamesWithTableBehind()).toEqual([]);
    expect(today.games.unreadable.get(game.id)).toMatch(/cannot read state version 2/);
  });
});

describe("best scores the right way round", () => {
  it("a higher-is-better game's best is its highest score; a lower-is-better game's its lowest", async () => {
    const store = await open();
    const insert = async (gameId: number, gameType: string, score: number) => {
      await store
        .sql(
          "INSERT INTO games (id, guild_id, channel_id, game_type, options, seed, status, host_id, created_at, updated_at) VALUES (?, 'g', ?, ?, '{}', 1, 'finished', 'u1', 0, 0)",
        )
        .run(gameId, `c${gameId}`, gameType);
      await store
        .sql(
          "INSERT INTO results (game_id, game_type, guild_id, status, score, summary, finished_at) VALUES (?, ?, 'g', 'finished', ?, '', 0)",
        )
        .run(gameId, gameType, score);
      await store
        .sql("INSERT INTO result_players (game_id, user_id, result, score) VALUES (?, 'u1', 'loss', ?)")
        .run(gameId, score);
    };
    await insert(1, "twelves", 13);
    await insert(2, "twelves", 11);
    await insert(3, "thegame", 4);
    await insert(4, "thegame", 9);
    const stats = await store.results.statsForUser("u1", {
      twelves: { better: "higher", unitKey: "x" },
      thegame: { better: "lower", unitKey: "y" },
    });
    expect(stats.find((s) => s.gameType === "twelves")?.best).toBe(13);
    expect(stats.find((s) => s.gameType === "thegame")?.best).toBe(4);
  });
});

describe("tables behind their game", () => {
  it("lists a started game whose table message shows an older version, and no longer once it is shown", async () => {
    const store = await open();
    const game = await startStacking(store);
    expect((await store.messages.gamesWithTableBehind()).map((g) => g.id)).toEqual([game.id]);
    await store.messages.setMessage(game.id, "table", "c1", "m1", game.version);
    expect(await store.messages.gamesWithTableBehind()).toEqual([]);
    const moved = await playOne(store, game, stapelen as never);
    expect((await store.messages.gamesWithTableBehind()).map((g) => g.version)).toEqual([moved.version]);
    await store.messages.setMessage(game.id, "table", "c1", "m2", moved.version);
    expect(await store.messages.gamesWithTableBehind()).toEqual([]);
  });

  it("an ended game whose last table was never posted is listed too, a closed lobby never", async () => {
    const store = await open();
    const game = await startStacking(store);
    await store.messages.setMessage(game.id, "table", "c1", "m1", game.version);
    await store.play.abandon(game.id, { kind: "left", by: "Bob" });
    expect((await store.messages.gamesWithTableBehind()).map((g) => g.endReason)).toEqual([
      { kind: "left", by: "Bob" },
    ]);
    const lobby = await openLobby(store, {
      channelId: "c2",
      gameType: "stapelen",
      seed: 1,
      host: { userId: "u3", displayName: "Cy" },
    });
    await store.play.abandon(lobby.id, { kind: "ended", by: "Cy" });
    expect(await store.messages.gamesWithTableBehind()).toHaveLength(1);
  });
});

describe("listings for one shard's guilds", () => {
  async function startIn(store: Store, guildId: string, channelId: string, players: string[] = ["u1", "u2"]) {
    const created = await openLobby(store, {
      guildId,
      channelId,
      gameType: "stapelen",
      seed: 3,
      host: { userId: players[0]!, displayName: players[0]! },
    });
    for (const p of players.slice(1))
      await store.seats.joinLobby(created.id, { userId: p, displayName: p }, 2);
    const started = await store.play.startGame(created.id, players[0]!, stapelen as never);
    if (!started.ok) throw new Error("not started");
    return started.game;
  }

  it("tables behind are listed only for the guilds asked for; none for no guild, every guild's when omitted", async () => {
    const store = await open();
    const a = await startIn(store, "g1", "c1");
    const b = await startIn(store, "g2", "c2");
    const c = await startIn(store, "g3", "c3");
    const ids = async (guildIds?: string[]) =>
      (await store.messages.gamesWithTableBehind(guildIds)).map((g) => g.id);
    expect(await ids(["g1", "g3"])).toEqual([a.id, c.id]);
    expect(await ids(["g2"])).toEqual([b.id]);
    expect(await ids(["elsewhere"])).toEqual([]);
    expect(await ids([])).toEqual([]);
    expect(await ids()).toEqual([a.id, b.id, c.id]);
  });

  it("games to plan are listed only for the guilds asked for, and once per version", async () => {
    const store = await open();
    const a = await startIn(store, "g1", "c1");
    const b = await startIn(store, "g2", "c2");
    const ids = async (guildIds?: string[]) => (await store.due.gamesToPlan(guildIds)).map((g) => g.id);
    expect(await ids(["g1"])).toEqual([a.id]);
    expect(await ids(["g2", "g9"])).toEqual([b.id]);
    expect(await ids([])).toEqual([]);
    expect(await ids()).toEqual([a.id, b.id]);
    await store.due.markPlanned(a.id, a.version);
    expect(await ids(["g1", "g2"])).toEqual([b.id]);
    const moved = await playOne(store, a, stapelen as never);
    expect(await ids(["g1"])).toEqual([moved.id]);
  });

  it("walked a page or a span at a time, the listings give every game once, beyond the first page too", async () => {
    const store = await open();
    const games: GameRecord[] = [];
    for (let i = 0; i < 5; i++) games.push(await startIn(store, i % 2 ? "g2" : "g1", `c${i}`));
    const walkPages = async (list: (page: { after: number; limit: number }) => Promise<number[]>) => {
      const seen: number[] = [];
      for (
        let page = await list({ after: 0, limit: 2 });
        page.length > 0;
        page = await list({ after: page.at(-1)!, limit: 2 })
      )
        seen.push(...page);
      return seen;
    };
    const ids = games.map((g) => g.id);
    const toPlan = (guildIds: string[]) => async (page: { after: number; limit: number }) =>
      (await store.due.gamesToPlan(guildIds, page)).map((g) => g.id);
    expect(await walkPages(toPlan(["g1", "g2"]))).toEqual(ids);
    expect(await walkPages(toPlan(["g2"]))).toEqual([ids[1], ids[3]]);
    const spans: number[][] = [];
    for (const after of [0, 2, 4])
      spans.push(
        (await store.messages.gamesWithTableBehind(["g1", "g2"], { after, upTo: after + 2 })).map(
          (g) => g.id,
        ),
      );
    expect(spans).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(4)]);
    expect(await store.games.lastGameId()).toBe(ids.at(-1));
  });

  it("a timed thing is owed once per seat, kind and version: it is claimed once, and scheduling it again after it was handled changes nothing", async () => {
    let now = 1_000_000;
    const store = await open({ now: () => now });
    const a = await startIn(store, "g1", "c1");
    const b = await startIn(store, "g2", "c2");
    const row = {
      gameId: a.id,
      guildId: "g1",
      seatId: "u1",
      kind: "reminder" as const,
      version: a.version,
      dueAt: now + 10,
    };
    await store.due.schedule([row, { ...row, gameId: b.id, guildId: "g2", dueAt: now + 20 }]);
    expect(await store.due.dueBy(now)).toEqual([]);
    expect(await store.due.nextDueAt(["g1"])).toBe(now + 10);
    expect(await store.due.nextDueAt(["g2"])).toBe(now + 20);
    now += 30;
    expect(await store.due.dueBy(now, ["g1"])).toEqual([row]);
    expect(await store.due.dueBy(now, [])).toEqual([]);
    // Claimed once: of two processes that found it due, only the first is told to send it.
    expect(await store.due.markDone(row)).toBe(true);
    expect(await store.due.markDone(row)).toBe(false);
    await store.due.schedule([{ ...row, dueAt: now }]);
    expect(await store.due.dueBy(now, ["g1"])).toEqual([]);
    expect(await store.due.nextDueAt(["g1"])).toBeNull();
  });

  it("a held-back timed thing falls due at its new time; older versions' are forgotten", async () => {
    const now = 1_000_000;
    const store = await open({ now: () => now });
    const a = await startIn(store, "g1", "c1");
    const old = {
      gameId: a.id,
      guildId: "g1",
      seatId: "u1",
      kind: "timer" as const,
      version: a.version,
      dueAt: now,
    };
    await store.due.schedule([old]);
    await store.due.postpone(old, now + 500);
    expect(await store.due.dueBy(now)).toEqual([]);
    expect(await store.due.dueBy(now + 500)).toEqual([{ ...old, dueAt: now + 500 }]);
    await store.due.pruneDue(a.id, a.version + 1);
    expect(await store.due.dueBy(now + 500)).toEqual([]);
  });

  it("a listing's records, players included, are the same as each game read on its own", async () => {
    const store = await open();
    await startIn(store, "g1", "c1", ["u1", "u2"]);
    await startIn(store, "g1", "c2", ["u3", "u1"]);
    await startIn(store, "g2", "c3", ["u4", "u5"]);
    const listed = await store.messages.gamesWithTableBehind(["g1", "g2"]);
    expect(listed.map((g) => g.players.map((p) => p.userId))).toEqual([
      ["u1", "u2"],
      ["u3", "u1"],
      ["u4", "u5"],
    ]);
    for (const game of listed) expect(game).toEqual(await store.games.getGame(game.id));
    const forU1 = await store.games.openGamesForUser("u1");
    expect(forU1.map((g) => g.channelId).sort()).toEqual(["c1", "c2"]);
    for (const game of forU1) expect(game).toEqual(await store.games.getGame(game.id));
  });

  it("the record a move returns is the game as stored, to its last move", async () => {
    const store = await open();
    let game = await startIn(store, "g1", "c1");
    while (game.status === "active") {
      game = await playOne(store, game, stapelen as never);
      expect(game).toEqual(await store.games.getGame(game.id));
    }
    expect(game.endReason).toEqual({ kind: "finished" });
  });
});
