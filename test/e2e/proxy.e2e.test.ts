import { existsSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  BotProcess,
  DiscordEmulator,
  type EmulatorChannel,
  type EmulatorUser,
  WAIT_LIMIT_MS,
} from "@cardtable/discord-emulator";
import { DefaultRestOptions, RateLimitError, REST } from "@discordjs/rest";
import { Routes } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type ThrowAwayPostgres } from "../../scripts/throwAwayPostgres.js";
import {
  GLOBAL_REQUESTS_PER_SECOND,
  GlobalBudget,
  REST_REQUESTS_PER_SECOND,
  withinGlobalBudget,
} from "../../src/bot/globalBudget.js";
import { createLogger } from "../../src/bot/log.js";
import { createRestProxy } from "../../src/ops/restProxy.js";
import { World } from "./support/world.js";

/**
 * `npm run proxy` (dist/src/proxy.js) in front of the emulator, which answers 429 past Discord's
 * limits: the real bot sends all its REST through it, and hosts behind it share one global budget.
 * That bot keeps its games in PostgreSQL (DATABASE_URL), as the hosts of a bigger bot do.
 */

describe("the bot behind the REST proxy, on PostgreSQL", () => {
  const world = new World();
  let proxy: BotProcess;
  let postgres: ThrowAwayPostgres;
  let alice: EmulatorUser;
  let tables: EmulatorChannel;

  beforeAll(async () => {
    world.emulator = new DiscordEmulator({ ackDeadlineMs: 60_000, rateLimits: {} });
    const emulator = world.emulator;
    await emulator.start();
    postgres = await startPostgres();
    world.databaseUrl = postgres.url;
    world.guild = emulator.createGuild("Proxied Club");
    tables = world.channel("tables");
    alice = world.user("Alice");
    proxy = new BotProcess({
      args: ["dist/src/proxy.js"],
      env: { PROXY_PORT: "0", DISCORD_API_BASE: emulator.apiBase },
    });
    await proxy.start();
    const port = /listening on port (\d+)/.exec((await proxy.waitForLine("REST proxy listening")).text)![1];
    // The bot knows only the proxy: the emulator's address reaches it from no setting.
    world.bot = new BotProcess({
      emulator,
      guildId: world.guild.id,
      env: {
        REMINDER_HOURS: "0",
        ROBOT_MOVE_DELAY_MS: "0",
        DISCORD_API_BASE: `http://127.0.0.1:${port}/api`,
        DATABASE_URL: postgres.url,
      },
    });
    await world.bot.start();
    await emulator.waitForBotReady({ bot: world.bot });
  });

  afterAll(async () => {
    try {
      await world.close();
      proxy.assertNoErrors();
    } finally {
      if (proxy?.running) await proxy.kill();
      await postgres?.stop();
    }
  });

  it("registers its commands, starts a game and plays it with clicks, and Discord refuses none of its requests", async () => {
    // Its database is PostgreSQL's: the SQLite file it would otherwise make was never made.
    expect(existsSync(world.bot.databasePath)).toBe(false);
    const first = await world.openGame("thegame", tables, alice);
    expect(first.attachments.some((a) => a.filename.startsWith("thegame-"))).toBe(true);
    let panel = await world.openPanel(alice, tables, "thegame");
    const before = world.game(tables.id).version;
    for (let card = 0; card < 2; card++) panel = await world.playTheGameCard(alice, panel);
    expect(world.game(tables.id).moves).toBe(2);
    expect(world.game(tables.id).version).toBeGreaterThan(before);
    await world.settledTable(tables, "thegame");
    // The proxy answers without Discord's bucket headers: it waited out the buckets for the bot.
    expect(world.emulator.rateLimits.limited).toBe(0);
  });
});

describe("two hosts behind the proxy share one global budget (the limits on an injected clock)", () => {
  let now = Date.parse("2030-01-01T00:00:00Z");
  /** The proxy's budget waits on this clock: it moves only when the test moves it. */
  const waiting: { until: number; wake: () => void }[] = [];
  const clock = {
    now: () => now,
    sleep: (ms: number) => new Promise<void>((wake) => waiting.push({ until: now + ms, wake })),
  };
  function advance(ms: number): void {
    now += ms;
    for (const sleeper of waiting.filter((s) => s.until <= now)) {
      waiting.splice(waiting.indexOf(sleeper), 1);
      sleeper.wake();
    }
  }
  const emulator = new DiscordEmulator({ rateLimits: { now: () => now } });
  let proxy: Server;
  let proxyBase: string;
  /** Each host's load: well within its own budget, more than Discord's together. */
  const PER_HOST = 30;

  /**
   * A host's REST client as the bot builds it, its own global budget included. A 429 fails its
   * request instead of being retried, so that a breach shows.
   */
  const host = (api: string) =>
    new REST({
      api,
      globalRequestsPerSecond: REST_REQUESTS_PER_SECOND,
      makeRequest: withinGlobalBudget(DefaultRestOptions.makeRequest, new GlobalBudget()),
      rejectOnRateLimit: () => true,
    }).setToken(emulator.token);
  /** Both hosts' counted requests at once; how many have settled so far. */
  function load(api: string): { settled: () => number; results: Promise<PromiseSettledResult<unknown>[]> } {
    let settled = 0;
    const requests = [host(api), host(api)].flatMap((rest) =>
      Array.from({ length: PER_HOST }, () => rest.get(Routes.user()).finally(() => settled++)),
    );
    return { settled: () => settled, results: Promise.allSettled(requests) };
  }

  beforeAll(async () => {
    await emulator.start();
    proxy = createRestProxy({
      apiBase: emulator.apiBase,
      log: createLogger("error"),
      budget: new GlobalBudget(GLOBAL_REQUESTS_PER_SECOND, 1000, clock),
    });
    await new Promise<void>((listening) => proxy.listen(0, "127.0.0.1", listening));
    proxyBase = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/api`;
  });

  afterAll(async () => {
    proxy?.closeAllConnections();
    await new Promise((closed) => proxy?.close(closed));
    await emulator.stop();
  });

  it(`sent straight to Discord, ${PER_HOST} requests from each host in one second get global 429s`, async () => {
    now += 60_000;
    const before = emulator.rateLimits.global;
    const results = await load(emulator.apiBase).results;
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(GLOBAL_REQUESTS_PER_SECOND);
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    expect(refused).toHaveLength(2 * PER_HOST - GLOBAL_REQUESTS_PER_SECOND);
    expect(refused.every((reason) => reason instanceof RateLimitError && reason.global)).toBe(true);
    expect(emulator.rateLimits.global.limited).toBeGreaterThan(before.limited);
  });

  it("through the proxy, Discord counts 50 in that second, the proxy holds the rest for the next, and nothing is refused", async () => {
    now += 60_000;
    const before = emulator.rateLimits.global;
    const { settled, results } = load(proxyBase);
    await emulator.waitFor(
      () =>
        (settled() === GLOBAL_REQUESTS_PER_SECOND && waiting.length > 0) ||
        emulator.rateLimits.global.limited > before.limited,
      WAIT_LIMIT_MS,
      "50 answers, and the proxy holding the next request for the next second",
    );
    expect(emulator.rateLimits.global).toEqual({
      requests: before.requests + GLOBAL_REQUESTS_PER_SECOND,
      limited: before.limited,
    });
    advance(1000);
    expect((await results).filter((r) => r.status === "rejected")).toEqual([]);
    expect(emulator.rateLimits.global).toEqual({
      requests: before.requests + 2 * PER_HOST,
      limited: before.limited,
    });
  });
});
