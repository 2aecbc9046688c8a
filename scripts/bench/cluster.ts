import { commandsFor } from "../../commands/index.js";
import { commandBodies } from "../../src/bot/command.js";
import { GAMES } from "./games.js";
import { BotProcess, type DiscordEmulator, type EmulatorGuild } from "./world.js";

/**
 * A cluster as an operator runs it, for the kill soak and the operations drill: one REST proxy
 * (`npm run proxy`) in front of Discord (the emulator), and hosts that each run a range of the
 * shards (`npm run start:sharded` with SHARDS and SHARD_COUNT) on one PostgreSQL database.
 */

/** A sharding manager's line for each shard process it started. */
export const SHARD_SPAWNED = /shard \d+\/\d+: spawned \(pid (\d+)\)/;

/** The cluster's one REST proxy (`npm run proxy`) in front of the emulator, on `port` (0: any free one). */
export async function startProxy(
  emulator: DiscordEmulator,
  port = 0,
): Promise<{ proxy: BotProcess; port: number; base: string }> {
  const proxy = new BotProcess({
    args: ["dist/src/proxy.js"],
    env: { PROXY_PORT: String(port), DISCORD_API_BASE: emulator.apiBase },
  });
  await proxy.start();
  const line = await proxy.waitForLine("REST proxy listening", 30_000);
  const listening = Number(/listening on port (\d+)/.exec(line.text)?.[1]);
  return { proxy, port: listening, base: `http://127.0.0.1:${listening}/api` };
}

export interface HostEnvOptions {
  shardCount: number;
  shards: readonly number[];
  databaseUrl: string;
  /** The proxy's API base (`startProxy`'s `base`). */
  proxyBase: string;
  /** Hours of silence before a reminder, in seconds; 0: none. */
  reminderSeconds: number;
  /** Each shard serves /metrics and /healthz on this port + its id. */
  metricsPort?: number;
}

/** A cluster host's environment: its shard range, the shared database, the proxy, and reminders. */
export function clusterHostEnv(options: HostEnvOptions): Record<string, string> {
  return {
    SHARD_COUNT: String(options.shardCount),
    SHARDS: options.shards.join(","),
    DATABASE_URL: options.databaseUrl,
    DISCORD_API_BASE: options.proxyBase,
    REMINDER_HOURS: String(options.reminderSeconds / 3600),
    // Idle games are looked for every 200 ms instead of every 10 minutes.
    REMINDER_CHECK_SECONDS: "0.2",
    ...(options.metricsPort === undefined ? {} : { METRICS_PORT: String(options.metricsPort) }),
  };
}

/** A host registers the commands in its DEV_GUILD_ID guild (`registered`) only; these are the others. */
export async function registerCommandsElsewhere(
  emulator: DiscordEmulator,
  guilds: readonly EmulatorGuild[],
  registered: ReadonlySet<string | undefined>,
): Promise<void> {
  for (const guild of guilds)
    if (!registered.has(guild.id)) await emulator.registerCommands(commandBodies(commandsFor(GAMES)), guild);
}

/**
 * A host is ready once each of its shards has a ready session identified at or after `after`
 * (Date.now()) and its manager says all its shards are ready.
 */
export async function waitForHost(
  emulator: DiscordEmulator,
  bot: BotProcess,
  shards: readonly number[],
  after: number,
  name: string,
): Promise<void> {
  await emulator.waitFor(
    () => {
      if (!bot.running)
        throw new Error(`${name} exited (${JSON.stringify(bot.lastExit)}) before it was ready`);
      const sessions = emulator.sessions();
      return shards.every((id) =>
        sessions.some((s) => s.connected && s.ready && s.identifiedAt >= after && s.shard[0] === id),
      );
    },
    30_000,
    `${name}'s shards ${shards.join(", ")} to connect`,
  );
  await bot.waitForLine(`all ${shards.length} shard(s) of this host ready`, 30_000);
}

/** The pids of the shard processes a sharding manager said it started. */
export function shardPids(bot: BotProcess): number[] {
  return bot.lines.flatMap((line) => {
    const pid = SHARD_SPAWNED.exec(line.text)?.[1];
    return pid ? [Number(pid)] : [];
  });
}

/** SIGKILL, as when a host's machine is lost: its shard processes and its manager at once. */
export async function killHost(bot: BotProcess): Promise<void> {
  for (const pid of shardPids(bot)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // That shard process had exited already.
    }
  }
  if (bot.running) await bot.kill("SIGKILL");
}
