import type { EmulatorChannel, MessageView } from "@cardtable/discord-emulator";
import { beforeAll, describe, expect, it } from "vitest";
import { createRng, nextInt, type RngState } from "../../src/engine/core/rng.js";
import { GAMES } from "../../src/games/index.js";
import { testWorld } from "./support/world.js";

/**
 * Input fuzz against the running bot: random custom_ids (valid prefixes with random tails, other
 * games' ids, forged versions, lobby ids, junk) and random select values, some oversized, clicked
 * by players and by a stranger on the live tables. Every click gets an answer, nothing crashes or
 * logs an error, a stranger changes nothing, and every game's stored moves still replay exactly to
 * its stored state. Bounded and seeded, so a failure replays.
 */
const CLICKS = 300;
const ACTIONS = [
  "panel",
  "refresh",
  "back",
  "col",
  "place",
  "card",
  "play",
  "playc",
  "endTurn",
  "claim",
  "prop",
  "confirm",
  "pair",
  "hand",
  "assign",
  "pick",
  "found",
  "row",
  "pass",
  "draw",
  "build",
  "contract",
];
const {
  world,
  users: [alice, bob, stranger],
} = testWorld({ seed: 11, users: ["Alice", "Bob", "Mallory"] });
const channels: { channel: EmulatorChannel; gameType: string }[] = [];

beforeAll(async () => {
  for (const gameType of ["stapelen", "thegame"]) {
    const channel = world.channel(`fuzz-${gameType}`);
    await world.openGame(gameType, channel, alice, [bob]);
    channels.push({ channel, gameType });
  }
});

function pick<T>(rng: RngState, items: readonly T[]): T {
  return items[nextInt(rng, items.length)] as T;
}

function token(rng: RngState, maxLength: number): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_:%é💥 ";
  return Array.from({ length: 1 + nextInt(rng, maxLength) }, () => pick(rng, [...alphabet])).join("");
}

/** A custom_id a client could send: mostly well-formed prefixes with random or foreign parts. */
function randomCustomId(rng: RngState, games: { id: number; version: number }[]): string {
  const game = pick(rng, games);
  const version = pick(rng, [game.version, game.version - 1, game.version + 1, 0, 999_999_999_999]);
  const args = Array.from({ length: nextInt(rng, 8) }, () =>
    pick(rng, [String(nextInt(rng, 60)), token(rng, 6), "0-1", "12-3", "-1", "AS", "10H"]),
  );
  const shapes = [
    () => ["g", game.id, version, pick(rng, ACTIONS), ...args].join(":"),
    () => ["g", pick(rng, games).id, game.version, pick(rng, ACTIONS), ...args].join(":"),
    () => ["g", game.id + 1000, version, pick(rng, ACTIONS)].join(":"),
    () => `l:${game.id}:${pick(rng, ["join", "leave", "start", "steal"])}`,
    () => `g:${game.id}:${version}:${token(rng, 30)}`,
    () => token(rng, 100),
  ];
  return pick(rng, shapes)().slice(0, 100);
}

function randomValues(rng: RngState): string[] {
  const count = pick(rng, [0, 1, 1, 2, 3, 25, 30]);
  return Array.from({ length: count }, () =>
    pick(rng, [String(nextInt(rng, 60)), token(rng, 12), "x".repeat(200), "3-9", "AS", "-"]),
  );
}

function gamesNow(): { id: number; version: number }[] {
  return channels.map(({ channel }) => world.game(channel.id));
}

/** Each game's stored moves, replayed from its seed, give exactly its stored state. */
function expectStoredGamesReplay(): void {
  const rows = world.db((db) =>
    db
      .prepare("SELECT id, game_type AS gameType, options, seed, state FROM games WHERE state IS NOT NULL")
      .all(),
  ) as { id: number; gameType: string; options: string; seed: number; state: string }[];
  for (const row of rows) {
    const engine = GAMES.get(row.gameType)!.engine;
    const { players, moves } = world.db((db) => ({
      players: (
        db
          .prepare("SELECT user_id AS userId FROM game_players WHERE game_id = ? ORDER BY seat")
          .all(row.id) as {
          userId: string;
        }[]
      ).map((p) => p.userId),
      moves: db
        .prepare("SELECT user_id AS userId, move FROM moves WHERE game_id = ? ORDER BY seq")
        .all(row.id) as {
        userId: string;
        move: string;
      }[],
    }));
    let state = engine.setup(players, JSON.parse(row.options), row.seed);
    for (const m of moves) {
      const result = engine.apply(state, m.userId, JSON.parse(m.move));
      if (!result.ok)
        throw new Error(`game ${row.id}: a stored move no longer replays (${result.error.key})`);
      state = result.state;
    }
    expect(state).toEqual(JSON.parse(row.state));
  }
}

describe("input fuzz against the running bot", () => {
  it(`${CLICKS} random custom_ids and select values: always an answer, no crash, strangers change nothing, games replay exactly`, async () => {
    const rng = createRng(20261123);
    for (let i = 0; i < CLICKS; i++) {
      const { channel, gameType } = pick(rng, channels);
      const table: MessageView | undefined = world.tables(channel, gameType).at(-1);
      if (!table) throw new Error("no table to click on");
      const user = pick(rng, [alice, bob, stranger, stranger]);
      const before = gamesNow();
      const customId = randomCustomId(rng, before);
      const interaction =
        nextInt(rng, 2) === 0
          ? await world.emulator.click(user, table, customId, { stale: true })
          : await world.emulator.select(user, table, customId, randomValues(rng), { stale: true });
      world.interactions.push(interaction);
      const response = await world.emulator.waitForResponse(interaction);
      expect(response, `no answer to ${customId}`).toBeTruthy();
      if (user === stranger) expect(gamesNow(), `a stranger's ${customId} changed a game`).toEqual(before);
    }
    expect(world.bot.running).toBe(true);
    expectStoredGamesReplay();
  });
});
