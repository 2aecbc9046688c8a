import { beforeEach, describe, expect, it } from "vitest";
import { theGame } from "../../src/games/thegame/engine/index.js";
import { type GameRecord, humanSeat, type Store } from "../../src/store/store.js";
import { storesPerTest } from "../support/storeDatabase.js";
import { ok, openLobby, playOutTheGame, THE_GAME_OPTIONS } from "../support/storeGames.js";

const stores = storesPerTest();
let store: Store;
beforeEach(async () => {
  store = await stores.open();
});

/** Ann (u1, host) and Bob (u2) at The Game, not started yet. */
async function lobbyWithTwo(): Promise<GameRecord> {
  const created = await openLobby(store, { gameType: "thegame", options: THE_GAME_OPTIONS, seed: 7 });
  return (await ok(store.seats.joinLobby(created.id, { userId: "u2", displayName: "Bob" }, 5))).game;
}

async function activeWithTwo(): Promise<GameRecord> {
  return (await ok(store.play.startGame((await lobbyWithTwo()).id, "u1", theGame))).game;
}

const CY = { userId: "u3", displayName: "Cy" };

const playOut = (game: GameRecord) => playOutTheGame(store, game);

describe("handing a seat to another member", () => {
  it("a started game's seat keeps its id for the engine and is held by the new member from then on", async () => {
    const game = await activeWithTwo();
    const { game: after, seat, before } = await ok(store.seats.replaceSeat(game.id, "u2", CY));
    expect(before).toMatchObject({ seat: 1, userId: "u2", memberId: "u2", displayName: "Bob" });
    expect(seat).toEqual({
      seat: 1,
      userId: "u2",
      memberId: "u3",
      displayName: "Cy",
      kind: "human",
      standsInFor: null,
    });
    expect(after.state).toEqual(game.state);
    expect(after.version).toBe(game.version + 1);
    expect(humanSeat(after, "u3")?.userId).toBe("u2");
    expect(humanSeat(after, "u2")).toBeUndefined();
    expect((await store.games.openGamesForUser("u3")).map((g) => g.id)).toEqual([game.id]);
    expect(await store.games.openGamesForUser("u2")).toEqual([]);
  });

  it("the old version's moves are stale; the seat's id moves on at the new version", async () => {
    const game = await activeWithTwo();
    const after = (await ok(store.seats.replaceSeat(game.id, "u2", CY))).game;
    const claim = { type: "claimStart" };
    expect(await store.play.applyMove(game.id, "u2", game.version, claim, theGame)).toMatchObject({
      reason: "stale",
    });
    expect((await store.play.applyMove(game.id, "u2", after.version, claim, theGame)).ok).toBe(true);
  });

  it("the host's role goes with the host's seat", async () => {
    const game = await activeWithTwo();
    expect((await ok(store.seats.replaceSeat(game.id, "u1", CY))).game.hostId).toBe("u3");
  });

  it("in a lobby the seat simply becomes the new member's own", async () => {
    const lobby = await lobbyWithTwo();
    const after = (await ok(store.seats.replaceSeat(lobby.id, "u1", CY))).game;
    expect(after.players[0]).toMatchObject({ userId: "u3", memberId: "u3", displayName: "Cy" });
    expect(after.hostId).toBe("u3");
    expect((await ok(store.play.startGame(lobby.id, "u3", theGame))).game.state).toMatchObject({
      players: ["u3", "u2"],
    });
  });

  it("is refused, changing nothing, when the new member is seated, the old one holds no seat, or the game is over", async () => {
    const game = await activeWithTwo();
    expect(await store.seats.replaceSeat(game.id, "u2", { userId: "u1", displayName: "Ann" })).toEqual({
      ok: false,
      reason: "alreadySeated",
    });
    expect(await store.seats.replaceSeat(game.id, "u9", CY)).toEqual({ ok: false, reason: "notSeated" });
    await ok(store.seats.standIn(game.id, "u2"));
    // A seat a robot plays for a leaver is nobody's to hand over.
    expect(await store.seats.replaceSeat(game.id, "u2", CY)).toEqual({ ok: false, reason: "notSeated" });
    const ended = await store.play.abandon(game.id, { kind: "ended", by: "Ann" });
    expect(await store.seats.replaceSeat(game.id, "u1", CY)).toEqual({ ok: false, reason: "notOpen" });
    expect(await store.games.getGame(game.id)).toEqual(ended);
  });

  it("the result credits the member who held the seat at the end, not the one who first held it", async () => {
    const game = (await ok(store.seats.replaceSeat((await activeWithTwo()).id, "u2", CY))).game;
    await playOut(game);
    const players = (await store.results.getResult(game.id))?.players ?? [];
    expect(
      players
        .filter((p) => p.result !== "handed")
        .map((p) => p.userId)
        .sort(),
    ).toEqual(["u1", "u3"]);
    expect((await store.results.statsForUser("u3", { thegame: theGame.score }))[0]).toMatchObject({
      played: 1,
    });
    expect(await store.results.statsForUser("u2", { thegame: theGame.score })).toEqual([]);
  });

  it("a member who took over a seat and then leaves it to a robot is the one whose result says left", async () => {
    const game = (await ok(store.seats.replaceSeat((await activeWithTwo()).id, "u2", CY))).game;
    await playOut((await ok(store.seats.standIn(game.id, "u3"))).game);
    const result = await store.results.getResult(game.id);
    expect(result?.players.find((p) => p.userId === "u3")).toMatchObject({ result: "left" });
    expect(result?.players.find((p) => p.userId === "u2")).toMatchObject({ result: "handed", score: null });
  });

  it("the member who handed a seat over finds the game in their history as handed over, counted in no stats or leaderboard", async () => {
    const game = (await ok(store.seats.replaceSeat((await activeWithTwo()).id, "u2", CY))).game;
    await playOut(game);
    expect((await store.results.historyForUser("u2", 10)).map((r) => [r.gameId, r.result])).toEqual([
      [game.id, "handed"],
    ]);
    expect((await store.results.historyForUser("u3", 10)).map((r) => r.gameId)).toEqual([game.id]);
    expect(await store.results.statsForUser("u2", { thegame: theGame.score })).toEqual([]);
    const board = await store.results.leaderboard(game.guildId, 5);
    expect(board.map((r) => r.userId).sort()).toEqual(["u1", "u3"]);
  });

  it("a seat handed back to its first member is theirs to be credited with, not handed over", async () => {
    const game = (await ok(store.seats.replaceSeat((await activeWithTwo()).id, "u2", CY))).game;
    const back = (await ok(store.seats.replaceSeat(game.id, "u3", { userId: "u2", displayName: "Bob" })))
      .game;
    await playOut(back);
    const result = await store.results.getResult(game.id);
    expect(result?.players.find((p) => p.userId === "u2")?.result).not.toBe("handed");
    expect(result?.players.find((p) => p.userId === "u3")).toMatchObject({ result: "handed" });
  });
});
