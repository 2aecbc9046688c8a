import { beforeEach, describe, expect, it } from "vitest";
import { mayTakeBack } from "../../src/bot/takeBack.js";
import { UNDO_MOVE } from "../../src/engine/core/undo.js";
import { theGame } from "../../src/games/thegame/engine/index.js";
import type { TheGameState } from "../../src/games/thegame/engine/types.js";
import type { GameRecord, Store } from "../../src/store/store.js";
import { storesPerTest } from "../support/storeDatabase.js";
import { ANN, ok, openLobby, THE_GAME_OPTIONS } from "../support/storeGames.js";

const stores = storesPerTest();
let store: Store;
beforeEach(async () => {
  store = await stores.open();
});

/** Ann alone at The Game, one card played. */
async function oneCardPlayed(): Promise<{ start: GameRecord; played: GameRecord }> {
  const lobby = await openLobby(store, { gameType: "thegame", options: THE_GAME_OPTIONS, seed: 42 });
  const start = (await ok(store.play.startGame(lobby.id, ANN.userId, theGame))).game;
  const move = theGame.legalMoves(start.state as TheGameState, ANN.userId).find((m) => m.type === "play");
  const played = (await ok(store.play.applyMove(start.id, ANN.userId, start.version, move, theGame))).game;
  return { start, played };
}

describe("taking back a move in the store", () => {
  it("is still offered after a version that no move made (the seat handed to someone else)", async () => {
    const { played } = await oneCardPlayed();
    const handed = (
      await ok(store.seats.replaceSeat(played.id, ANN.userId, { userId: "bo", displayName: "Bo" }))
    ).game;
    expect(handed.version).toBe(played.version + 1);
    expect(mayTakeBack(handed, ANN.userId)).toBe(true);
    await ok(store.play.takeBack(handed.id, ANN.userId, handed.version, theGame));
  });

  it("writes the state before the move, an undo row and the next version together; the moves stay append-only", async () => {
    const { start, played } = await oneCardPlayed();
    const taken = await ok(store.play.takeBack(played.id, ANN.userId, played.version, theGame));
    expect(taken.events[0]?.key).toBe("undo.event.tookBack");
    const now = (await store.games.getGame(played.id))!;
    expect(now.version).toBe(played.version + 1);
    expect(now.state).toEqual(start.state);
    const moves = await store.play.moves(played.id);
    expect(moves.map((m) => m.move)).toEqual([expect.objectContaining({ type: "play" }), UNDO_MOVE]);
    expect(moves.at(-1)?.seq).toBe(now.version);
  });

  it("refuses a take-back from an older version, like a move, and changes nothing", async () => {
    const { played } = await oneCardPlayed();
    const stale = await store.play.takeBack(played.id, ANN.userId, played.version - 1, theGame);
    expect(stale).toMatchObject({ ok: false, reason: "stale" });
    expect((await store.games.getGame(played.id))!.version).toBe(played.version);
  });

  it("refuses what the rules do not allow with their reason, and changes nothing", async () => {
    const { played } = await oneCardPlayed();
    await ok(store.play.takeBack(played.id, ANN.userId, played.version, theGame));
    const nothing = await store.play.takeBack(played.id, ANN.userId, played.version + 1, theGame);
    expect(nothing).toMatchObject({ ok: false, reason: "rule", error: { key: "undo.refused.nothing" } });
    expect(await store.play.moves(played.id)).toHaveLength(2);
  });
});
