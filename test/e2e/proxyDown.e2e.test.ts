import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import {
  BotProcess,
  componentsOf,
  DiscordEmulator,
  type EmulatorChannel,
  type EmulatorUser,
  WAIT_LIMIT_MS,
} from "@cardtable/discord-emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { button, World } from "./support/world.js";

/**
 * The REST proxy killed under load: SIGKILL while players click in a few games, started again on
 * the same port after 5 s, and no host restarted. Two tables are on their way through it when it
 * dies (held at Discord, then let through once it is gone: Discord posted them, the bot never
 * heard). Within 10 s of its return every table shows its game's version and every player to act
 * has been pinged, no table version was posted twice, and the host's /metrics counted it all.
 */

const GAMES = 4;
/** How long the proxy stays down: the scenario's own length, not a wait for a result. */
const OUTAGE_MS = 5000;
/** From the proxy's return to every table current and every owed ping sent. */
const REPAIRED_WITHIN_MS = 10_000;

const world = new World();
let proxy: BotProcess;
let proxyPort: number;
let metricsPort: number;
let alice: EmulatorUser;
let bob: EmulatorUser;
const channels: EmulatorChannel[] = [];

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Resolves once the proxy's run `run` (1 for the first start) is listening. */
function proxyListening(run: number): Promise<unknown> {
  return world.emulator.waitFor(
    () => proxy.lines.find((l) => l.run === run && l.text.includes("REST proxy listening")) ?? null,
    WAIT_LIMIT_MS,
    `the proxy's run ${run} to listen`,
  );
}

beforeAll(async () => {
  world.emulator = new DiscordEmulator({ ackDeadlineMs: 60_000 });
  const emulator = world.emulator;
  await emulator.start();
  world.guild = emulator.createGuild("Outage Club");
  alice = world.user("Alice", { manageGuild: true });
  bob = world.user("Bob");
  [proxyPort, metricsPort] = [await freePort(), await freePort()];
  proxy = new BotProcess({
    args: ["dist/src/proxy.js"],
    env: { PROXY_PORT: String(proxyPort), DISCORD_API_BASE: emulator.apiBase },
  });
  await proxy.start();
  await proxyListening(1);
  world.bot = new BotProcess({
    emulator,
    guildId: world.guild.id,
    env: {
      REMINDER_HOURS: "0",
      BOT_MOVE_DELAY_MS: "0",
      GAME_SEED: "4",
      DISCORD_API_BASE: `http://127.0.0.1:${proxyPort}/api`,
      REST_FALLBACK: emulator.apiBase,
      METRICS_PORT: String(metricsPort),
    },
  });
  await world.bot.start();
  await emulator.waitForBotReady({ bot: world.bot });
});

afterAll(async () => {
  try {
    // What the outage made the bot log: clicks and table posts it could not send.
    await world.close({
      ignoreErrors: [/ECONNREFUSED|ECONNRESET|socket hang up|other side closed|fetch failed/],
    });
    proxy.assertNoErrors();
  } finally {
    if (proxy?.running) await proxy.kill();
  }
});

function userById(id: string): EmulatorUser {
  const user = [alice, bob].find((u) => u.id === id);
  if (!user) throw new Error(`no player ${id}`);
  return user;
}

/** Stacking's player to act, read from the database as a referee. */
function activeUser(channel: EmulatorChannel): EmulatorUser {
  const s = world.game(channel.id).state as { players: string[]; activeSeat: number };
  return userById(s.players[s.activeSeat] as string);
}

const NAV = new Set(["refresh", "back"]);

/**
 * One Stacking move through the panel as a player makes it: the first top card offered, on the
 * first foundation it fits. Between its steps `stopped` may end it.
 */
async function playMove(channel: EmulatorChannel, stopped: () => boolean = () => false): Promise<void> {
  const user = activeUser(channel);
  const table = await world.settledTable(channel, "stapelen");
  if (stopped()) return;
  const panel = await world.click(user, table, button(table, "panel").customId!);
  const select = componentsOf(panel).find((c) => c.options.length > 0);
  if (!select?.customId || stopped()) return;
  const chosen = await world.select(user, panel, select.customId, [select.options[0]!.value]);
  const target = componentsOf(chosen).find(
    (c) => c.options.length === 0 && !c.disabled && !NAV.has((c.customId ?? "").split(":")[3] ?? ""),
  );
  if (!target?.customId || stopped()) return;
  await world.click(user, chosen, target.customId);
}

/** Moves one after another until `stopped`; a step the outage broke ends the player's run. */
async function keepPlaying(channel: EmulatorChannel, stopped: () => boolean): Promise<void> {
  while (!stopped()) await playMove(channel, stopped);
}

/** The games whose newest table does not show their current version, and those whose player to act was never pinged. */
function owed(): { staleTables: string[]; owedPings: string[] } {
  const staleTables: string[] = [];
  const owedPings: string[] = [];
  for (const channel of channels) {
    if (!world.currentTable(channel, "stapelen")) staleTables.push(channel.name);
    // Every Stacking move passes the turn: the newest table posted pings the player to act.
    const newest = world.tables(channel, "stapelen").at(-1);
    if (!newest?.notified.includes(activeUser(channel).id)) owedPings.push(channel.name);
  }
  return { staleTables, owedPings };
}

async function scrape(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The sum of a counter's series whose labels include `labels`. */
function total(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split("\n")) {
    const match = new RegExp(`^${name}(?:\\{([^}]*)\\})? (\\S+)$`).exec(line);
    if (!match) continue;
    const has = Object.entries(labels).every(([key, value]) => match[1]?.includes(`${key}="${value}"`));
    if (has) sum += Number(match[2]);
  }
  return sum;
}

describe("the REST proxy killed while players click, back 5 s later", () => {
  it("every table is current and every owed ping sent within 10 s of its return, none twice, with no host restarted", async () => {
    for (let i = 1; i <= GAMES; i++) {
      const channel = world.channel(`outage-${i}`);
      await world.openGame("stapelen", channel, alice, [bob]);
      channels.push(channel);
    }
    const proxyHealth = await fetch(`http://127.0.0.1:${proxyPort}/healthz`);
    expect(proxyHealth.status).toBe(200);
    const forwarded = await scrape(proxyPort);
    expect(total(forwarded, "cardtable_proxy_requests_total", { method: "POST" })).toBeGreaterThan(0);
    expect(forwarded).not.toMatch(/route="[^"]*\d{5,}/);

    // Two new tables (click follow-ups) reach Discord through the proxy and wait there for an answer.
    const held = world.emulator.holdUntilReleased("POST", /^\/webhooks\/\d+\/[^/]+$/, 2);
    let killed = false;
    const players = channels.map((channel) => keepPlaying(channel, () => killed));
    await held.arrived;
    await proxy.kill("SIGKILL");
    killed = true;
    // Discord posts them after all; the proxy that asked is gone, and the bot hears nothing.
    held.release();
    await sleep(OUTAGE_MS);
    await proxy.start();
    await proxyListening(2);
    const back = Date.now();

    await world.emulator
      .waitFor(
        () => {
          const left = owed();
          return left.staleTables.length + left.owedPings.length === 0 || null;
        },
        Math.max(0, back + REPAIRED_WITHIN_MS - Date.now()),
        "every table current and every owed ping sent",
      )
      .catch(() => expect(owed()).toEqual({ staleTables: [], owedPings: [] }));
    await Promise.allSettled(players);
    expect(world.bot.running).toBe(true);

    for (const channel of channels) {
      const pictures = world
        .tables(channel, "stapelen")
        .flatMap((m) => m.attachments.map((a) => a.filename).filter((f) => f.startsWith("stapelen-")));
      // A version's table posted twice would ping its player twice.
      expect(new Set(pictures).size).toBe(pictures.length);
    }

    const host = await scrape(metricsPort);
    expect(total(host, "cardtable_rest_errors_total", { reason: "connection" })).toBeGreaterThan(0);
    expect(total(host, "cardtable_rest_fallback_requests_total")).toBeGreaterThan(0);
    expect(total(host, "cardtable_table_posts_failed_total")).toBeGreaterThan(0);
    expect(total(host, "cardtable_table_repairs_total")).toBeGreaterThan(0);

    // The host asked the proxy's /healthz and sends through it again: a move now goes through it.
    const healthy = await fetch(`http://127.0.0.1:${proxyPort}/healthz`);
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toEqual({ discord: "ok" });
    await world.bot.waitForLine("the REST proxy answers again");
    await playMove(channels[0]!);
    await world.settledTable(channels[0]!, "stapelen");
    await world.settledTable(channels[0]!, "stapelen");
    const after = await scrape(proxyPort);
    expect(
      total(after, "cardtable_proxy_requests_total", { route: "/interactions/:id/:token/callback" }),
    ).toBeGreaterThan(0);
    expect(after).toMatch(/^cardtable_proxy_requests_in_flight \d+$/m);
  });
});
