import fs from "node:fs";
import path from "node:path";
import type { EmulatorChannel, EmulatorUser, MessageView } from "@cardtable/discord-emulator";
import Database from "better-sqlite3";
import { rate, rating } from "openskill";
import { describe, expect, it } from "vitest";
import { choicesIn, pick } from "../../scripts/bench/players.js";
import type { AnyEngine, PlayerId } from "../../src/engine/core/game.js";
import { createRng, nextFloat } from "../../src/engine/core/rng.js";
import { GAMES } from "../../src/games/index.js";
import { TABLE_PICTURE_WIDTH } from "../../src/render/primitives.js";
import { pngSize } from "../support/pictures.js";
import { lobbyButton, testWorld, userWithId } from "./support/world.js";

const {
  world,
  users: [alice, bob, carol],
  channels: [statsChannel],
} = testWorld({ seed: 11, users: ["Alice", "Bob", "Carol"], managers: ["Alice"], channels: ["stats"] });
const people = () => [alice!, bob!, carol!];

const engineOf = (gameType: string): AnyEngine => GAMES.engines()[gameType]!;

/**
 * The game from `state` on to its end as its robots would play every seat: the states before each
 * move and who made it. A fixture: the tests jump to the last of these states and play the last move.
 */
function playedOut(gameType: string, state: unknown, seed: number): { before: unknown; mover: PlayerId }[] {
  const engine = engineOf(gameType);
  const robot = GAMES.list.find((game) => game.id === gameType)!.robot.player;
  const rng = createRng(seed);
  const steps: { before: unknown; mover: PlayerId }[] = [];
  let now = state;
  while (engine.outcome(now) === null) {
    // Where several may act (Troubadour's picks), each acts in turn.
    const actors = engine.actors(now);
    const mover = actors[steps.length % actors.length]!;
    const legal = engine.legalMoves(now, mover);
    const choice = robot.choose({
      seat: mover,
      view: engine.privateView(now, mover),
      legal,
      mustAct: true,
      random: () => nextFloat(rng),
      hasTime: () => false,
    });
    const applied = engine.apply(now, mover, choice?.move ?? legal[0]);
    if (!applied.ok) throw new Error(`the robot's move was refused: ${applied.error.key}`);
    steps.push({ before: now, mover });
    now = applied.state;
  }
  return steps;
}

/**
 * Moves the channel's game on to the state before its last move, as the robots would have played
 * it, with a person to make that last move (another playing-out is tried until one ends so):
 * returns who makes it. The state is written as the bot's database keeps it, one version on.
 */
function jumpToLastMove(channel: EmulatorChannel, gameType: string): EmulatorUser {
  const game = world.game(channel.id);
  for (let seed = 1; ; seed++) {
    const last = playedOut(gameType, game.state, seed).at(-1)!;
    if (last.mover.startsWith("bot:")) continue;
    const db = new Database(world.bot.databasePath, { fileMustExist: true });
    try {
      db.prepare("UPDATE games SET state = ?, version = version + 1 WHERE id = ?").run(
        JSON.stringify(last.before),
        game.id,
      );
    } finally {
      db.close();
    }
    return userWithId(people(), last.mover);
  }
}

/**
 * `user` makes the game's last move through their own panel (`/game hand`), as a player clicks:
 * a move that ends the game when the panel offers one, else a choice toward one.
 */
async function playLastMove(user: EmulatorUser, channel: EmulatorChannel, gameType: string): Promise<void> {
  const engine = engineOf(gameType);
  const ui = GAMES.uis().get(gameType)!;
  const rng = createRng(5);
  const ends = (state: unknown, move: unknown) => {
    const applied = engine.apply(state, user.id, move);
    return applied.ok && engine.outcome(applied.state) !== null;
  };
  let panel: MessageView = (await world.slash(user, channel, "game", {}, "hand")).message!;
  for (let click = 0; click < 30 && world.game(channel.id).status === "active"; click++) {
    const game = world.game(channel.id);
    const choices = choicesIn(ui, game, user.id, panel, rng, 4);
    const steps = choices.filter((c) => c.kind === "select-step");
    const choice =
      choices.find((c) => c.kind === "move" && ends(game.state, c.move)) ??
      (steps.length ? pick(rng, steps) : null);
    if (!choice) throw new Error(`the panel offers no way to the last move: ${panel.text}`);
    const customId = choice.component.customId!;
    panel = choice.values
      ? await world.select(user, panel, customId, choice.values)
      : await world.click(user, panel, customId);
  }
  expect(world.game(channel.id).status).toBe("finished");
}

interface StoredRating {
  user_id: string;
  mu: number;
  sigma: number;
  games: number;
}

function storedRatings(gameType: string, scope: string): StoredRating[] {
  return world.db(
    (db) =>
      db
        .prepare(
          "SELECT user_id, mu, sigma, games FROM ratings WHERE game_type = ? AND scope = ? ORDER BY user_id",
        )
        .all(gameType, scope) as StoredRating[],
  );
}

/**
 * What openskill gives for the finished game's sides, robots left out, from the players' ratings
 * `before` it (a player without one starts new), with the rows of players it did not rate.
 */
function expectedRatings(
  channel: EmulatorChannel,
  gameType: string,
  before: StoredRating[] = [],
): StoredRating[] {
  const sides = engineOf(gameType).sides!(world.game(channel.id).state)!
    .map((side) => ({ ...side, players: side.players.filter((p) => !p.startsWith("bot:")) }))
    .filter((side) => side.players.length > 0);
  const old = (p: PlayerId) => before.find((r) => r.user_id === p) ?? { ...rating(), games: 0 };
  const after = rate(
    sides.map((side) => side.players.map((p) => ({ mu: old(p).mu, sigma: old(p).sigma }))),
    { rank: sides.map((side) => side.place) },
  );
  const rated = sides.flatMap((side, i) =>
    side.players.map((p, j) => ({ user_id: p, ...after[i]![j]!, games: old(p).games + 1 })),
  );
  return [...before.filter((r) => !rated.some((n) => n.user_id === r.user_id)), ...rated].sort((a, b) =>
    a.user_id.localeCompare(b.user_id),
  );
}

/** The bot's answer to a slash command in the stats channel. */
async function answerTo(
  user: EmulatorUser,
  command: string,
  options: Record<string, string | boolean>,
  sub: string,
): Promise<MessageView> {
  return (await world.slash(user, statsChannel!, command, options, sub)).message!;
}

describe("ratings, end to end through the real bot", () => {
  it("an empty leaderboard says that nobody is rated yet", async () => {
    const board = await answerTo(alice!, "stats", { game: "troubadour" }, "leaderboard");
    expect(board.ephemeral).toBe(true);
    expect(board.text).toMatch(/Nobody has a Troubadour rating in this server yet/);
    expect(board.attachments).toEqual([]);
  });

  it("a 3-player Troubadour game played to its end moves the three ratings as openskill says, here and overall", async () => {
    const channel = world.channel("troubadour-rated");
    await world.openGame("troubadour", channel, alice!, [bob!, carol!]);
    const last = jumpToLastMove(channel, "troubadour");
    await playLastMove(last, channel, "troubadour");
    const expected = expectedRatings(channel, "troubadour");
    expect(expected.map((r) => r.user_id).sort()).toEqual(
      people()
        .map((u) => u.id)
        .sort(),
    );
    expect(storedRatings("troubadour", world.guild.id)).toEqual(expected);
    expect(storedRatings("troubadour", "*")).toEqual(expected);
  });

  it("One versus Two: a match played to its end rates each of its 3 players by match total", async () => {
    const channel = world.channel("onevstwo-rated");
    await world.openGame("onevstwo", channel, alice!, [bob!, carol!], { "short-match": true });
    const last = jumpToLastMove(channel, "onevstwo");
    await playLastMove(last, channel, "onevstwo");
    expect(storedRatings("onevstwo", world.guild.id)).toEqual(expectedRatings(channel, "onevstwo"));
  });

  it("a robot's seat counts for nobody: Troubadour with a robot is rated among the two people", async () => {
    const channel = world.channel("troubadour-robot");
    const lobby = (await world.slash(alice!, channel, "play", {}, "troubadour")).message!;
    await world.click(bob!, world.latest(lobby), lobbyButton(lobby, "join"));
    await world.click(alice!, world.latest(lobby), lobbyButton(world.latest(lobby), "addBot"));
    await world.click(alice!, world.latest(lobby), lobbyButton(world.latest(lobby), "start"));
    await world.settledTable(channel, "troubadour");
    const before = storedRatings("troubadour", world.guild.id);
    const last = jumpToLastMove(channel, "troubadour");
    await playLastMove(last, channel, "troubadour");
    const after = storedRatings("troubadour", world.guild.id);
    expect(after).toEqual(expectedRatings(channel, "troubadour", before));
    expect(after.map((r) => [r.user_id, r.games])).toEqual(
      [
        [alice!.id, 2],
        [bob!.id, 2],
        [carol!.id, 1],
      ].sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
  });

  it("/stats leaderboard answers with the board's picture and its text; /stats me lists the ratings", async () => {
    const board = await answerTo(bob!, "stats", { game: "troubadour" }, "leaderboard");
    expect(board.ephemeral).toBe(true);
    expect(board.text).toMatch(/Troubadour: leaderboard/);
    for (const name of ["Alice", "Bob", "Carol"]) expect(board.text).toContain(name);
    const [file] = board.attachments;
    expect(file?.description).toMatch(/leaderboard: rank, player, rating/);
    expect(pngSize(file!.data).width).toBe(TABLE_PICTURE_WIDTH);
    fs.mkdirSync(path.join("test", ".tmp"), { recursive: true });
    fs.writeFileSync(path.join("test", ".tmp", "leaderboard-e2e.png"), file!.data);
    const everywhere = await answerTo(bob!, "stats", { game: "onevstwo", everywhere: true }, "leaderboard");
    expect(everywhere.text).toMatch(/One versus Two: leaderboard\*\* \(every server\)/);
    const me = await answerTo(carol!, "stats", {}, "me");
    expect(me.text).toMatch(/Troubadour, this server: \d+\? \(1 rated game\)/);
    expect(me.text).toMatch(/One versus Two, every server: \d+\? \(1 rated game\)/);
  });
});
