import type { ChildProcess } from "node:child_process";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
import { type Shard, ShardingManager } from "discord.js";
import { type Config, ConfigError, loadConfig } from "./bot/config.js";
import { SUCCESSOR_READY_WITHIN_MS } from "./bot/handoff.js";
import { createLogger, type Logger } from "./bot/log.js";
import { type ShardSettings, shardSettings } from "./bot/shardSettings.js";
import { ManagerMetrics } from "./ops/managerMetrics.js";

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
 * MANAGER_METRICS_PORT: where this manager serves its own metrics (shards up, restarts, handovers).
 *
 * All shards start at once: each identifies when Discord's max_concurrency lets it, a turn shared
 * by every process and host (src/bot/identify.ts). A deploy starts the new host beside the running
 * one: each new shard takes its shard over once ready, the old shard process then lets go and asks
 * this manager to end it (src/bot/handoff.ts), and a manager whose shards were all taken over exits.
 */

const BOT_FILE = join(dirname(fileURLToPath(import.meta.url)), "index.js");

/**
 * Preloaded into every shard process: a shard whose manager is gone (killed, crashed) stops too,
 * through its own SIGTERM shutdown, instead of living on unmanaged beside the next manager's shards.
 */
const ORPHAN_GUARD = `data:text/javascript,${encodeURIComponent(
  'process.on("disconnect",()=>process.kill(process.pid,"SIGTERM"));',
)}`;

const READY_TIMEOUT_MS = 60_000;
/**
 * A shard's own stop waits for a newer process of its shard being started beside it (a deploy, up
 * to 60 s), then up to 10 s for its work in flight (src/main.ts), then closes its gateway and
 * database: it is killed only well after that, so a deploy never cuts it short.
 */
const STOP_GRACE_MS = SUCCESSOR_READY_WITHIN_MS + 15_000;

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

/** The host's shards as the manager sees them: which are up, which were handed over to a newer host. */
class Host {
  readonly up = new Set<number>();
  readonly handedOver = new Set<number>();
  constructor(
    readonly manager: ShardingManager,
    readonly metrics: ManagerMetrics,
    readonly log: Logger,
    readonly allHandedOver: () => void,
  ) {}

  watch(shard: Shard): void {
    const { manager, metrics, log } = this;
    const name = `shard ${shard.id}/${manager.totalShards}`;
    let spawns = 0;
    shard.on("spawn", (child) => {
      log.info(`${name}: spawned (pid ${pidOf(child)})`);
      if (spawns++ > 0) metrics.restarted(shard.id);
      relay(child.stdout, process.stdout, shard.id);
      relay(child.stderr, process.stderr, shard.id);
    });
    shard.on("ready", () => {
      log.info(`${name}: ready`);
      this.#set(shard.id, true);
    });
    shard.on("death", (child) => {
      this.#set(shard.id, false);
      // Ended by this manager once it let go, before its process is seen to exit.
      if (this.handedOver.has(shard.id)) log.info(`${name}: handed over to a newer process`);
      else if (manager.respawn) log.warn(`${name}: died (${describeExit(child)}); respawning`);
      else log.info(`${name}: stopped (${describeExit(child)})`);
    });
    // The shard let go of its shard to a newer process: ended here, not respawned.
    shard.on("message", (message: unknown) => {
      if ((message as { cardtable?: unknown } | null)?.cardtable !== "handedOver") return;
      this.handedOver.add(shard.id);
      metrics.handedOver();
      shard.kill();
      if (this.handedOver.size === manager.shards.size) this.allHandedOver();
    });
    // Without a listener a failed respawn would throw in the manager.
    shard.on("error", (err: Error) => log.error(`${name}:`, err));
  }

  #set(id: number, up: boolean): void {
    if (up) this.up.add(id);
    else this.up.delete(id);
    this.metrics.shardsUp(this.up.size);
  }
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

/** Resolves once every shard of the manager is ready; rejects after `limitMs`. */
function allReady(manager: ShardingManager, limitMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const waiting = () => [...manager.shards.values()].filter((shard) => !shard.ready);
    const timer = setTimeout(
      () =>
        reject(
          new Error(
            `shard(s) ${waiting()
              .map((shard) => shard.id)
              .join(", ")} not ready in ${limitMs} ms`,
          ),
        ),
      limitMs,
    );
    const check = () => {
      if (waiting().length > 0) return;
      clearTimeout(timer);
      resolve();
    };
    for (const shard of manager.shards.values()) shard.on("ready", check);
    check();
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
  const metrics = new ManagerMetrics();
  if (settings.metricsPort !== null)
    metrics.serve({ host: config.metricsHost, port: settings.metricsPort }, log);

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
  const host = new Host(manager, metrics, log, () => {
    log.info("every shard of this host is served by a newer process: this manager exits");
    stop("handed over", 0);
  });
  manager.on("shardCreate", (shard) => host.watch(shard));

  const which = settings.list ? `shard(s) ${mine.join(", ")} of ${total}` : `${total} shard(s)`;
  log.info(
    `starting ${which}${settings.count === "auto" ? " (Discord's recommendation)" : ""} of ${BOT_FILE}`,
  );
  try {
    // Every shard process at once (no waiting for each to be ready): identifying is paced by the
    // shards themselves, as Discord's max_concurrency allows.
    await manager.spawn({ amount: total, delay: 0, timeout: -1 });
    await allReady(manager, READY_TIMEOUT_MS);
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
