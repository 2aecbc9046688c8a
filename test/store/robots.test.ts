import { beforeEach, describe, expect, it } from "vitest";
import { theGame } from "../../src/games/thegame/engine/index.js";
import type { TheGameState } from "../../src/games/thegame/engine/types.js";
import type { GameRecord, Store } from "../../src/store/store.js";
import { storesPerTest } from "../support/storeDatabase.js";
import { ok, openLobby, playOutTheGame, THE_GAME_OPTIONS } from "../support/storeGames.js";

const stores = storesPerTest();
let store: Store;
beforeEach(async () => {
  store = await stores.open();
});

const lobby = () => openLobby(store, { gameType: "thegame", options: THE_GAME_OPTIONS, seed: 7 });

const playOut = (game: GameRecord) => playOutTheGame(store, game);

describe("robot seats in the store", () => {
  it("a robot seat has its own kind and id, not a Discord user id, and a clear name", async () => {
    const game = (await ok(store.seats.addRobot((await lobby()).id, "u1", theGame.maxPlayers))).game;
    expect(game.players[1]).toEqual({
      seat: 1,
      userId: "bot:1",
      memberId: null,
      displayName: "🤖 Bot 1",
      kind: "bot",
      standsInFor: null,
    });
  });

  it("only the host adds or removes robots, up to the game's seat limit", async () => {
    const id = (await lobby()).id;
    expect(
      (await ok(store.seats.joinLobby(id, { userId: "u2", displayName: "Bob" }, 5))).game.players,
    ).toHaveLength(2);
    expect(await store.seats.addRobot(id, "u2", 5)).toEqual({ ok: false, reason: "notHost" });
    for (let i = 0; i < 3; i++) await ok(store.seats.addRobot(id, "u1", 5));
    expect(await store.seats.addRobot(id, "u1", 5)).toEqual({ ok: false, reason: "full" });
    expect(await store.seats.removeRobot(id, "u2")).toEqual({ ok: false, reason: "notHost" });
    const removed = (await ok(store.seats.removeRobot(id, "u1"))).game;
    expect(removed.players.map((p) => p.displayName)).toEqual(["Ann", "Bob", "🤖 Bot 1", "🤖 Bot 2"]);
    expect(removed.players.map((p) => p.seat)).toEqual([0, 1, 2, 3]);
  });

  it("removing a robot when there is none is refused", async () => {
    expect(await store.seats.removeRobot((await lobby()).id, "u1")).toEqual({ ok: false, reason: "noRobot" });
  });

  it("a lobby the last person leaves closes, even with robots seated; the host role passes to a person", async () => {
    const id = (await lobby()).id;
    await ok(store.seats.addRobot(id, "u1", 5));
    await ok(store.seats.joinLobby(id, { userId: "u2", displayName: "Bob" }, 5));
    expect((await ok(store.seats.leaveLobby(id, "u1"))).game.hostId).toBe("u2");
    expect((await ok(store.seats.leaveLobby(id, "u2"))).game.status).toBe("abandoned");
  });

  it("a robot seat starts the game with the people and moves through the same store path", async () => {
    const id = (await lobby()).id;
    await ok(store.seats.addRobot(id, "u1", 5));
    const game = (await ok(store.play.startGame(id, "u1", theGame))).game;
    expect((game.state as TheGameState).players).toEqual(["u1", "bot:1"]);
    const claim = await store.play.applyMove(id, "bot:1", game.version, { type: "claimStart" }, theGame);
    expect(claim.ok).toBe(true);
    expect(await store.games.activeGameIdsWithRobots()).toEqual([id]);
    expect(await store.games.activeGameIdsWithRobots(undefined, { after: id - 1, limit: 1 })).toEqual([id]);
    expect(await store.games.activeGameIdsWithRobots(undefined, { after: id, limit: 1 })).toEqual([]);
  });

  it("a pure robot game's result credits no robot, and is marked as played with robots", async () => {
    const id = (await lobby()).id;
    await ok(store.seats.addRobot(id, "u1", 5));
    await playOut((await ok(store.play.startGame(id, "u1", theGame))).game);
    expect((await store.results.getResult(id))?.players.map((p) => p.userId)).toEqual(["u1"]);
    expect((await store.results.statsForUser("u1", { thegame: theGame.score }))[0]).toMatchObject({
      played: 1,
      withRobots: 1,
    });
  });
});

describe("standing in", () => {
  async function activeWithTwo(): Promise<GameRecord> {
    const id = (await lobby()).id;
    await ok(store.seats.joinLobby(id, { userId: "u2", displayName: "Bob" }, 5));
    return (await ok(store.play.startGame(id, "u1", theGame))).game;
  }

  it("a robot takes the leaver's seat, keeps its id for the engine, and says whom it stands in for", async () => {
    const game = (await ok(store.seats.standIn((await activeWithTwo()).id, "u2"))).game;
    expect(game.players[1]).toEqual({
      seat: 1,
      userId: "u2",
      memberId: null,
      displayName: "🤖 Bot 1",
      kind: "bot",
      standsInFor: "Bob",
    });
    expect(game.status).toBe("active");
    expect(await store.games.openGamesForUser("u2")).toEqual([]);
  });

  it("the host who leaves passes the host role to a person", async () => {
    expect((await ok(store.seats.standIn((await activeWithTwo()).id, "u1"))).game.hostId).toBe("u2");
  });

  it("the last person cannot hand the game to robots alone", async () => {
    const game = await activeWithTwo();
    await ok(store.seats.standIn(game.id, "u2"));
    expect(await store.seats.standIn(game.id, "u1")).toEqual({ ok: false, reason: "noRobots" });
  });

  it("the leaver's stats count the game as left; the game's result is marked as played with robots", async () => {
    const game = (await ok(store.seats.standIn((await activeWithTwo()).id, "u2"))).game;
    await playOut(game);
    const result = await store.results.getResult(game.id);
    expect(result?.players.find((p) => p.userId === "u2")).toMatchObject({ result: "left", score: null });
    expect((await store.results.statsForUser("u2", { thegame: theGame.score }))[0]).toMatchObject({
      played: 1,
      left: 1,
      won: 0,
    });
    expect((await store.results.statsForUser("u1", { thegame: theGame.score }))[0]).toMatchObject({
      left: 0,
      withRobots: 1,
    });
  });
});

describe("lobby messages that missed a change", () => {
  it("an open lobby with no message, and one whose message shows an older version, are behind", async () => {
    const game = await lobby();
    expect((await store.messages.lobbiesBehind()).map((g) => g.id)).toEqual([game.id]);
    await store.messages.setMessage(game.id, "lobby", "c1", "m1", game.version);
    expect(await store.messages.lobbiesBehind()).toEqual([]);
    await ok(store.seats.joinLobby(game.id, { userId: "u2", displayName: "Bob" }, 5));
    expect((await store.messages.lobbiesBehind()).map((g) => g.id)).toEqual([game.id]);
  });

  it("a started game's lobby is behind until it shows the start, and moves do not make it behind again", async () => {
    const game = await lobby();
    await store.messages.setMessage(game.id, "lobby", "c1", "m1", game.version);
    await ok(store.seats.addRobot(game.id, "u1", 5));
    const started = (await ok(store.play.startGame(game.id, "u1", theGame))).game;
    expect((await store.messages.lobbiesBehind()).map((g) => g.id)).toEqual([game.id]);
    await store.messages.setMessage(game.id, "lobby", "c1", "m1", started.version);
    const claimed = await store.play.applyMove(
      game.id,
      "u1",
      started.version,
      { type: "claimStart" },
      theGame,
    );
    expect(claimed.ok).toBe(true);
    expect(await store.messages.lobbiesBehind()).toEqual([]);
  });
});
