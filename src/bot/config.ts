import "dotenv/config";
import { GLOBAL_REQUESTS_PER_SECOND } from "./globalBudget.js";

export interface Config {
  token: string;
  applicationId: string;
  devGuildId: string | null;
  databasePath: string;
  /** A PostgreSQL connection string (DATABASE_URL): the bot's database instead of the SQLite file. */
  databaseUrl: string | null;
  /** REST base such as https://discord.com/api; discord.js appends the version. */
  apiBase: string | null;
  /**
   * Behind the REST proxy (`apiBase` pointing at it): where REST goes while the proxy does not
   * answer, straight to Discord, and the budget a second this process holds itself to there.
   * Null: requests wait for the proxy, retried.
   */
  restFallback: { apiBase: string; perSecond: number } | null;
  logLevel: "error" | "warn" | "info" | "debug";
  /** `json`: one JSON object per log line, for a log collector; `text` (default): readable lines. */
  logFormat: "text" | "json";
  /** Where `/metrics` and `/healthz` are served; null = no server. */
  metricsPort: number | null;
  /** The address the metrics server binds to (default 127.0.0.1: this machine only). */
  metricsHost: string;
  /** Hours of silence before the player to act is reminded (0 = never). */
  reminderHours: number;
  /** How often idle games are looked for, in ms. */
  reminderCheckMs: number;
  /** Deal every new game from this seed (tests and bug reproduction only); null = random. */
  seedOverride: number | null;
  /** The key the daily deals are dealt with (DAILY_SECRET, else the token): the source alone cannot deal tomorrow's. */
  dailySecret: string;
  /** A robot's pause before each move, so people can follow its play (0 in tests). */
  robotMoveDelayMs: number;
  /**
   * How many games start-up and periodic work (planning timers, repairing tables and lobbies,
   * resuming robots) read at a time, between which the event loop answers clicks.
   */
  scanPageSize: number;
}

export class ConfigError extends Error {}

/** DATABASE_PATH, or the default beside the bot; the backup and restore scripts read it too. */
export function databasePathOf(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_PATH?.trim() || "./data/bot.sqlite";
}

/** DATABASE_URL, the bot's PostgreSQL database, or null (the SQLite file): the backup and restore scripts read it too. */
export function databaseUrlOf(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.DATABASE_URL?.trim() || null;
}

const LEVELS = ["error", "warn", "info", "debug"] as const;
const LOG_FORMATS = ["text", "json"] as const;

/** Reads and validates the environment; throws a ConfigError that tells the admin what to fix. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const token = env.DISCORD_TOKEN?.trim() ?? "";
  const applicationId = env.DISCORD_APPLICATION_ID?.trim() ?? "";
  if (!token)
    problems.push(
      "DISCORD_TOKEN is empty: put your bot token (Developer Portal → Bot → Reset Token) in .env",
    );
  if (!/^\d{5,25}$/.test(applicationId))
    problems.push(
      "DISCORD_APPLICATION_ID must be your application's numeric id (Developer Portal → General Information)",
    );
  const devGuildId = env.DEV_GUILD_ID?.trim() || null;
  if (devGuildId && !/^\d{5,25}$/.test(devGuildId))
    problems.push("DEV_GUILD_ID must be a numeric server id, or empty");
  const apiBase = apiBaseOf(env, problems);
  const restFallback = restFallbackOf(env, apiBase, problems);
  const logLevel = logLevelOf(env, problems);
  const logFormat = logFormatOf(env, problems);
  const metricsText = env.METRICS_PORT?.trim() || "";
  const metricsPort = metricsText ? Number(metricsText) : null;
  if (metricsPort !== null && !(Number.isInteger(metricsPort) && metricsPort >= 1 && metricsPort <= 65_535))
    problems.push("METRICS_PORT must be a port number from 1 to 65535, or empty");
  const reminderHours = Number(env.REMINDER_HOURS ?? 12);
  if (!Number.isFinite(reminderHours) || reminderHours < 0)
    problems.push("REMINDER_HOURS must be a number ≥ 0");
  const reminderCheckSeconds = Number(env.REMINDER_CHECK_SECONDS ?? 600);
  if (!Number.isFinite(reminderCheckSeconds) || reminderCheckSeconds < 0.1)
    problems.push("REMINDER_CHECK_SECONDS must be a number ≥ 0.1");
  // BOT_MOVE_DELAY_MS is its name before the computer players were called robots: operators' .env files keep working.
  const delayName =
    env.ROBOT_MOVE_DELAY_MS === undefined && env.BOT_MOVE_DELAY_MS !== undefined
      ? "BOT_MOVE_DELAY_MS"
      : "ROBOT_MOVE_DELAY_MS";
  const robotMoveDelayMs = Number(env[delayName] ?? 1500);
  if (!Number.isInteger(robotMoveDelayMs) || robotMoveDelayMs < 0 || robotMoveDelayMs > 60_000)
    problems.push(`${delayName} must be a whole number of milliseconds from 0 to 60000`);
  const scanPageSize = Number(env.SCAN_PAGE_SIZE ?? 500);
  if (!Number.isInteger(scanPageSize) || scanPageSize < 1 || scanPageSize > 100_000)
    problems.push("SCAN_PAGE_SIZE must be a whole number from 1 to 100000");
  const databaseUrl = databaseUrlOf(env);
  if (databaseUrl && !/^postgres(ql)?:\/\//i.test(databaseUrl))
    problems.push(
      "DATABASE_URL must be a PostgreSQL connection string (postgres://user@host:port/database), or empty",
    );
  const seedText = env.GAME_SEED?.trim() || "";
  if (seedText && !/^\d{1,10}$/.test(seedText)) problems.push("GAME_SEED must be a whole number, or empty");
  if (problems.length > 0) {
    throw new ConfigError(
      `The bot cannot start. Copy .env.example to .env and fix:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
  }
  return {
    token,
    applicationId,
    devGuildId,
    databasePath: databasePathOf(env),
    databaseUrl,
    apiBase,
    restFallback,
    logLevel,
    logFormat,
    metricsPort,
    metricsHost: env.METRICS_HOST?.trim() || "127.0.0.1",
    reminderHours,
    reminderCheckMs: Math.round(reminderCheckSeconds * 1000),
    seedOverride: seedText ? Number(seedText) >>> 0 : null,
    dailySecret: env.DAILY_SECRET?.trim() || token,
    robotMoveDelayMs,
    scanPageSize,
  };
}

/** DISCORD_API_BASE without its trailing slashes; null (Discord itself) when empty. */
function apiBaseOf(env: NodeJS.ProcessEnv, problems: string[]): string | null {
  const apiBase = env.DISCORD_API_BASE?.trim() || null;
  if (apiBase && !/^https?:\/\/[^\s]+$/.test(apiBase))
    problems.push("DISCORD_API_BASE must be an http(s) URL, or empty");
  return apiBase ? apiBase.replace(/\/+$/, "") : null;
}

/** Discord's own API base, where discord.js sends when DISCORD_API_BASE is empty. */
export const DISCORD_API = "https://discord.com/api";

/**
 * REST_FALLBACK (`discord`, or an API base such as a test's emulator) and REST_FALLBACK_PER_SECOND:
 * by default Discord's 50 a second shared by the bot's processes, one per shard (SHARD_COUNT, which
 * the sharding manager hands each shard), so that all of them together stay within it.
 */
function restFallbackOf(
  env: NodeJS.ProcessEnv,
  apiBase: string | null,
  problems: string[],
): Config["restFallback"] {
  const text = env.REST_FALLBACK?.trim() || "";
  const perSecondText = env.REST_FALLBACK_PER_SECOND?.trim() || "";
  if (!text) {
    if (perSecondText)
      problems.push("REST_FALLBACK_PER_SECOND needs REST_FALLBACK (where to send), or leave it empty");
    return null;
  }
  const fallback = text.toLowerCase() === "discord" ? DISCORD_API : text.replace(/\/+$/, "");
  if (!/^https?:\/\/[^\s]+$/.test(fallback)) {
    problems.push(
      `REST_FALLBACK must be "discord" or an http(s) URL of Discord's API, or empty (got "${text}")`,
    );
    return null;
  }
  if (!apiBase) {
    problems.push(
      "REST_FALLBACK is for a bot behind the REST proxy: set DISCORD_API_BASE to the proxy's address, or leave REST_FALLBACK empty",
    );
    return null;
  }
  if (fallback === apiBase) {
    problems.push("REST_FALLBACK must be another address than DISCORD_API_BASE (the proxy's)");
    return null;
  }
  const shards = Number(env.SHARD_COUNT);
  const share =
    Number.isInteger(shards) && shards >= 1
      ? Math.max(1, Math.floor(GLOBAL_REQUESTS_PER_SECOND / shards))
      : GLOBAL_REQUESTS_PER_SECOND;
  const perSecond = perSecondText ? Number(perSecondText) : share;
  if (!(Number.isInteger(perSecond) && perSecond >= 1 && perSecond <= GLOBAL_REQUESTS_PER_SECOND)) {
    problems.push(
      `REST_FALLBACK_PER_SECOND must be a whole number from 1 to ${GLOBAL_REQUESTS_PER_SECOND} (got "${perSecondText}")`,
    );
    return null;
  }
  return { apiBase: fallback, perSecond };
}

function logLevelOf(env: NodeJS.ProcessEnv, problems: string[]): Config["logLevel"] {
  const logLevel = (env.LOG_LEVEL?.trim() || "info") as Config["logLevel"];
  if (!LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LEVELS.join(", ")}`);
  return logLevel;
}

function logFormatOf(env: NodeJS.ProcessEnv, problems: string[]): Config["logFormat"] {
  const logFormat = (env.LOG_FORMAT?.trim() || "text") as Config["logFormat"];
  if (!LOG_FORMATS.includes(logFormat)) problems.push(`LOG_FORMAT must be one of ${LOG_FORMATS.join(", ")}`);
  return logFormat;
}

/** The REST proxy's settings (`npm run proxy`): it needs no token, each host's requests carry theirs. */
export interface ProxyConfig {
  /** PROXY_PORT: the port the hosts' DISCORD_API_BASE points at (0: a free one, which it logs). */
  port: number;
  /** Where it forwards: DISCORD_API_BASE, Discord itself when empty. */
  apiBase: string | null;
  logLevel: Config["logLevel"];
  logFormat: Config["logFormat"];
}

export const DEFAULT_PROXY_PORT = 8790;

export function loadProxyConfig(env: NodeJS.ProcessEnv = process.env): ProxyConfig {
  const problems: string[] = [];
  const portText = env.PROXY_PORT?.trim() || String(DEFAULT_PROXY_PORT);
  const port = Number(portText);
  if (!(/^\d+$/.test(portText) && port <= 65_535))
    problems.push(`PROXY_PORT must be a port number from 0 to 65535 (got "${portText}")`);
  const apiBase = apiBaseOf(env, problems);
  const logLevel = logLevelOf(env, problems);
  const logFormat = logFormatOf(env, problems);
  if (problems.length > 0) {
    throw new ConfigError(
      `The REST proxy cannot start. Fix in .env:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
  }
  return { port, apiBase, logLevel, logFormat };
}
