import { describe, expect, it } from "vitest";
import { think } from "../../../src/bot/thinker.js";
import { botJob } from "../../../src/bot/thinkJob.js";
import { botSeatIds, playBotGame } from "../../../src/engine/robots/arena.js";
import { type AnyBot, isLegal } from "../../../src/engine/core/robot.js";
import { GAMES } from "../../../src/games/index.js";
import type { GameRecord } from "../../../src/store/store.js";

/** A stored game as the driver reads it, every seat a bot. */
function recordOf(gameType: string, players: number, seed: number): GameRecord {
  const engine = GAMES.engines()[gameType]!;
  const ids = botSeatIds(players);
  return {
    id: 1,
    guildId: "g",
    channelId: "c",
    gameType,
    options: {},
    seed,
    status: "active",
    hostId: "u",
    version: 0,
    state: engine.setup(ids, {}, seed),
    endReason: null,
    createdAt: 0,
    updatedAt: 0,
    players: ids.map((userId, seat) => ({
      seat,
      userId,
      memberId: null,
      displayName: `🤖 Bot ${seat + 1}`,
      kind: "bot",
      standsInFor: null,
    })),
  };
}

const SEATED = GAMES.ids.filter((id) => GAMES.seatsBots(id));

describe("a bot decides from its own seat's view only", () => {
  it.each(SEATED)(
    "%s: the job a bot thinks over holds its private view and legal moves, never the state",
    (gameType) => {
      const engine = GAMES.engines()[gameType]!;
      const game = recordOf(gameType, engine.minPlayers, 11);
      for (const seat of engine.actors(game.state)) {
        const job = botJob(engine, game, seat, true);
        expect(Object.keys(job).sort()).toEqual([
          "budgetMs",
          "gameType",
          "legal",
          "mustAct",
          "seat",
          "seed",
          "view",
        ]);
        expect(job.view).toEqual(engine.privateView(game.state, seat));
        expect(job.legal).toEqual(engine.legalMoves(game.state, seat));
        expect(job.view).not.toEqual(game.state);
        // What crosses to the bots' thread is plain data: a structured clone changes nothing.
        expect(structuredClone(job)).toEqual(job);
      }
    },
  );

  it.each(SEATED)("%s: the thinker's choice is one of the legal moves", (gameType) => {
    const engine = GAMES.engines()[gameType]!;
    const game = recordOf(gameType, engine.minPlayers, 5);
    const seat = engine.actors(game.state)[0]!;
    const job = botJob(engine, game, seat, true);
    const { choice } = think(GAMES.bots(), job);
    expect(choice).not.toBeNull();
    expect(isLegal(job.legal, choice?.move)).toBe(true);
  });
});

describe("every bot only ever submits moves from legalMoves", () => {
  it.each(SEATED)("%s: seeded all-bot games play out (the arena throws on any illegal move)", (gameType) => {
    const engine = GAMES.engines()[gameType]!;
    const bots: AnyBot[] = Array.from({ length: engine.minPlayers }, () => GAMES.bots().get(gameType)!);
    for (const seed of [1, 2]) {
      const played = playBotGame(engine, bots, {}, seed, { maxMoves: 4000 });
      expect(played.moves).toBeGreaterThan(0);
    }
  });
});
