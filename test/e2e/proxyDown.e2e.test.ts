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
import { fittingFoundation } from "./support/stapelen.js";
import { button, World } from "./support/world.js";

/**
 * The REST proxy killed under load: SIGKILL while players click in a few games, started again on
 * the same port after 5 s, and no host restarted. Tables are on their way through it when it dies:
 * held at Discord, then let through once it is gone (Discord posted them, the bot never heard), or
 * never answered (lost). Within 10 s of its return every table shows its game's version and every
 * player to act has been pinged, no table version was posted twice, and the host's /metrics counted
 * it all: with REST_FALLBACK (the host sends straight to Discord meanwhile, and the clicks are
 * answered), and without (the repair sweep waits for the proxy).
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
  world.bot = new BotProcess({ emulator, guildId: world.guild.id, env: hostEnv(emulator.apiBase) });
  await world.bot.start();
  await emulator.waitForBotReady({ bot: world.bot });
});

/** The host's settings: behind the proxy, with `fallback` (REST_FALLBACK) or none. */
function hostEnv(fallback: string | null): Record<string, string> {
  return {
    REMINDER_HOURS: "0",
    ROBOT_MOVE_DELAY_MS: "0",
    GAME_SEED: "4",
    DISCORD_API_BASE: `http://127.0.0.1:${proxyPort}/api`,
    METRICS_PORT: String(metricsPort),
    ...(fallback ? { REST_FALLBACK: fallback } : {}),
  };
}

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

/** Stacking's player to act, read from the database as a referee. */
const activeUser = (channel: EmulatorChannel) => world.userToMove(channel, [alice, bob]);

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
  const target = fittingFoundation(chosen);
  if (!target?.customId || stopped()) return;
  await world.click(user, chosen, target.customId);
}

/**
 * A player in each game making moves one after another, until stopped or their game is over; they
 * can be paused between two moves.
 */
class Players {
  readonly #count: number;
  /** Games whose player is between two moves, paused, or done. */
  readonly #idle = new Set<string>();
  #pause: { resumed: Promise<void>; resume: () => void } | null = null;
  #stopped = false;
  readonly runs: Promise<PromiseSettledResult<void>[]>;

  constructor(channels: readonly EmulatorChannel[]) {
    this.#count = channels.length;
    this.runs = Promise.allSettled(channels.map((channel) => this.#play(channel)));
  }

  async #play(channel: EmulatorChannel): Promise<void> {
    try {
      for (;;) {
        if (this.#pause) {
          this.#idle.add(channel.id);
          await this.#pause.resumed;
          this.#idle.delete(channel.id);
        }
        if (this.#stopped) return;
        await world.settledTable(channel, "stapelen");
        if (world.game(channel.id).status !== "active") return;
        await playMove(channel, () => this.#stopped);
      }
    } finally {
      this.#idle.add(channel.id);
    }
  }

  /** Resolves once every player has finished the move they were making: none is clicking. */
  async pause(): Promise<void> {
    let resume!: () => void;
    this.#pause = { resumed: new Promise((resolve) => (resume = resolve)), resume };
    await world.emulator.waitFor(
      () => this.#idle.size === this.#count || null,
      WAIT_LIMIT_MS,
      "every player between two moves",
    );
  }

  resume(): void {
    this.#pause?.resume();
    this.#pause = null;
  }

  /** The players stop after the move they are making; resolves with how each run ended. */
  stop(): Promise<PromiseSettledResult<void>[]> {
    this.#stopped = true;
    this.resume();
    return this.runs;
  }
}

/** The games whose newest table does not show their current version, and those whose player to act was never pinged. */
function owed(channels: readonly EmulatorChannel[]): { staleTables: string[]; owedPings: string[] } {
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

/** Stacking games of Alice and Bob, each in a channel of its own. */
async function games(name: string, count: number): Promise<EmulatorChannel[]> {
  const channels: EmulatorChannel[] = [];
  for (let i = 1; i <= count; i++) {
    const channel = world.channel(`${name}-${i}`);
    await world.openGame("stapelen", channel, alice, [bob]);
    channels.push(channel);
  }
  return channels;
}

/** The proxy started again after the outage; resolves when it listens, with the time it did. */
async function proxyBack(run: number): Promise<number> {
  await sleep(OUTAGE_MS);
  await proxy.start();
  await proxyListening(run);
  return Date.now();
}

/**
 * Within 10 s of `back`, every table current and every owed ping sent (else the counts of what is
 * left); then no version's table posted twice, which would have pinged its player twice.
 */
async function repairedInTime(channels: readonly EmulatorChannel[], back: number): Promise<void> {
  await world.emulator
    .waitFor(
      () => {
        const left = owed(channels);
        return left.staleTables.length + left.owedPings.length === 0 || null;
      },
      Math.max(0, back + REPAIRED_WITHIN_MS - Date.now()),
      "every table current and every owed ping sent",
    )
    .catch(() => expect(owed(channels)).toEqual({ staleTables: [], owedPings: [] }));
  for (const channel of channels) {
    const pictures = world
      .tables(channel, "stapelen")
      .flatMap((m) => m.attachments.map((a) => a.filename).filter((f) => f.startsWith("stapelen-")));
    expect(new Set(pictures).size).toBe(pictures.length);
  }
}

/** A new table, a click's follow-up. */
const TABLE_POST = /^\/webhooks\/\d+\/[^/]+$/;

describe("the REST proxy killed while players click, back 5 s later", () => {
  it("with REST_FALLBACK: play goes on meanwhile, and every table is current and every owed ping sent within 10 s of its return, none twice, no host restarted", async () => {
    const channels = await games("fallback", GAMES);
    const proxyHealth = await fetch(`http://127.0.0.1:${proxyPort}/healthz`);
    expect(proxyHealth.status).toBe(200);
    const forwarded = await scrape(proxyPort);
    expect(total(forwarded, "cardtable_proxy_requests_total", { method: "POST" })).toBeGreaterThan(0);
    expect(forwarded).not.toMatch(/route="[^"]*\d{5,}/);

    const players = new Players(channels);
    await world.emulator.waitFor(
      () => channels.every((channel) => world.game(channel.id).moves > 0) || null,
      WAIT_LIMIT_MS,
      "a move in every game",
    );
    // Between two moves the players of two games each make one: their new tables reach Discord
    // through the proxy and wait there for an answer when it dies.
    await players.pause();
    for (const channel of channels) await world.settledTable(channel, "stapelen");
    const held = world.emulator.holdUntilReleased("POST", TABLE_POST, 2);
    await Promise.all(channels.slice(0, 2).map((channel) => playMove(channel)));
    await held.arrived;
    await proxy.kill("SIGKILL");
    // Discord posts them after all; the proxy that asked is gone, and the bot hears nothing.
    held.release();
    const clicksBefore = world.interactions.length;
    players.resume();
    const back = await proxyBack(2);
    const runs = players.stop();
    await repairedInTime(channels, back);
    expect(world.bot.running).toBe(true);
    // The players went on meanwhile, answered through the fallback (world.close checks every answer).
    expect((await runs).filter((run) => run.status === "rejected")).toEqual([]);
    expect(world.interactions.length).toBeGreaterThan(clicksBefore);

    const host = await scrape(metricsPort);
    expect(total(host, "cardtable_rest_errors_total", { reason: "connection" })).toBeGreaterThan(0);
    expect(total(host, "cardtable_rest_fallback_requests_total")).toBeGreaterThan(0);
    expect(total(host, "cardtable_table_posts_failed_total")).toBeGreaterThan(0);
    expect(total(host, "cardtable_table_repairs_total", { what: "table" })).toBeGreaterThan(0);

    // The host asked the proxy's /healthz and sends through it again: a move now goes through it.
    const healthy = await fetch(`http://127.0.0.1:${proxyPort}/healthz`);
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toEqual({ discord: "ok" });
    await world.bot.waitForLine("the REST proxy answers again");
    const [later] = await games("after", 1);
    await playMove(later!);
    await world.settledTable(later!, "stapelen");
    const after = await scrape(proxyPort);
    expect(
      total(after, "cardtable_proxy_requests_total", { route: "/interactions/:id/:token/callback" }),
    ).toBeGreaterThan(0);
    expect(after).toMatch(/^cardtable_proxy_requests_in_flight \d+$/m);
  });

  it("without a fallback: the requests wait for the proxy, and the repair sweep has every table current and every owed ping sent within 10 s of its return", async () => {
    await world.restart(hostEnv(null));
    const channels = await games("waiting", 2);
    const [lostPost, unheardPost] = channels as [EmulatorChannel, EmulatorChannel];
    // One table's post never answered (it dies with the proxy, not posted), the other's posted unheard.
    const never = world.emulator.holdNext("POST", TABLE_POST);
    await playMove(lostPost);
    await never;
    const held = world.emulator.holdUntilReleased("POST", TABLE_POST);
    await playMove(unheardPost);
    await held.arrived;
    await proxy.kill("SIGKILL");
    held.release();
    const back = await proxyBack(3);
    await repairedInTime(channels, back);

    const host = await scrape(metricsPort);
    expect(total(host, "cardtable_rest_errors_total", { reason: "connection" })).toBeGreaterThan(0);
    expect(total(host, "cardtable_rest_retries_total")).toBeGreaterThan(0);
    expect(total(host, "cardtable_rest_fallback_requests_total")).toBe(0);
    expect(total(host, "cardtable_table_posts_failed_total")).toBe(2);
    // The lost post is posted anew (a ping); the one that reached Discord unheard is found and
    // recorded, never posted twice (repairedInTime checks every picture once): at most one repair.
    expect(total(host, "cardtable_table_repairs_total", { what: "ping" })).toBe(1);
    expect(total(host, "cardtable_table_repairs_total", { what: "table" })).toBeLessThanOrEqual(1);
  });
});
