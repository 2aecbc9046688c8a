import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stateAt } from "../../src/bot/record.js";
import { mayTakeBack } from "../../src/bot/takeBack.js";
import type { AnyEngine } from "../../src/engine/core/game.js";
import { GAMES } from "../../src/games/index.js";
import { type GameRecord, Store } from "../../src/store/store.js";
import { ok, openLobby } from "../support/storeGames.js";

/**
 * Taking moves back, over random games of every game through the real store on SQLite: random
 * legal moves with random take-backs between them. Lean (a few dozen short games per game): the
 * game kit's own property suite plays the thousands.
 */

const RUNS = 30;
const STEPS = 24;

let store: Store;
/** One open game per channel: each game gets a channel of its own. */
let channels = 0;

beforeAll(async () => {
  store = await Store.open(":memory:", GAMES.engines(), { now: () => 1_000_000 });
});
afterAll(async () => {
  await store.close();
});

async function started(engine: AnyEngine, seed: number): Promise<GameRecord> {
  const lobby = await openLobby(store, { gameType: engine.id, seed, channelId: `c${++channels}` });
  for (let seat = 2; seat <= engine.minPlayers; seat++) {
    await ok(
      store.seats.joinLobby(lobby.id, { userId: `u${seat}`, displayName: `P${seat}` }, engine.maxPlayers),
    );
  }
  return (await ok(store.play.startGame(lobby.id, "u1", engine))).game;
}

/** The game as the store holds it now. */
async function stored(id: number): Promise<GameRecord> {
  return (await store.games.getGame(id)) as GameRecord;
}

const json = (value: unknown) => JSON.parse(JSON.stringify(value));

describe("taking back a move, for every game through the store", () => {
  for (const engine of Object.values(GAMES.engines())) {
    it(`${engine.id}: after each step the stored moves replay to the stored state; a take-back the rules allow restores the state before the move, its legal moves and views`, async () => {
      let takenBack = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 1_000_000 }),
          fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat()), {
            minLength: STEPS,
            maxLength: STEPS,
          }),
          async (seed, steps) => {
            let game = await started(engine, seed);
            const players = game.players.map((p) => p.userId);
            // The state before each move still standing, and who made it, as the test saw them.
            const standing: { userId: string; before: unknown }[] = [];
            for (const [roll, pick] of steps) {
              if (game.status !== "active") break;
              const actors = engine.actors(game.state);
              if (roll < 0.35) {
                const player =
                  (roll < 0.3 ? actors[pick % actors.length] : undefined) ?? players[pick % players.length]!;
                const offered = mayTakeBack(game, player);
                const result = await store.play.takeBack(game.id, player, game.version, engine);
                expect(result.ok, `${player} offered the take-back`).toBe(offered);
                if (!result.ok) {
                  const after = await stored(game.id);
                  expect(after.version).toBe(game.version);
                  expect(json(after.state)).toEqual(json(game.state));
                  continue;
                }
                takenBack++;
                const undone = standing.pop();
                expect(undone?.userId).toBe(player);
                game = await stored(game.id);
                expect(json(game.state)).toEqual(json(undone?.before));
                for (const p of players) {
                  expect(engine.legalMoves(game.state, p)).toEqual(engine.legalMoves(undone?.before, p));
                  expect(engine.privateView(game.state, p)).toEqual(engine.privateView(undone?.before, p));
                }
                expect(engine.publicView(game.state)).toEqual(engine.publicView(undone?.before));
              } else {
                const actor = actors[pick % actors.length];
                if (actor === undefined) break;
                const legal = engine.legalMoves(game.state, actor);
                const move = legal[pick % legal.length];
                const before = game.state;
                game = (await ok(store.play.applyMove(game.id, actor, game.version, move, engine))).game;
                standing.push({ userId: actor, before });
              }
              const moves = await store.play.moves(game.id);
              const replayed = stateAt(engine, game, moves, game.version);
              expect(json(replayed)).toEqual(json((await stored(game.id)).state));
            }
          },
        ),
        { numRuns: RUNS, seed: 20_261_207 },
      );
      // Only The Game (alone) and Sir Tommy have moves that may be taken back.
      expect(takenBack > 0, "some take-back was allowed").toBe(["thegame", "sirtommy"].includes(engine.id));
    }, 120_000);
  }
});
