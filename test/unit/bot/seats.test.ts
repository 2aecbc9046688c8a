import { describe, expect, it } from "vitest";
import { think } from "../../../src/bot/thinker.js";
import { robotJob } from "../../../src/bot/thinkJob.js";
import { type AnyRobot, isLegal } from "../../../src/engine/core/robot.js";
import { playRobotGame, robotSeatIds } from "../../../src/engine/robots/arena.js";
import { GAMES } from "../../../src/games/index.js";
import type { GameRecord } from "../../../src/store/store.js";

/** A stored game as the driver reads it, every seat a robot. */
function recordOf(gameType: string, players: number, seed: number): GameRecord {
  const engine = GAMES.engines()[gameType]!;
  const ids = robotSeatIds(players);
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

const SEATED = GAMES.ids.filter((id) => GAMES.seatsRobots(id));

describe("a robot decides from its own seat's view only", () => {
  it.each(SEATED)(
    "%s: the job a robot thinks over holds its private view and legal moves, never the state",
    (gameType) => {
      const engine = GAMES.engines()[gameType]!;
      const game = recordOf(gameType, engine.minPlayers, 11);
      for (const seat of engine.actors(game.state)) {
        const job = robotJob(engine, game, seat, true);
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
        // What crosses to the robots' thread is plain data: a structured clone changes nothing.
        expect(structuredClone(job)).toEqual(job);
      }
    },
  );

  it.each(SEATED)("%s: the thinker's choice is one of the legal moves", (gameType) => {
    const engine = GAMES.engines()[gameType]!;
    const game = recordOf(gameType, engine.minPlayers, 5);
    const seat = engine.actors(game.state)[0]!;
    const job = robotJob(engine, game, seat, true);
    const { choice } = think(GAMES.robots(), job);
    expect(choice).not.toBeNull();
    expect(isLegal(job.legal, choice?.move)).toBe(true);
  });
});

describe("every robot only ever submits moves from legalMoves", () => {
  it.each(SEATED)(
    "%s: seeded all-robot games play out (the arena throws on any illegal move)",
    (gameType) => {
      const engine = GAMES.engines()[gameType]!;
      const robots: AnyRobot[] = Array.from(
        { length: engine.minPlayers },
        () => GAMES.robots().get(gameType)!,
      );
      for (const seed of [1, 2]) {
        const played = playRobotGame(engine, robots, {}, seed, { maxMoves: 4000 });
        expect(played.moves).toBeGreaterThan(0);
      }
    },
  );
});
