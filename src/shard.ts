import type { ChildProcess } from "node:child_process";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
import { type Shard, ShardingManager } from "discord.js";
import { createLogger, type Logger } from "./bot/log.js";
import { type Config, ConfigError, loadConfig } from "./config.js";
import { type ShardSettings, shardSettings } from "./shardSettings.js";

/**
 * Entry point of `npm run start:sharded`: discord.js's ShardingManager runs one bot process
 * (`index.js` beside this file) per shard. discord.js hands each process SHARDS and SHARD_COUNT, its
 * Client identifies as that shard, and Discord sends it only its own guilds' events; reminders and
 * table repair already keep to the guilds in the client's cache.
 *
 * Each shard's output is relayed with a `[shard N] ` prefix on every line (a `"shard": N` field in
 * the bot's JSON log lines, LOG_FORMAT=json, so each stays one JSON object).
 *
 * SHARD_COUNT: a whole number, or "auto" (default) for the count Discord recommends.
 * SHARDS: the shards this host runs, e.g. "0-1" or "0,2" (default: all of them). Several hosts that
 * share one database each run a range of the same SHARD_COUNT, so the count must be a number then.
 * SHARD_SPAWN_DELAY_MS: pause between starting two shards (default 5500, Discord's identify rate).
 */

const BOT_FILE = join(dirname(fileURLToPath(import.meta.url)), "index.js");

/**
 * Preloaded into every shard process: a shard whose manager is gone (killed, crashed) stops too,
 * through its own SIGTERM shutdown, instead of living on unmanaged beside the next manager's shards.
 */
const ORPHAN_GUARD = `data:text/javascript,${encodeURIComponent(
  'process.on("disconnect",()=>process.kill(process.pid,"SIGTERM"));',
)}`;

const READY_TIMEOUT_MS = 30_000;
/**
 * A shard's own stop waits up to 10 s for its work in flight (src/main.ts) and then closes its
 * gateway and database: it is killed only well after that, so a rolling deploy never cuts it short.
 */
const STOP_GRACE_MS = 15_000;

/**
 * The shard count Discord recommends (`GET /gateway/bot`), asked where the bot's REST goes
 * (DISCORD_API_BASE, e.g. the emulator) — discord.js's own helper always asks discord.com.
 */
async function recommendedShardCount(config: Config): Promise<number> {
  const base = config.apiBase ?? "https://discord.com/api";
  const response = await fetch(`${base}/v10/gateway/bot`, {
    headers: { Authorization: `Bot ${config.token.replace(/^Bot\s*/i, "")}` },
  });
  if (response.status === 401) throw new ConfigError("DISCORD_TOKEN was refused by Discord (401)");
  if (!response.ok) throw new Error(`GET /gateway/bot answered ${response.status}`);
  const { shards } = (await response.json()) as { shards?: unknown };
  if (typeof shards !== "number" || !Number.isInteger(shards) || shards < 1)
    throw new Error(`GET /gateway/bot recommended no usable shard count (${String(shards)})`);
  return shards;
}

/** The manager runs shards as processes (mode "process"), so each is a ChildProcess. */
function describeExit(child: ChildProcess | Worker): string {
  if (!("exitCode" in child)) return "exited";
  return child.signalCode ? `killed by ${child.signalCode}` : `exit code ${child.exitCode ?? "?"}`;
}

function pidOf(child: ChildProcess | Worker): string {
  return "pid" in child && child.pid !== undefined ? String(child.pid) : "?";
}

/** A shard's output line, told apart from the other shards'. */
function shardLine(id: number, line: string): string {
  return line.startsWith('{"time":') ? `{"shard":${id},${line.slice(1)}` : `[shard ${id}] ${line}`;
}

/** Copies a shard's output line by line, each line marked with the shard's id. */
function relay(from: Readable | null, to: NodeJS.WriteStream, id: number): void {
  if (!from) return;
  let pending = "";
  from.setEncoding("utf8");
  from.on("data", (chunk: string) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) to.write(`${shardLine(id, line)}\n`);
  });
  from.on("end", () => {
    if (pending) to.write(`${shardLine(id, pending)}\n`);
    pending = "";
  });
}

function watch(shard: Shard, manager: ShardingManager, log: Logger): void {
  const name = `shard ${shard.id}/${manager.totalShards}`;
  shard.on("spawn", (child) => {
    log.info(`${name}: spawned (pid ${pidOf(child)})`);
    relay(child.stdout, process.stdout, shard.id);
    relay(child.stderr, process.stderr, shard.id);
  });
  shard.on("ready", () => log.info(`${name}: ready`));
  shard.on("death", (child) =>
    manager.respawn
      ? log.warn(`${name}: died (${describeExit(child)}); respawning`)
      : log.info(`${name}: stopped (${describeExit(child)})`),
  );
  // Without a listener a failed respawn would throw in the manager.
  shard.on("error", (err: Error) => log.error(`${name}:`, err));
}

/** Stops one shard's process (SIGTERM, then SIGKILL after a grace period); resolves once it exited. */
function stopShard(shard: Shard): Promise<void> {
  const child = shard.process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

async function main(): Promise<void> {
  let config: Config;
  let settings: ShardSettings;
  try {
    // Checked once here, so a bad .env is reported once instead of by every shard in a respawn loop.
    config = loadConfig();
    settings = shardSettings(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(config.logLevel, config.logFormat);
  // A number never touches Discord; "auto" asks once for the recommended count.
  const total = settings.count === "auto" ? await recommendedShardCount(config) : settings.count;
  const mine = settings.list ?? [...Array(total).keys()];
  const manager = new ShardingManager(BOT_FILE, {
    totalShards: total,
    shardList: mine,
    token: config.token,
    respawn: true,
    // Output comes through relay(), prefixed with the shard id.
    silent: true,
    execArgv: [`--import=${ORPHAN_GUARD}`],
  });
  manager.on("shardCreate", (shard) => watch(shard, manager, log));

  let stopping = false;
  const stop = (why: string, code: number) => {
    if (stopping) return;
    stopping = true;
    manager.respawn = false;
    log.info(`${why}: stopping ${manager.shards.size} shard(s)`);
    void Promise.all([...manager.shards.values()].map(stopShard)).finally(() => process.exit(code));
  };
  process.on("SIGINT", () => stop("SIGINT", 0));
  process.on("SIGTERM", () => stop("SIGTERM", 0));

  const which = settings.list ? `shard(s) ${mine.join(", ")} of ${total}` : `${total} shard(s)`;
  log.info(
    `starting ${which}${settings.count === "auto" ? " (Discord's recommendation)" : ""} of ${BOT_FILE}`,
  );
  try {
    await manager.spawn({ amount: total, delay: settings.spawnDelayMs, timeout: READY_TIMEOUT_MS });
  } catch (err) {
    log.error("the shards could not be started:", err);
    stop("start-up failed", 1);
    return;
  }
  log.info(settings.list ? `all ${mine.length} shard(s) of this host ready` : `all ${total} shard(s) ready`);
}

main().catch((err) => {
  console.error("fatal:", err);
  process.exit(1);
});
