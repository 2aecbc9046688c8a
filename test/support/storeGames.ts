import type { GameOptions } from "../../src/engine/core/game.js";
import { theGame } from "../../src/games/thegame/engine/index.js";
import type { TheGameState } from "../../src/games/thegame/engine/types.js";
import type { GameRecord, Store } from "../../src/store/store.js";

/** Ann hosts the lobbies of the store's tests. */
export const ANN = { userId: "u1", displayName: "Ann" };

/** The Game without its variants. */
export const THE_GAME_OPTIONS: GameOptions = { expert: false, smallerHands: false };

/** The accepted answer of a store call that must be accepted; throws with the answer otherwise. */
export async function ok<T extends { ok: boolean }>(pending: Promise<T>): Promise<Extract<T, { ok: true }>> {
  const r = await pending;
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r)}`);
  return r as Extract<T, { ok: true }>;
}

/** A lobby hosted by Ann in guild g1, channel c1, unless `lobby` says otherwise; throws if refused. */
export async function openLobby(
  store: Store,
  lobby: {
    gameType: string;
    seed: number;
    options?: GameOptions;
    guildId?: string;
    channelId?: string;
    host?: { userId: string; displayName: string };
  },
): Promise<GameRecord> {
  const created = await store.games.createLobby({
    guildId: "g1",
    channelId: "c1",
    options: {},
    host: ANN,
    ...lobby,
  });
  if (!created.ok) throw new Error("lobby not created");
  return created.game;
}

/** Plays a stored game of The Game to its end, every seat moving by its id through the store like a click. */
export async function playOutTheGame(store: Store, game: GameRecord): Promise<GameRecord> {
  let current = game;
  while (current.status === "active") {
    const state = current.state as TheGameState;
    const actor = theGame.actors(state)[0] as string;
    const legal = theGame.legalMoves(state, actor);
    const move = legal.find((m) => m.type === "play") ?? legal[0];
    current = (await ok(store.play.applyMove(current.id, actor, current.version, move, theGame))).game;
  }
  return current;
}
