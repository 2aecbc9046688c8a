import { beforeEach, describe, expect, it } from "vitest";
import { theGame } from "../../src/games/thegame/engine/index.js";
import { twelves } from "../../src/games/twelves/engine/index.js";
import type { DailyStart } from "../../src/store/daily.js";
import type { Store } from "../../src/store/store.js";
import { storesPerTest } from "../support/storeDatabase.js";
import { ok, playOutTheGame, THE_GAME_OPTIONS } from "../support/storeGames.js";

const stores = storesPerTest();
let store: Store;
beforeEach(async () => {
  store = await stores.open();
});

const DAY = "2026-12-07";

function attempt(userId: string, overrides: Partial<DailyStart> = {}): DailyStart {
  return {
    day: DAY,
    gameType: "thegame",
    guildId: "g1",
    channelId: `thread-${userId}-${overrides.guildId ?? "g1"}-${overrides.day ?? DAY}`,
    seed: 42,
    options: THE_GAME_OPTIONS,
    player: { userId, displayName: userId.toUpperCase() },
    robot: false,
    ...overrides,
  };
}

describe("daily attempts in the store", () => {
  it("an attempt starts its game dealt and active, the player in the first seat and the robot partner in the second", async () => {
    const game = (
      await ok(store.daily.start(attempt("ann", { gameType: "twelves", options: {}, robot: true }), twelves))
    ).game;
    expect(game.status).toBe("active");
    expect(game.players.map((p) => [p.userId, p.kind])).toEqual([
      ["ann", "human"],
      ["bot:1", "bot"],
    ]);
    expect(game.state).toEqual(twelves.setup(["ann", "bot:1"], {}, 42));
    expect(await store.daily.ofGame(game.id)).toMatchObject({ day: DAY, userId: "ann", result: null });
  });

  it("one attempt per player, day and game across all servers: a second start stores nothing", async () => {
    const first = (await ok(store.daily.start(attempt("ann"), theGame))).game;
    const again = await store.daily.start(attempt("ann", { guildId: "g2" }), theGame);
    expect(again).toEqual({
      ok: false,
      attempt: expect.objectContaining({ gameId: first.id, guildId: "g1" }),
    });
    expect(await store.games.openGameInChannel(attempt("ann", { guildId: "g2" }).channelId)).toBeUndefined();
    // Another day, or another game, is another attempt.
    await ok(store.daily.start(attempt("ann", { day: "2026-12-08" }), theGame));
  });

  it("a finished attempt records the player's result and score in the ending transaction", async () => {
    const game = (await ok(store.daily.start(attempt("ann"), theGame))).game;
    const ended = await playOutTheGame(store, game);
    const result = await store.results.getResult(game.id);
    expect(await store.daily.ofGame(game.id)).toMatchObject({
      result: result?.players[0]?.result,
      score: result?.players[0]?.score,
      finishedAt: ended.updatedAt,
    });
  });

  it("an attempt ended before its finish counts, as given up", async () => {
    const game = (await ok(store.daily.start(attempt("ann"), theGame))).game;
    await store.play.abandon(game.id, { kind: "ended", by: "Ann" });
    expect(await store.daily.ofGame(game.id)).toMatchObject({ result: "abandoned", score: null });
  });

  it("the board ranks a server's attempts by the score's better way, then by finish time; given up and playing last", async () => {
    const ids: Record<string, number> = {};
    for (const user of ["ann", "bob", "cid", "dee", "eve"])
      ids[user] = (await ok(store.daily.start(attempt(user), theGame))).game.id;
    await ok(store.daily.start(attempt("fay", { guildId: "g2" }), theGame));
    const finish = async (user: string, score: number | null, at: number) => {
      const game = (await store.games.getGame(ids[user]!))!;
      const outcome =
        score === null
          ? null
          : { results: { [user]: { result: "loss" as const, score } }, summary: { key: "x" }, score };
      await store.transaction((tx) => store.daily.recordEnd(tx, game, outcome, at));
    };
    await finish("ann", 12, 3000);
    await finish("bob", 5, 4000);
    await finish("cid", 12, 2000);
    await finish("dee", null, 1000);
    const board = await store.daily.board("g1", "thegame", DAY, theGame.score);
    expect(board.map((a) => a.userId)).toEqual(["bob", "cid", "ann", "dee", "eve"]);
    expect(board[0]?.displayName).toBe("BOB");
    const higher = await store.daily.board("g1", "thegame", DAY, { ...theGame.score, better: "higher" });
    expect(higher.map((a) => a.userId)).toEqual(["cid", "ann", "bob", "dee", "eve"]);
  });
});
