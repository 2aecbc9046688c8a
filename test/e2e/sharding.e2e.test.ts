import {
  BotProcess,
  DiscordEmulator,
  type EmulatedInteraction,
  type EmulatorChannel,
  type EmulatorGuild,
  type EmulatorUser,
  type MessageView,
  WAIT_LIMIT_MS,
} from "@cardtable/discord-emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { commandsFor } from "../../commands/index.js";
import { commandBodies } from "../../src/bot/command.js";
import { GAMES } from "../../src/games/index.js";
import { freePort, sample, scrape, scrapeUntil } from "./support/metrics.js";
import { stackingPlacement } from "./support/stapelen.js";
import { showsVersion, World } from "./support/world.js";

/**
 * `npm run start:sharded` (dist/src/shard.js: discord.js's ShardingManager) with 2 shards against
 * the emulator, which gives each shard's session only the guilds Discord's formula assigns it.
 * Guild A belongs to shard 0, guild B to shard 1; each shard serves only its own guild's games:
 * interactions, reminders and the repair of a table missed in a crash.
 */
const SHARDS = 2;
/** Players who have not moved for 3 s are reminded (REMINDER_HOURS in hours). */
const REMINDER_IDLE_S = 3;

const world = new World();
let emulator: DiscordEmulator;
let bot: BotProcess;
/** The bot's environment; SHARD_COUNT is changed before the restart. */
let botEnv: Record<string, string>;
let guildA: EmulatorGuild;
let guildB: EmulatorGuild;
let tablesA: EmulatorChannel;
let tablesB: EmulatorChannel;
let alice: EmulatorUser;
let bob: EmulatorUser;

/** Which shard owns each guild, and its channel. */
const sides = () =>
  [
    { name: "A", shard: 0, guild: guildA, channel: tablesA },
    { name: "B", shard: 1, guild: guildB, channel: tablesB },
  ] as const;

beforeAll(async () => {
  emulator = new DiscordEmulator({ recommendedShards: SHARDS });
  world.emulator = emulator;
  await emulator.start();
  guildA = emulator.createGuild("Shard Zero Club", { shard: { id: 0, count: SHARDS } });
  guildB = emulator.createGuild("Shard One Club", { shard: { id: 1, count: SHARDS } });
  tablesA = emulator.createChannel(guildA, "tables");
  tablesB = emulator.createChannel(guildB, "tables");
  alice = emulator.createUser("Alice", { manageGuild: true });
  bob = emulator.createUser("Bob");
  world.guild = guildA;

  botEnv = {
    SHARD_COUNT: String(SHARDS),
    REMINDER_HOURS: String(REMINDER_IDLE_S / 3600),
    GAME_SEED: "4",
    // Idle games are looked for every 200 ms instead of every 10 minutes.
    REMINDER_CHECK_SECONDS: "0.2",
  };
  // DEV_GUILD_ID: every shard registers the commands in guild A; guild B gets them from the test.
  bot = new BotProcess({ emulator, guildId: guildA.id, args: ["dist/src/shard.js"], env: botEnv });
  world.bot = bot;
  await bot.start();
  await emulator.waitForBotReady({ bot, shards: SHARDS, timeoutMs: 30_000 });
  await emulator.registerCommands(commandBodies(commandsFor(GAMES)), guildB);
  await runLine(1, `all ${SHARDS} shard(s) ready`);
});

afterAll(() => world.close());

/** A line of the given run of the bot (1 = first start) containing `text`. */
async function runLine(run: number, text: string): Promise<string> {
  const line = await emulator.waitFor(
    () => bot.lines.find((candidate) => candidate.run === run && candidate.text.includes(text)),
    30_000,
    `bot output "${text}" (run ${run}); output so far:\n${bot.output()}`,
  );
  return line.text;
}

/** Stacking's player to move, read from the database as a referee. */
const activeUser = (channel: EmulatorChannel) => world.userToMove(channel, [alice, bob]);
const preparePlacement = (channel: EmulatorChannel) => stackingPlacement(world, channel, [alice, bob]);

/**
 * Each shard has its own guild's channels in its cache, so it never fetches them over REST. A shard
 * that reminds (or repairs) another shard's guild must fetch that channel first; discord.js then
 * finds no cached guild for it, and the reminder is dropped or doubled. A tripwire: which shard checks
 * an idle game first is a race, so such a bug shows here about every other run.
 */
function foreignChannelFetches(): void {
  const fetched = emulator.requests.filter(
    (r) =>
      r.method === "GET" && (r.path === `/channels/${tablesA.id}` || r.path === `/channels/${tablesB.id}`),
  );
  if (fetched.length > 0) {
    throw new Error(
      `a shard fetched a guild channel it should have cached (another shard's guild?): ${fetched
        .map((r) => `${r.method} ${r.path}`)
        .join(", ")}`,
    );
  }
}

/** The bot's reminders in a channel, oldest first. */
function reminders(channel: EmulatorChannel): MessageView[] {
  return emulator.channelMessages(channel).filter((m) => m.text.startsWith("⏰"));
}

describe("the bot under ShardingManager, 2 shards", () => {
  it("each shard identifies as [id, 2] and gets only its own guild; the manager logs both spawns", async () => {
    const sessions = emulator.sessions();
    expect(emulator.identifyCount).toBe(SHARDS);
    expect(sessions.map((s) => [...s.shard]).sort()).toEqual([
      [0, 2],
      [1, 2],
    ]);
    expect(sessions.every((s) => s.ready && s.connected)).toBe(true);
    for (const side of sides()) {
      const created = emulator
        .dispatches("GUILD_CREATE")
        .filter((d) => d.shard[0] === side.shard)
        .map((d) => d.guildId);
      expect(created).toEqual([side.guild.id]);
      expect(bot.lines.some((l) => l.text.includes(`shard ${side.shard}/${SHARDS}: spawned`))).toBe(true);
      // Every line of a shard's own output carries its id.
      await emulator.waitFor(
        () =>
          bot.lines.some(
            (l) => l.text.startsWith(`[shard ${side.shard}] `) && l.text.includes("logged in as"),
          ),
        WAIT_LIMIT_MS,
        `shard ${side.shard}'s "logged in" line`,
      );
    }
  });

  it("a game in each guild (lobby, join, start, a move): every interaction goes to the owning shard's session only, and is answered", async () => {
    for (const side of sides()) {
      const from = world.interactions.length;
      await world.openGame("stapelen", side.channel, alice, [bob]);
      const { user, panel, moveId } = await preparePlacement(side.channel);
      const before = world.game(side.channel.id);
      await world.click(user, panel, moveId);
      await world.settledTable(side.channel, "stapelen");
      expect(world.game(side.channel.id).moves).toBe(before.moves + 1);

      const mine: EmulatedInteraction[] = world.interactions.slice(from);
      expect(mine.length).toBeGreaterThanOrEqual(5);
      for (const interaction of mine) {
        expect(interaction.guildId).toBe(side.guild.id);
        const delivered = emulator
          .dispatches("INTERACTION_CREATE")
          .filter((d) => d.interactionId === interaction.id);
        // Exactly one delivery, to a session of the owning shard: only that process saw the token.
        expect(delivered.map((d) => [...d.shard])).toEqual([[side.shard, SHARDS]]);
        expect(emulator.dispatchOf(interaction)?.shard[0]).toBe(side.shard);
        expect(emulator.responsesTo(interaction).acked).toBe(true);
        expect(emulator.responsesTo(interaction).errors).toEqual([]);
      }
    }
    // Nothing about a guild ever reached the other shard.
    for (const record of emulator.dispatches()) {
      if (record.guildId === guildA.id) expect(record.shard[0]).toBe(0);
      if (record.guildId === guildB.id) expect(record.shard[0]).toBe(1);
    }
  });

  it("a RECONNECT of shard 1 resumes shard 1 only; shard 0's session is untouched", async () => {
    const live = (shard: number) => emulator.sessions().find((s) => s.connected && s.shard[0] === shard)!;
    const [shard0, shard1] = [live(0), live(1)];
    emulator.requestReconnect(1);
    await emulator.waitFor(
      () =>
        emulator.sessions().find((s) => s.sessionId === shard1.sessionId && s.connected && s.resumes === 1),
      WAIT_LIMIT_MS,
      "shard 1 to resume on its own session",
    );
    expect(emulator.identifyCount).toBe(SHARDS);
    expect(emulator.sessions().find((s) => s.sessionId === shard0.sessionId)).toMatchObject({
      connected: true,
      resumes: 0,
    });
    expect(emulator.sessions().filter((s) => s.connected)).toHaveLength(SHARDS);
  });

  it("reminders: each idle game gets exactly one reminder (two shards never both remind it), pinging the player to act", async () => {
    const tables = new Map<string, MessageView>();
    for (const side of sides()) tables.set(side.name, await world.settledTable(side.channel, "stapelen"));
    // The reminder for a game's current version comes after that version's table.
    const since = (side: ReturnType<typeof sides>[number]) =>
      reminders(side.channel).filter((m) => BigInt(m.id) > BigInt(tables.get(side.name)!.id));
    await emulator.waitFor(
      () => {
        foreignChannelFetches();
        return sides().every((side) => since(side).length > 0);
      },
      REMINDER_IDLE_S * 1000 + WAIT_LIMIT_MS,
      "a reminder in each guild (does src/bot/scheduler.ts still check every 10 minutes?)",
    );
    // Both shards' schedulers finished a pass since: a second reminder would show.
    await world.schedulerPass({ guilds: [guildA, guildB] });
    for (const side of sides()) {
      const sent = since(side);
      expect(sent).toHaveLength(1);
      const table = tables.get(side.name)!;
      const next = activeUser(side.channel);
      expect(sent[0]!.notified).toEqual([next.id]);
      expect(sent[0]!.text).toContain(
        `https://discord.com/channels/${side.guild.id}/${side.channel.id}/${table.id}`,
      );
    }
    foreignChannelFetches();
    // No reminder failed.
    expect(bot.lines.some((l) => /timed notice failed|scheduler pass failed/.test(l.text))).toBe(false);
  });

  it("a shard process that dies is respawned by the manager and serves its guild again", async () => {
    const spawned = bot.lines.filter((l) => l.run === 1 && /shard 1\/2: spawned \(pid \d+\)/.test(l.text));
    const pid = Number(/pid (\d+)/.exec(spawned.at(-1)!.text)![1]);
    const identifies = emulator.identifyCount;
    const diedAt = Date.now();
    process.kill(pid, "SIGKILL");
    await runLine(1, "shard 1/2: died (killed by SIGKILL); respawning");
    await emulator.waitFor(
      () =>
        emulator
          .sessions()
          .some((s) => s.shard[0] === 1 && s.connected && s.ready && s.identifiedAt >= diedAt),
      30_000,
      "the respawned shard 1 to identify",
    );
    await emulator.waitFor(
      () => bot.lines.filter((l) => l.text.includes("shard 1/2: ready")).length >= 2,
      30_000,
      "the respawned shard 1 to be ready",
    );
    expect(emulator.identifyCount).toBe(identifies + 1);
    expect(emulator.sessions().filter((s) => s.connected)).toHaveLength(SHARDS);
    const ping = await world.slash(bob, tablesB, "game", {}, "status");
    expect(ping.acked).toBe(true);
    expect(emulator.dispatchOf(ping.interaction)?.sessionId).toBe(
      emulator.sessions().find((s) => s.shard[0] === 1 && s.connected)!.sessionId,
    );
  });

  it("SIGKILL of the whole sharded bot while both guilds' tables are held: after a restart (SHARD_COUNT=auto) each owning shard re-posts its guild's table exactly once", async () => {
    const before = new Map<string, { id: number; version: number; moves: number; tables: number }>();
    const held: Promise<void>[] = [];
    for (const side of sides()) {
      const { user, panel, moveId } = await preparePlacement(side.channel);
      const game = world.game(side.channel.id);
      // The new table travels on the click's token, as its public follow-up.
      const tableHeld = emulator.holdNext("POST", /^\/webhooks\/\d+\/[^/]+$/);
      const answered = await world.click(user, panel, moveId);
      expect(answered.ephemeral).toBe(true);
      await tableHeld;
      held.push(tableHeld);
      const stored = world.game(side.channel.id);
      expect(stored.version).toBe(game.version + 1);
      before.set(side.name, {
        id: stored.id,
        version: stored.version,
        moves: stored.moves,
        tables: world.tables(side.channel, "stapelen").length,
      });
    }
    await Promise.all(held);

    const killedAt = Date.now();
    await bot.kill("SIGKILL");
    // The shard processes notice their manager is gone and stop: no session stays connected.
    await emulator.waitFor(
      () => emulator.sessions().every((s) => !s.connected),
      WAIT_LIMIT_MS,
      "the orphaned shards to stop",
    );
    for (const side of sides()) {
      expect(world.tables(side.channel, "stapelen")).toHaveLength(before.get(side.name)!.tables);
    }

    // "auto" asks the emulator's GET /gateway/bot, which recommends 2.
    botEnv.SHARD_COUNT = "auto";
    const requestsBefore = emulator.requests.filter((r) => r.path === "/gateway/bot").length;
    await bot.start();
    await emulator.waitForBotReady({ bot, shards: SHARDS, after: killedAt, timeoutMs: 30_000 });
    await runLine(2, `all ${SHARDS} shard(s) ready`);
    expect(emulator.requests.filter((r) => r.path === "/gateway/bot").length).toBeGreaterThan(requestsBefore);
    expect(await runLine(2, "starting")).toContain(`starting ${SHARDS} shard(s) (Discord's recommendation)`);

    for (const side of sides()) {
      const stored = before.get(side.name)!;
      const table = await world.settledTable(side.channel, "stapelen");
      expect(world.tables(side.channel, "stapelen")).toHaveLength(stored.tables + 1);
      const next = activeUser(side.channel);
      expect(table.text).toContain(`<@${next.id}>`);
      expect(table.notified).toEqual([next.id]);
      expect(world.game(side.channel.id)).toMatchObject({ version: stored.version, moves: stored.moves });
    }
    // Both shards finished their start-up repair (a duplicate would have been posted in it): still
    // exactly one new table each.
    for (const side of sides()) {
      await emulator.waitFor(
        () =>
          bot.lines.find(
            (l) =>
              l.run === 2 &&
              l.text.startsWith(`[shard ${side.shard}] `) &&
              l.text.includes("table(s) that missed a stored move"),
          ),
        30_000,
        `shard ${side.shard}'s start-up repair to finish`,
      );
    }
    for (const side of sides()) {
      const stored = before.get(side.name)!;
      expect(world.tables(side.channel, "stapelen")).toHaveLength(stored.tables + 1);
      // Re-posted by the owning shard, and by no other (each shard's output is prefixed with its id).
      const repaired = `game ${stored.id}: table re-posted at v${stored.version}`;
      await runLine(2, repaired);
      const repairs = bot.lines.filter((l) => l.run === 2 && l.text.includes(repaired));
      expect(repairs.map((l) => l.text.slice(0, l.text.indexOf("]") + 1))).toEqual([`[shard ${side.shard}]`]);
    }
  });

  it("two hosts on one database (SHARDS=0 and SHARDS=1 of SHARD_COUNT=2): each runs only its shard and plays its guild's game, /game status on either lists the games of both, and a host lost mid-move pauses only its own guild", async () => {
    await bot.kill("SIGTERM");
    await emulator.waitFor(
      () => emulator.sessions().every((s) => !s.connected),
      WAIT_LIMIT_MS,
      "the sharded bot to stop",
    );
    const startedAt = Date.now();
    botEnv.SHARD_COUNT = String(SHARDS);
    botEnv.SHARDS = "0";
    const secondHost = new BotProcess({
      emulator,
      guildId: guildA.id,
      databasePath: bot.databasePath,
      args: ["dist/src/shard.js"],
      env: { ...botEnv, SHARDS: "1" },
    });
    try {
      await Promise.all([bot.start(), secondHost.start()]);
      await emulator.waitForBotReady({ bot, shards: SHARDS, after: startedAt, timeoutMs: 30_000 });
      expect(await runLine(3, "starting")).toContain(`starting shard(s) 0 of ${SHARDS}`);
      await runLine(3, "all 1 shard(s) of this host ready");
      expect((await secondHost.waitForLine("starting", 30_000)).text).toContain(
        `starting shard(s) 1 of ${SHARDS}`,
      );
      await secondHost.waitForLine("all 1 shard(s) of this host ready", 30_000);
      // Each host spawned its own shard and no other.
      for (const [host, mine, theirs] of [
        [bot, 0, 1],
        [secondHost, 1, 0],
      ] as const) {
        const spawned = host.lines.filter(
          (l) => l.run === host.lines.at(-1)!.run && /: spawned/.test(l.text),
        );
        expect(spawned.map((l) => /shard (\d+)\//.exec(l.text)![1])).toEqual([String(mine)]);
        expect(host.lines.some((l) => l.text.startsWith(`[shard ${theirs}] `) && l.at >= startedAt)).toBe(
          false,
        );
      }

      for (const side of sides()) {
        const before = world.game(side.channel.id);
        const { user, panel, moveId } = await preparePlacement(side.channel);
        await world.click(user, panel, moveId);
        expect(emulator.dispatchOf(world.interactions.at(-1)!)?.shard[0]).toBe(side.shard);
        await world.settledTable(side.channel, "stapelen");
        expect(world.game(side.channel.id)).toMatchObject({
          version: before.version + 1,
          moves: before.moves + 1,
        });
      }
      // The database is shared: a host lists the games its shard never saw.
      for (const side of sides()) {
        const status = await world.slash(alice, side.channel, "game", {}, "status");
        const text = status.message?.text ?? "";
        for (const other of sides())
          expect(text).toContain(`/channels/${other.guild.id}/${other.channel.id}`);
      }

      // Host A is lost (its shard process and its manager killed, a move's new table held in
      // flight); host B's game goes on meanwhile, and A, started again, repairs its own table.
      const [sideA, sideB] = sides();
      const placement = await preparePlacement(sideA.channel);
      const beforeA = world.game(sideA.channel.id);
      const tablesA = world.tables(sideA.channel, "stapelen").length;
      const tableHeld = emulator.holdNext("POST", /^\/webhooks\/\d+\/[^/]+$/);
      await world.click(placement.user, placement.panel, placement.moveId);
      await tableHeld;
      const shardA = bot.lines.filter((l) => l.run === 3 && /shard 0\/2: spawned \(pid \d+\)/.test(l.text));
      const killedAt = Date.now();
      process.kill(Number(/pid (\d+)/.exec(shardA.at(-1)!.text)![1]), "SIGKILL");
      await bot.kill("SIGKILL");
      await emulator.waitFor(
        () => !emulator.sessions().some((s) => s.connected && s.shard[0] === 0),
        WAIT_LIMIT_MS,
        "host A's shard to be gone",
      );
      const beforeB = world.game(sideB.channel.id);
      const playB = await preparePlacement(sideB.channel);
      await world.click(playB.user, playB.panel, playB.moveId);
      await world.settledTable(sideB.channel, "stapelen");
      expect(world.game(sideB.channel.id)).toMatchObject({
        version: beforeB.version + 1,
        moves: beforeB.moves + 1,
      });

      await bot.start();
      await emulator.waitFor(
        () =>
          emulator
            .sessions()
            .some((s) => s.connected && s.ready && s.shard[0] === 0 && s.identifiedAt >= killedAt),
        30_000,
        "host A's shard to be back",
      );
      const table = await world.settledTable(sideA.channel, "stapelen");
      // The move stored before the crash is there once, and its table was posted once, by host A.
      expect(world.game(sideA.channel.id)).toMatchObject({
        version: beforeA.version + 1,
        moves: beforeA.moves + 1,
      });
      expect(world.tables(sideA.channel, "stapelen")).toHaveLength(tablesA + 1);
      const shownGame = { id: world.game(sideA.channel.id).id, version: beforeA.version + 1 };
      expect(table.attachments.some((a) => showsVersion(a.filename, "stapelen", shownGame))).toBe(true);
      await runLine(4, `table re-posted at v${beforeA.version + 1}`);
      expect(secondHost.lines.some((l) => l.text.includes("table re-posted"))).toBe(false);
    } finally {
      await secondHost.kill();
    }
  });

  it("a deploy: a manager started beside the running one takes its shard over and the old one exits by itself; a second one takes one of its two shards; every click answered; the managers' metrics count the handover, shards up and a restart", async () => {
    // Host A runs shard 0 alone now (the test above). X: both shards, beside it.
    const hostA = bot;
    const port = await freePort();
    const manager = (shards: string, metricsPort?: number) =>
      new BotProcess({
        emulator,
        guildId: guildA.id,
        databasePath: bot.databasePath,
        args: ["dist/src/shard.js"],
        env: {
          ...botEnv,
          SHARDS: shards,
          ...(metricsPort === undefined ? {} : { MANAGER_METRICS_PORT: String(metricsPort) }),
        },
      });
    const x = manager("0,1", port);
    const y = manager("1");
    try {
      const exited = hostA.waitForExit(60_000);
      await x.start();
      await x.waitForLine("taking over shard 0 from a running process", 30_000);
      // Host A lets go once X's shard 0 is ready, unasked, and its manager exits 0.
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(hostA.lines.some((l) => l.text.includes("shard 0/2: handed over to a newer process"))).toBe(
        true,
      );
      await x.waitForLine(`all ${SHARDS} shard(s) of this host ready`, 60_000);
      for (const side of sides())
        expect((await world.slash(bob, side.channel, "game", {}, "status")).acked).toBe(true);
      expect(sample(await scrape(port), "cardtable_manager_shards_up")).toBe(2);

      // Y takes shard 1 from X, which keeps shard 0 and counts the handover.
      await y.start();
      await x.waitForLine("shard 1/2: handed over to a newer process", 60_000);
      const text = await scrapeUntil(
        port,
        (t) =>
          sample(t, "cardtable_gateway_handovers_total") === 1 &&
          sample(t, "cardtable_manager_shards_up") === 1,
        "the handover counted",
      );
      expect(sample(text, "cardtable_manager_shard_restarts_total")).toBe(0);
      const onB = await world.slash(bob, tablesB, "game", {}, "status");
      expect(onB.acked).toBe(true);
      const newest = emulator.sessions().filter((s) => s.shard[0] === 1 && s.connected);
      expect(newest).toHaveLength(1);
      expect(emulator.dispatchOf(onB.interaction)?.sessionId).toBe(newest[0]!.sessionId);
      expect(x.running).toBe(true);

      // A shard that dies is started again, and counted.
      const pid = Number(/shard 0\/2: spawned \(pid (\d+)\)/.exec(x.output())![1]);
      process.kill(pid, "SIGKILL");
      await scrapeUntil(
        port,
        (t) =>
          sample(t, "cardtable_manager_shard_restarts_total", { shard: "0" }) === 1 &&
          sample(t, "cardtable_manager_shards_up") === 1,
        "the restart counted and shard 0 up again",
      );
      expect((await world.slash(alice, tablesA, "game", {}, "status")).acked).toBe(true);
    } finally {
      await Promise.all([x.kill(), y.kill()]);
    }
  });

  it("no shard fetched a channel it should have cached", () => {
    foreignChannelFetches();
  });
});

describe("the emulator's gateway for N shards (raw client)", () => {
  // These identify one after another; max_concurrency's pacing has its own test (emulator.selftest).
  const raw = new DiscordEmulator({ recommendedShards: 3, identifyWindowMs: 0 });
  const guilds: EmulatorGuild[] = [];

  beforeAll(async () => {
    await raw.start();
    for (const id of [0, 1, 2]) guilds.push(raw.createGuild(`Shard ${id} of 3`, { shard: { id, count: 3 } }));
  });

  afterAll(async () => {
    await raw.stop();
  });

  /** Connects, IDENTIFYs with `shard` (omitted when undefined); resolves with the close code or the payloads up to the last GUILD_CREATE. */
  async function identify(
    shard?: [number, number],
  ): Promise<{ close: number | null; payloads: RawPayload[] }> {
    const socket = new WebSocket(`${raw.gatewayUrl}?v=10&encoding=json`);
    const payloads: RawPayload[] = [];
    let close: number | null = null;
    socket.on("message", (data) => payloads.push(JSON.parse(data.toString()) as RawPayload));
    socket.on("close", (code) => {
      close = code;
    });
    await raw.waitFor(() => payloads.some((p) => p.op === 10), 10_000, "HELLO");
    socket.send(
      JSON.stringify({
        op: 2,
        d: { token: "raw", intents: 1, properties: { os: "linux", browser: "raw", device: "raw" }, shard },
      }),
    );
    // READY names the shard's guilds; each then comes in its own GUILD_CREATE.
    await raw.waitFor(
      () => {
        if (close !== null) return true;
        const ready = payloads.find((p) => p.t === "READY");
        if (!ready) return null;
        const guildCount = (ready.d as { guilds: unknown[] }).guilds.length;
        return payloads.filter((p) => p.t === "GUILD_CREATE").length >= guildCount ? true : null;
      },
      WAIT_LIMIT_MS,
      "READY and its guilds, or a close",
    );
    socket.terminate();
    return { close, payloads };
  }

  it("GET /gateway/bot recommends the configured count; guilds land on the shard asked for", async () => {
    const response = await fetch(`${raw.apiBase}/v10/gateway/bot`, { headers: { authorization: "Bot raw" } });
    expect(((await response.json()) as { shards: number }).shards).toBe(3);
    expect(guilds.map((g) => Number((BigInt(g.id) >> 22n) % 3n))).toEqual([0, 1, 2]);
  });

  it("IDENTIFY [id, count] gets READY with that shard and only its guilds; a shard id out of range closes with 4010", async () => {
    for (const id of [0, 1, 2]) {
      const { close, payloads } = await identify([id, 3]);
      expect(close).toBeNull();
      const ready = payloads.find((p) => p.t === "READY")!.d as { shard: number[]; guilds: { id: string }[] };
      expect(ready.shard).toEqual([id, 3]);
      expect(ready.guilds.map((g) => g.id)).toEqual([guilds[id]!.id]);
      const created = payloads.filter((p) => p.t === "GUILD_CREATE").map((p) => (p.d as { id: string }).id);
      expect(created).toEqual([guilds[id]!.id]);
    }
    for (const bad of [
      [3, 3],
      [-1, 3],
      [0, 0],
    ] as [number, number][]) {
      expect((await identify(bad)).close).toBe(4010);
    }
    // Without sharding: shard [0, 1] and every guild.
    const whole = await identify();
    const ready = whole.payloads.find((p) => p.t === "READY")!.d as { shard: number[]; guilds: unknown[] };
    expect(ready.shard).toEqual([0, 1]);
    expect(ready.guilds).toHaveLength(3);
  });
});

interface RawPayload {
  op: number;
  t?: string | null;
  d?: unknown;
}
