import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, loadProxyConfig } from "../../../src/bot/config.js";

const valid = { DISCORD_TOKEN: "abc.def", DISCORD_APPLICATION_ID: "123456789012345678" };

describe("configuration from the environment", () => {
  it("explains what to put in .env when the token is missing", () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
    expect(() => loadConfig({})).toThrow(/DISCORD_TOKEN is empty.*\.env|\.env[\s\S]*DISCORD_TOKEN/);
  });

  it("uses the documented defaults", () => {
    const config = loadConfig(valid);
    expect(config.databasePath).toBe("./data/bot.sqlite");
    expect(config.databaseUrl).toBeNull();
    expect(config.apiBase).toBeNull();
    expect(config.devGuildId).toBeNull();
    expect(config.seedOverride).toBeNull();
    expect(config.logFormat).toBe("text");
    expect(config.metricsPort).toBeNull();
    expect(config.metricsHost).toBe("127.0.0.1");
  });

  it("runs on PostgreSQL when DATABASE_URL is a PostgreSQL connection string", () => {
    const url = "postgres://bot:secret@db.internal:5432/cardtable";
    expect(loadConfig({ ...valid, DATABASE_URL: url }).databaseUrl).toBe(url);
  });

  it("reads a robot's pause from ROBOT_MOVE_DELAY_MS, and from BOT_MOVE_DELAY_MS, its name before, when that is all an .env has", () => {
    expect(loadConfig(valid).robotMoveDelayMs).toBe(1500);
    expect(loadConfig({ ...valid, ROBOT_MOVE_DELAY_MS: "200" }).robotMoveDelayMs).toBe(200);
    expect(loadConfig({ ...valid, BOT_MOVE_DELAY_MS: "300" }).robotMoveDelayMs).toBe(300);
    expect(
      loadConfig({ ...valid, ROBOT_MOVE_DELAY_MS: "200", BOT_MOVE_DELAY_MS: "300" }).robotMoveDelayMs,
    ).toBe(200);
    expect(() => loadConfig({ ...valid, BOT_MOVE_DELAY_MS: "soon" })).toThrow(
      /BOT_MOVE_DELAY_MS must be a whole number/,
    );
    expect(() => loadConfig({ ...valid, ROBOT_MOVE_DELAY_MS: "-1" })).toThrow(
      /ROBOT_MOVE_DELAY_MS must be a whole number/,
    );
  });

  it("takes the REST base from DISCORD_API_BASE, without a trailing slash", () => {
    expect(loadConfig({ ...valid, DISCORD_API_BASE: "http://127.0.0.1:9999/api/" }).apiBase).toBe(
      "http://127.0.0.1:9999/api",
    );
  });

  it.each([
    { DISCORD_APPLICATION_ID: "not-a-number" },
    { DISCORD_API_BASE: "ftp://nowhere" },
    { DEV_GUILD_ID: "abc" },
    { LOG_LEVEL: "loud" },
    { LOG_FORMAT: "xml" },
    { METRICS_PORT: "70000" },
    { METRICS_PORT: "metrics" },
    { REMINDER_HOURS: "-1" },
    { GAME_SEED: "seven" },
    { DATABASE_URL: "mysql://db/cardtable" },
  ])("refuses a bad setting %j", (bad) => {
    expect(() => loadConfig({ ...valid, ...bad })).toThrow(ConfigError);
  });
});

describe("the REST proxy's configuration", () => {
  it("needs no token: by default it listens on 8790 and forwards to Discord itself", () => {
    expect(loadProxyConfig({})).toEqual({ port: 8790, apiBase: null, logLevel: "info", logFormat: "text" });
  });

  it("takes PROXY_PORT (0: a free one) and forwards to DISCORD_API_BASE", () => {
    expect(
      loadProxyConfig({ PROXY_PORT: "0", DISCORD_API_BASE: "http://127.0.0.1:9999/api/" }),
    ).toMatchObject({
      port: 0,
      apiBase: "http://127.0.0.1:9999/api",
    });
  });

  it.each(["-1", "65536", "80a", "8.5"])("refuses PROXY_PORT=%s, saying what it must be", (port) => {
    expect(() => loadProxyConfig({ PROXY_PORT: port })).toThrow(
      /PROXY_PORT must be a port number from 0 to 65535/,
    );
  });
});

describe("the fallback past the REST proxy", () => {
  const proxied = { ...valid, DISCORD_API_BASE: "http://proxy.internal:8790/api" };

  it("is off unless asked for: requests then wait for the proxy, retried", () => {
    expect(loadConfig(proxied).restFallback).toBeNull();
  });

  it("`discord` is Discord itself, within Discord's 50 a second shared by the bot's shards", () => {
    expect(loadConfig({ ...proxied, REST_FALLBACK: "discord" }).restFallback).toEqual({
      apiBase: "https://discord.com/api",
      perSecond: 50,
    });
    expect(loadConfig({ ...proxied, REST_FALLBACK: "discord", SHARD_COUNT: "4" }).restFallback).toEqual({
      apiBase: "https://discord.com/api",
      perSecond: 12,
    });
    expect(
      loadConfig({ ...proxied, REST_FALLBACK: "http://127.0.0.1:9999/api/", REST_FALLBACK_PER_SECOND: "20" })
        .restFallback,
    ).toEqual({ apiBase: "http://127.0.0.1:9999/api", perSecond: 20 });
  });

  it.each([
    [{ REST_FALLBACK: "sometimes" }, /REST_FALLBACK must be "discord" or an http\(s\) URL/],
    [{ REST_FALLBACK: "http://proxy.internal:8790/api" }, /another address than DISCORD_API_BASE/],
    [
      { REST_FALLBACK: "discord", REST_FALLBACK_PER_SECOND: "60" },
      /REST_FALLBACK_PER_SECOND must be a whole number from 1 to 50/,
    ],
    [{ REST_FALLBACK_PER_SECOND: "10" }, /REST_FALLBACK_PER_SECOND needs REST_FALLBACK/],
  ])("refuses %j, saying why", (bad, why) => {
    expect(() => loadConfig({ ...proxied, ...bad })).toThrow(why);
  });

  it("is for a bot behind the proxy only", () => {
    expect(() => loadConfig({ ...valid, REST_FALLBACK: "discord" })).toThrow(
      /REST_FALLBACK is for a bot behind the REST proxy/,
    );
  });
});
