import { type EmulatorChannel, WAIT_LIMIT_MS } from "@cardtable/discord-emulator";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { GAMES } from "../../src/games/index.js";
import { type GameRow, testWorld } from "./support/world.js";

/**
 * Start-up work goes through the games a page at a time (SCAN_PAGE_SIZE=2 here): the games beyond
 * the first page are planned, their missed tables and lobbies repaired and their robots resumed, as
 * the first page's are. A walk that skipped rows would leave some of them waiting for good.
 */
const PAGED = { SCAN_PAGE_SIZE: "2" };
// Robots wait a minute before moving, so the restart lands while each is due.
const {
  world,
  users: [alice, bob],
} = testWorld({ seed: 4, env: { ...PAGED, ROBOT_MOVE_DELAY_MS: "60000" }, users: ["Alice", "Bob"] });

function actorsOf(gameType: string, game: GameRow): string[] {
  return GAMES.engines()[gameType]!.actors(game.state as never);
}

function rowsOf(gameIds: number[]): { id: number; version: number; planned: number | null }[] {
  return world.db(
    (db) =>
      db
        .prepare(
          `SELECT id, version, reminded_version AS planned FROM games
             WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`,
        )
        .all(JSON.stringify(gameIds)) as { id: number; version: number; planned: number | null }[],
  );
}

function shownVersion(gameId: number, kind: "table" | "lobby"): number {
  return world.db(
    (db) =>
      (
        db.prepare("SELECT version FROM messages WHERE game_id = ? AND kind = ?").get(gameId, kind) as {
          version: number;
        }
      ).version,
  );
}

describe("start-up work in pages", () => {
  it("after a restart, every game is planned, every missed table and lobby repaired and every due robot moves, beyond the first page too", async () => {
    const played: EmulatorChannel[] = [];
    for (let i = 1; i <= 5; i++) {
      const channel = world.channel(`paged-${i}`);
      await world.openGame("stapelen", channel, alice, [bob]);
      played.push(channel);
    }
    const withRobots: EmulatorChannel[] = [];
    for (let i = 1; i <= 3; i++) {
      const channel = world.channel(`paged-robots-${i}`);
      await world.openGameWithRobots("thegame", channel, alice, 1);
      // Everyone may claim the start: the robot is due, a minute from now.
      expect(actorsOf("thegame", world.game(channel.id))).toContain("bot:1");
      withRobots.push(channel);
    }
    const playedIds = played.map((c) => world.game(c.id).id);
    const robotGames = withRobots.map((c) => world.game(c.id));
    const tablesBefore = played.map((c) => world.tables(c, "stapelen").length);

    await world.bot.kill("SIGKILL");
    // As if the bot had died before planning anything and before posting the newest tables and lobbies.
    const db = new Database(world.bot.databasePath, { fileMustExist: true });
    try {
      db.prepare("UPDATE games SET reminded_version = NULL").run();
      db.prepare(
        `UPDATE messages SET version = version - 1
           WHERE kind IN ('table', 'lobby') AND game_id IN (SELECT value FROM json_each(?))`,
      ).run(JSON.stringify(playedIds));
    } finally {
      db.close();
    }
    await world.restart(PAGED);

    for (const game of robotGames) {
      const robotMoves = () =>
        world.db(
          (read) =>
            (
              read
                .prepare("SELECT COUNT(*) AS n FROM moves WHERE game_id = ? AND user_id = 'bot:1'")
                .get(game.id) as { n: number }
            ).n,
        );
      await world.emulator.waitFor(
        () => robotMoves() > 0 || null,
        WAIT_LIMIT_MS,
        `the robot of game ${game.id} to move`,
      );
    }
    const allIds = [...playedIds, ...robotGames.map((g) => g.id)];
    const planned = await world.emulator.waitFor(
      () => {
        const rows = rowsOf(allIds);
        return rows.every((r) => r.planned === r.version) ? rows : null;
      },
      WAIT_LIMIT_MS,
      "every game planned",
    );
    expect(planned).toHaveLength(allIds.length);
    for (const [i, channel] of played.entries()) {
      await world.emulator.waitFor(
        () => world.tables(channel, "stapelen").length === tablesBefore[i]! + 1 || null,
        WAIT_LIMIT_MS,
        `the missed table of ${channel.name} posted anew`,
      );
      const game = world.game(channel.id);
      // The bot records the table it posted once Discord has answered the post.
      await world.emulator.waitFor(
        () => shownVersion(game.id, "table") === game.version || null,
        WAIT_LIMIT_MS,
        `the table of ${channel.name} recorded at the game's version`,
      );
      await world.emulator.waitFor(
        () => shownVersion(game.id, "lobby") === game.version - game.moves || null,
        WAIT_LIMIT_MS,
        `the missed lobby of ${channel.name} redrawn`,
      );
    }
  });
});
