import {
  BotProcess,
  DiscordEmulator,
  type EmulatorChannel,
  type EmulatorGuild,
  type EmulatorUser,
  WAIT_LIMIT_MS,
} from "@cardtable/discord-emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandsFor } from "../../commands/index.js";
import { startPostgres, type ThrowAwayPostgres } from "../../scripts/throwAwayPostgres.js";
import { commandBodies } from "../../src/bot/command.js";
import { GAMES } from "../../src/games/index.js";
import type { TheGameState } from "../../src/games/thegame/engine/index.js";
import { playTwelves, twelvesLine } from "./support/twelves.js";
import { button, World } from "./support/world.js";

/**
 * Two hosts on one PostgreSQL database (`npm run start:sharded` with SHARDS=0 and SHARDS=1 of
 * SHARD_COUNT=2): the emulator gives guild A to host A's shard only and guild B to host B's. What a
 * player carries across servers is the database's, so it is the same whichever host answers: their
 * language and DMs chosen on one host and honoured by the other, the games of both hosts in
 * `/game status`, a seat handed over with `/game replace` on one host in the new player's status on
 * the other, and a game finished on one host in `/stats` and `/game history` on the other.
 */
const SHARDS = 2;

const world = new World();
let postgres: ThrowAwayPostgres;
let hostB: BotProcess;
let guildA: EmulatorGuild;
let guildB: EmulatorGuild;
let tablesA: EmulatorChannel;
let tablesB: EmulatorChannel;
let alice: EmulatorUser;
let bob: EmulatorUser;
let cy: EmulatorUser;

beforeAll(async () => {
  const emulator = new DiscordEmulator({ recommendedShards: SHARDS, ackDeadlineMs: 60_000 });
  world.emulator = emulator;
  await emulator.start();
  postgres = await startPostgres();
  world.databaseUrl = postgres.url;
  guildA = emulator.createGuild("Host A Club", { shard: { id: 0, count: SHARDS } });
  guildB = emulator.createGuild("Host B Club", { shard: { id: 1, count: SHARDS } });
  world.guild = guildA;
  tablesA = emulator.createChannel(guildA, "tables");
  tablesB = emulator.createChannel(guildB, "tables");
  alice = emulator.createUser("Alice", { manageGuild: true });
  bob = emulator.createUser("Bob");
  cy = emulator.createUser("Cy");
  const env = {
    SHARD_COUNT: String(SHARDS),
    DATABASE_URL: postgres.url,
    REMINDER_HOURS: "0",
    ROBOT_MOVE_DELAY_MS: "0",
    GAME_SEED: "4",
  };
  // DEV_GUILD_ID: both hosts register the commands in guild A; guild B gets them from the test.
  const host = (shards: string) =>
    new BotProcess({
      emulator,
      guildId: guildA.id,
      args: ["dist/src/shard.js"],
      env: { ...env, SHARDS: shards },
    });
  world.bot = host("0");
  hostB = host("1");
  await Promise.all([world.bot.start(), hostB.start()]);
  await emulator.waitForBotReady({ bot: world.bot, shards: SHARDS, timeoutMs: 30_000 });
  await emulator.registerCommands(commandBodies(commandsFor(GAMES)), guildB);
});

afterAll(async () => {
  try {
    await world.close();
    if (hostB?.running) await hostB.kill();
    hostB?.assertNoErrors();
  } finally {
    await postgres?.stop();
  }
});

/** The shard (so the host) that received the newest interaction. */
function answeredBy(): number | undefined {
  return world.emulator.dispatchOf(world.interactions.at(-1)!)?.shard[0];
}

const link = (channel: EmulatorChannel) => `/channels/${channel.guildId}/${channel.id}`;

describe("what a player carries across servers is the same on every host", () => {
  it("a language and DMs chosen on host B are host A's: Alice's hand in Dutch, Bob's turn notice by DM", async () => {
    const dutch = (await world.slash(alice, tablesB, "notify", { value: "nl" }, "language")).message!;
    expect(answeredBy()).toBe(1);
    expect(dutch.text).toContain("Taal van je eigen antwoorden: Nederlands");
    await world.slash(bob, tablesB, "notify", { enabled: true }, "dm");
    expect(answeredBy()).toBe(1);

    await world.openGame("thegame", tablesA, alice, [bob]);
    // Both may take the first turn, so Bob is told at once; then again once Alice's turn ends.
    const turnNotices = (count: number) =>
      world.emulator.waitFor(
        () => {
          const sent = world.emulator.dmMessages(bob).filter((m) => m.text.startsWith("🎴"));
          return sent.length >= count ? sent : null;
        },
        WAIT_LIMIT_MS,
        `Bob's turn notice ${count} by DM`,
      );
    await turnNotices(1);
    let panel = await world.openPanel(alice, tablesA, "thegame");
    expect(answeredBy()).toBe(0);
    expect(panel.text).toContain("Je hand (alleen jij ziet dit)");
    panel = await world.click(alice, panel, button(panel, "claim").customId!);
    for (let card = 0; card < 2; card++) panel = await world.playTheGameCard(alice, panel);
    await world.click(alice, panel, button(panel, "end").customId!);
    const s = world.game(tablesA.id).state as unknown as TheGameState;
    expect(s.players[s.activeSeat]).toBe(bob.id);
    const notices = await turnNotices(2);
    expect(notices[1]!.text).toContain("It is your turn in **The Game** on Host A Club");
    expect(notices[1]!.text).toContain(link(tablesA));
  });

  it("/game status lists both hosts' games from either host, and a seat handed over on host A is Cy's on host B", async () => {
    await world.openGame("stapelen", tablesB, bob, [alice]);
    for (const channel of [tablesA, tablesB]) {
      const status = (await world.slash(alice, channel, "game", {}, "status")).message!;
      expect(answeredBy()).toBe(channel === tablesA ? 0 : 1);
      expect(status.text).toContain(link(tablesA));
      expect(status.text).toContain(link(tablesB));
    }

    const handed = (await world.slash(alice, tablesA, "game", { from: bob.id, to: cy.id }, "replace"))
      .message!;
    expect(answeredBy()).toBe(0);
    expect(handed.text).toContain(`<@${cy.id}> takes over from Bob.`);
    const cyStatus = (await world.slash(cy, tablesB, "game", {}, "status")).message!;
    expect(answeredBy()).toBe(1);
    expect(cyStatus.text).toContain(link(tablesA));
    const bobStatus = (await world.slash(bob, tablesB, "game", {}, "status")).message!;
    expect(bobStatus.text).toContain(link(tablesB));
    expect(bobStatus.text).not.toContain(link(tablesA));
  });

  it("a Twelves game finished on host A is in /stats and /game history on host B", async () => {
    const twelvesA = world.emulator.createChannel(guildA, "twelves");
    const ended = await playTwelves(world, twelvesA, [cy, bob], (agreed) => twelvesLine(agreed, () => true)!);
    expect(ended.phase).toBe("over");
    expect(world.game(twelvesA.id).status).toBe("finished");

    const stats = (await world.slash(cy, tablesB, "stats", {}, "me")).message!;
    expect(answeredBy()).toBe(1);
    expect(stats.text.split("\n").find((line) => line.includes("Twelves"))).toMatch(/1 played/);
    const history = (await world.slash(bob, tablesB, "game", {}, "history")).message!;
    expect(answeredBy()).toBe(1);
    expect(history.text).toMatch(/\*\*Twelves and Fourteens\*\* · Host A Club/);
  });
});
