import { beforeEach, describe, expect, it } from "vitest";
import { defineGame, type GameEngine, type PlayerId } from "../../src/engine/core/game.js";
import { GAMES } from "../../src/games/index.js";
import { stapelen } from "../../src/games/stapelen/engine/index.js";
import { type GameRecord, Store } from "../../src/store/store.js";
import { freshStoreLocation } from "../support/storeDatabase.js";

let location: string;

beforeEach(async () => {
  location = await freshStoreLocation();
});

function startStacking(
  store: Store,
  engine: GameEngine<unknown, unknown, unknown, unknown> = stapelen as never,
): GameRecord {
  const created = store.createLobby({
    guildId: "g1",
    channelId: "c1",
    gameType: "stapelen",
    options: {},
    seed: 7,
    host: { userId: "u1", displayName: "Ann" },
  });
  if (!created.ok) throw new Error("lobby not created");
  store.joinLobby(created.game.id, { userId: "u2", displayName: "Bob" }, 2);
  const started = store.startGame(created.game.id, "u1", engine);
  if (!started.ok) throw new Error("not started");
  return started.game;
}

/** One legal move of whoever must act, through the store. */
function playOne(store: Store, game: GameRecord, engine: GameEngine<unknown, unknown, unknown, unknown>) {
  const actor = engine.actors(game.state)[0] as PlayerId;
  const move = engine.legalMoves(game.state, actor)[0];
  const result = store.applyMove(game.id, actor, game.version, move, engine);
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
  it("a state written by today's code loads under a bumped version through its migration, and play goes on", () => {
    const today = new Store(location, GAMES.engines());
    const game = playOne(today, startStacking(today), stapelen as never);
    today.close();

    const later = new Store(location, { ...GAMES.engines(), stapelen: stackingV2 as never });
    const loaded = later.getGame(game.id)!;
    expect(loaded.state).toEqual({ rules: game.state, notes: ["migrated from 1"] });
    const next = playOne(later, loaded, stackingV2 as never);
    expect(next.version).toBe(game.version + 1);
    const row = later.sql("SELECT state_version AS v, state FROM games WHERE id = ?").get(game.id) as {
      v: number;
      state: string;
    };
    expect(row.v).toBe(2);
    expect(JSON.parse(row.state).notes).toEqual(["migrated from 1"]);
    later.close();
  });

  it("every game is stored with the state version of the code that wrote it", () => {
    const store = new Store(location, GAMES.engines());
    const game = startStacking(store);
    const row = store.sql("SELECT state_version AS v FROM games WHERE id = ?").get(game.id) as {
      v: number;
    };
    expect(row.v).toBe(stapelen.stateVersion);
    store.close();
  });

  it("a state newer than the code is refused with a clear error, never misread", () => {
    const later = new Store(location, { ...GAMES.engines(), stapelen: stackingV2 as never });
    const game = startStacking(later, stackingV2 as never);
    later.close();
    const today = new Store(location, GAMES.engines());
    expect(() => today.getGame(game.id)).toThrow(/cannot read state version 2/);
    // Listings leave it out instead of failing for every other game.
    expect(today.gamesWithTableBehind()).toEqual([]);
    expect(today.unreadable.get(game.id)).toMatch(/cannot read state version 2/);
    today.close();
  });
});

describe("best scores the right way round", () => {
  it("a higher-is-better game's best is its highest score; a lower-is-better game's its lowest", () => {
    const store = new Store(location, GAMES.engines());
    const insert = (gameId: number, gameType: string, score: number) => {
      store
        .sql(
          "INSERT INTO games (id, guild_id, channel_id, game_type, options, seed, status, host_id, created_at, updated_at) VALUES (?, 'g', ?, ?, '{}', 1, 'finished', 'u1', 0, 0)",
        )
        .run(gameId, `c${gameId}`, gameType);
      store
        .sql(
          "INSERT INTO results (game_id, game_type, guild_id, status, score, summary, finished_at) VALUES (?, ?, 'g', 'finished', ?, '', 0)",
        )
        .run(gameId, gameType, score);
      store
        .sql("INSERT INTO result_players (game_id, user_id, result, score) VALUES (?, 'u1', 'loss', ?)")
        .run(gameId, score);
    };
    insert(1, "twelves", 13);
    insert(2, "twelves", 11);
    insert(3, "thegame", 4);
    insert(4, "thegame", 9);
    const stats = store.statsForUser("u1", {
      twelves: { better: "higher", unitKey: "x" },
      thegame: { better: "lower", unitKey: "y" },
    });
    expect(stats.find((s) => s.gameType === "twelves")?.best).toBe(13);
    expect(stats.find((s) => s.gameType === "thegame")?.best).toBe(4);
    store.close();
  });
});

describe("tables behind their game", () => {
  it("lists a started game whose table message shows an older version, and no longer once it is shown", () => {
    const store = new Store(location, GAMES.engines());
    const game = startStacking(store);
    expect(store.gamesWithTableBehind().map((g) => g.id)).toEqual([game.id]);
    store.setMessage(game.id, "table", "c1", "m1", game.version);
    expect(store.gamesWithTableBehind()).toEqual([]);
    const moved = playOne(store, game, stapelen as never);
    expect(store.gamesWithTableBehind().map((g) => g.version)).toEqual([moved.version]);
    store.setMessage(game.id, "table", "c1", "m2", moved.version);
    expect(store.gamesWithTableBehind()).toEqual([]);
    store.close();
  });

  it("an ended game whose last table was never posted is listed too, a closed lobby never", () => {
    const store = new Store(location, GAMES.engines());
    const game = startStacking(store);
    store.setMessage(game.id, "table", "c1", "m1", game.version);
    store.abandon(game.id, { kind: "left", by: "Bob" });
    expect(store.gamesWithTableBehind().map((g) => g.endReason)).toEqual([{ kind: "left", by: "Bob" }]);
    const lobby = store.createLobby({
      guildId: "g1",
      channelId: "c2",
      gameType: "stapelen",
      options: {},
      seed: 1,
      host: { userId: "u3", displayName: "Cy" },
    });
    if (lobby.ok) store.abandon(lobby.game.id, { kind: "ended", by: "Cy" });
    expect(store.gamesWithTableBehind()).toHaveLength(1);
    store.close();
  });
});

describe("listings for one shard's guilds", () => {
  function startIn(store: Store, guildId: string, channelId: string, players: string[] = ["u1", "u2"]) {
    const created = store.createLobby({
      guildId,
      channelId,
      gameType: "stapelen",
      options: {},
      seed: 3,
      host: { userId: players[0]!, displayName: players[0]! },
    });
    if (!created.ok) throw new Error("lobby not created");
    for (const p of players.slice(1)) store.joinLobby(created.game.id, { userId: p, displayName: p }, 2);
    const started = store.startGame(created.game.id, players[0]!, stapelen as never);
    if (!started.ok) throw new Error("not started");
    return started.game;
  }

  it("tables behind are listed only for the guilds asked for; none for no guild, every guild's when omitted", () => {
    const store = new Store(location, GAMES.engines());
    const a = startIn(store, "g1", "c1");
    const b = startIn(store, "g2", "c2");
    const c = startIn(store, "g3", "c3");
    expect(store.gamesWithTableBehind(["g1", "g3"]).map((g) => g.id)).toEqual([a.id, c.id]);
    expect(store.gamesWithTableBehind(["g2"]).map((g) => g.id)).toEqual([b.id]);
    expect(store.gamesWithTableBehind(["elsewhere"])).toEqual([]);
    expect(store.gamesWithTableBehind([])).toEqual([]);
    expect(store.gamesWithTableBehind().map((g) => g.id)).toEqual([a.id, b.id, c.id]);
    store.close();
  });

  it("games to plan are listed only for the guilds asked for, and once per version", () => {
    const store = new Store(location, GAMES.engines());
    const a = startIn(store, "g1", "c1");
    const b = startIn(store, "g2", "c2");
    expect(store.gamesToPlan(["g1"]).map((g) => g.id)).toEqual([a.id]);
    expect(store.gamesToPlan(["g2", "g9"]).map((g) => g.id)).toEqual([b.id]);
    expect(store.gamesToPlan([])).toEqual([]);
    expect(store.gamesToPlan().map((g) => g.id)).toEqual([a.id, b.id]);
    store.markPlanned(a.id, a.version);
    expect(store.gamesToPlan(["g1", "g2"]).map((g) => g.id)).toEqual([b.id]);
    const moved = playOne(store, a, stapelen as never);
    expect(store.gamesToPlan(["g1"]).map((g) => g.id)).toEqual([moved.id]);
    store.close();
  });

  it("walked a page or a span at a time, the listings give every game once, beyond the first page too", () => {
    const store = new Store(location, GAMES.engines());
    const games = Array.from({ length: 5 }, (_, i) => startIn(store, i % 2 ? "g2" : "g1", `c${i}`));
    const walkPages = (list: (page: { after: number; limit: number }) => number[]) => {
      const seen: number[] = [];
      for (
        let page = list({ after: 0, limit: 2 });
        page.length > 0;
        page = list({ after: page.at(-1)!, limit: 2 })
      )
        seen.push(...page);
      return seen;
    };
    const ids = games.map((g) => g.id);
    expect(walkPages((page) => store.gamesToPlan(["g1", "g2"], page).map((g) => g.id))).toEqual(ids);
    expect(walkPages((page) => store.gamesToPlan(["g2"], page).map((g) => g.id))).toEqual([ids[1], ids[3]]);
    const spans = [0, 2, 4].map((after) =>
      store.gamesWithTableBehind(["g1", "g2"], { after, upTo: after + 2 }).map((g) => g.id),
    );
    expect(spans).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(4)]);
    expect(store.lastGameId()).toBe(ids.at(-1));
    store.close();
  });

  it("a timed thing is owed once per seat, kind and version: it is claimed once, and scheduling it again after it was handled changes nothing", () => {
    let now = 1_000_000;
    const store = new Store(location, GAMES.engines(), { now: () => now });
    const a = startIn(store, "g1", "c1");
    const b = startIn(store, "g2", "c2");
    const row = {
      gameId: a.id,
      guildId: "g1",
      seatId: "u1",
      kind: "reminder" as const,
      version: a.version,
      dueAt: now + 10,
    };
    store.schedule([row, { ...row, gameId: b.id, guildId: "g2", dueAt: now + 20 }]);
    expect(store.dueBy(now)).toEqual([]);
    expect(store.nextDueAt(["g1"])).toBe(now + 10);
    expect(store.nextDueAt(["g2"])).toBe(now + 20);
    now += 30;
    expect(store.dueBy(now, ["g1"])).toEqual([row]);
    expect(store.dueBy(now, [])).toEqual([]);
    // Claimed once: of two processes that found it due, only the first is told to send it.
    expect(store.markDone(row)).toBe(true);
    expect(store.markDone(row)).toBe(false);
    store.schedule([{ ...row, dueAt: now }]);
    expect(store.dueBy(now, ["g1"])).toEqual([]);
    expect(store.nextDueAt(["g1"])).toBeNull();
    store.close();
  });

  it("a held-back timed thing falls due at its new time; older versions' are forgotten", () => {
    const now = 1_000_000;
    const store = new Store(location, GAMES.engines(), { now: () => now });
    const a = startIn(store, "g1", "c1");
    const old = {
      gameId: a.id,
      guildId: "g1",
      seatId: "u1",
      kind: "timer" as const,
      version: a.version,
      dueAt: now,
    };
    store.schedule([old]);
    store.postpone(old, now + 500);
    expect(store.dueBy(now)).toEqual([]);
    expect(store.dueBy(now + 500)).toEqual([{ ...old, dueAt: now + 500 }]);
    store.pruneDue(a.id, a.version + 1);
    expect(store.dueBy(now + 500)).toEqual([]);
    store.close();
  });

  it("a listing's records, players included, are the same as each game read on its own", () => {
    const store = new Store(location, GAMES.engines());
    startIn(store, "g1", "c1", ["u1", "u2"]);
    startIn(store, "g1", "c2", ["u3", "u1"]);
    startIn(store, "g2", "c3", ["u4", "u5"]);
    const listed = store.gamesWithTableBehind(["g1", "g2"]);
    expect(listed.map((g) => g.players.map((p) => p.userId))).toEqual([
      ["u1", "u2"],
      ["u3", "u1"],
      ["u4", "u5"],
    ]);
    for (const game of listed) expect(game).toEqual(store.getGame(game.id));
    expect(
      store
        .openGamesForUser("u1")
        .map((g) => g.channelId)
        .sort(),
    ).toEqual(["c1", "c2"]);
    for (const game of store.openGamesForUser("u1")) expect(game).toEqual(store.getGame(game.id));
    store.close();
  });

  it("the record a move returns is the game as stored, to its last move", () => {
    const store = new Store(location, GAMES.engines());
    let game = startIn(store, "g1", "c1");
    while (game.status === "active") {
      game = playOne(store, game, stapelen as never);
      expect(game).toEqual(store.getGame(game.id));
    }
    expect(game.endReason).toEqual({ kind: "finished" });
    store.close();
  });
});
