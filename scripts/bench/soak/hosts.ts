import { performance } from "node:perf_hooks";
import { nextInt } from "../../../src/engine/core/rng.js";
import { clusterHostEnv, killHost, registerCommandsElsewhere, startProxy, waitForHost } from "../cluster.js";
import { lastLines } from "../monitor.js";
import { pick } from "../players.js";
import { tally } from "../stats.js";
import { type BotProcess, newBot, sleep } from "../world.js";
import { checkAnswered, checkReplay, tablesBehind } from "./checks.js";
import type { Host, SoakState } from "./state.js";
import { step } from "./steps.js";

/**
 * The kill soak's hosts: each bot process (or sharding manager) started on the one database,
 * waited on until ready, killed with SIGKILL or rolled with SIGTERM, and started again; the other
 * hosts' games played while one is down; and the wait until every click is answered and every
 * table current, after which the checks that hold after every restart run.
 */

/** The cluster's one REST proxy (`npm run proxy`) in front of the emulator. */
export async function startSoakProxy(soak: SoakState): Promise<void> {
  const { proxy, base } = await startProxy(soak.emulator);
  soak.proxy = proxy;
  soak.proxyBase = base;
}

/** A host registers the commands in its DEV_GUILD_ID guild only; the soak registers them in the others. */
export async function registerCommands(soak: SoakState): Promise<void> {
  await registerCommandsElsewhere(
    soak.emulator,
    soak.hosts.flatMap((host) => host.guilds),
    new Set(soak.hosts.map((host) => host.guilds[0]?.id)),
  );
}

/** A cluster host's environment: its shard range, the shared database, the proxy, and reminders. */
function hostEnv(soak: SoakState, host: Host): Record<string, string> {
  const cluster = soak.options.cluster;
  if (!cluster) return {};
  return clusterHostEnv({
    shardCount: cluster.shardCount,
    shards: host.shards,
    databaseUrl: soak.relay?.relayedUrl ?? cluster.databaseUrl,
    proxyBase: soak.proxyBase,
    reminderSeconds: cluster.reminderSeconds,
    // The freeze step asks each shard's /healthz (on this port + the shard's id).
    ...(soak.options.freeze ? { metricsPort: soak.options.freeze.metricsPort } : {}),
  });
}

/** Starts a host's next run on the soak's database; how long until it was ready. */
export async function startBot(soak: SoakState, host: Host, after: number): Promise<number> {
  const started = performance.now();
  for (let attempt = 1; ; attempt++) {
    soak.run++;
    host.run = soak.run;
    const bot = newBot(soak.emulator, {
      guildId: host.guilds[0]?.id,
      ...(soak.databasePath ? { databasePath: soak.databasePath } : {}),
      ...(host.shards.length > 0 ? { args: ["dist/src/shard.js"] } : {}),
      env: { GAME_SEED: String((soak.seed * 31 + soak.run) >>> 0), ...hostEnv(soak, host) },
      // The freeze step reads each shard's event-loop stall, printed every second.
      loopStats: soak.options.freeze !== undefined,
    });
    soak.databasePath = bot.databasePath;
    soak.bots.push(bot);
    host.runs.push(bot);
    await bot.start();
    try {
      await waitUntilReady(soak, host, bot, after);
      return performance.now() - started;
    } catch (err) {
      // A bot that crashes while starting is a finding; the soak starts it again (twice at most).
      if (bot.running || attempt >= 3) throw err;
      const tail = lastLines(bot);
      soak.problem(
        `exit:${soak.run}`,
        `${soak.name(host)} exited by itself while starting (run ${soak.run}, ${JSON.stringify(bot.lastExit)}); its last lines: ${tail}`,
      );
    }
  }
}

/** One bot is ready once connected; a host once each of its shards is and its manager says so. */
async function waitUntilReady(soak: SoakState, host: Host, bot: BotProcess, after: number): Promise<void> {
  if (host.shards.length === 0) {
    await soak.emulator.waitForBotReady({ after, bot, timeoutMs: 30_000 });
    return;
  }
  await waitForHost(soak.emulator, bot, host.shards, after, soak.name(host));
}

/** A host that exited by itself (a crash) is a problem; it is started again so the soak goes on. */
export async function checkAlive(soak: SoakState, host: Host): Promise<void> {
  const bot = host.runs.at(-1) as BotProcess;
  if (bot.running) return;
  const tail = lastLines(bot);
  soak.problem(
    `exit:${host.run}`,
    `${soak.name(host)} exited by itself in run ${host.run} (${JSON.stringify(bot.lastExit)}); its last lines: ${tail}`,
  );
  for (const sent of soak.sent)
    if (sent.run === host.run && sent.cutAt === null) sent.cutAt = performance.now();
  await startBot(soak, host, Date.now());
}

/** SIGKILL, as when a host's machine is lost: its shard processes and its manager at once. */
export async function killHostProcesses(host: Host): Promise<void> {
  await killHost(host.runs.at(-1) as BotProcess);
}

/** SIGKILL to a host (its clicks in flight cut), the other hosts played meanwhile, then a restart. */
export async function killAndRestart(soak: SoakState, host: Host, mode: string): Promise<void> {
  await checkAlive(soak, host);
  tally(soak.killModes, mode);
  host.down = true;
  const killedAt = Date.now();
  const cutAt = performance.now();
  await killHostProcesses(host);
  soak.emulator.clearFaults();
  // Requests the bot made just before it died are handled by now; nothing more comes from it.
  await sleep(20);
  for (const sent of soak.sent) if (sent.run === host.run && sent.cutAt === null) sent.cutAt = cutAt;
  await Promise.all([...soak.inFlight]);
  await playElsewhere(soak, host);
  const ms = await startBot(soak, host, killedAt);
  host.down = false;
  soak.restartMs.push(ms);
}

/**
 * A rolling deploy of a host: clicks sent to its guilds, and SIGTERM while they are in flight. It
 * must answer every click it took and exit by itself; then it is started again.
 */
export async function rollHost(soak: SoakState, host: Host, roll: number, rolls: number): Promise<void> {
  await checkAlive(soak, host);
  tally(soak.killModes, "rolled with SIGTERM");
  const mine = soak.slots.filter((slot) => slot.host === host.index);
  const busy = new Set<string>();
  const wave = 1 + nextInt(soak.rng, 4);
  for (let i = 0; i < wave; i++) step(soak, pick(soak.rng, mine), busy);
  const delay = pick(soak.rng, [0, 15, 60, 150]);
  await sleep(delay);
  soak.log(
    `roll ${roll}/${rolls}: SIGTERM to ${soak.name(host)}, ${wave} click(s) in flight, ${delay} ms after sending`,
  );
  host.down = true;
  const stoppedAt = Date.now();
  const exit = await (host.runs.at(-1) as BotProcess).kill("SIGTERM", 30_000);
  if (exit.code !== 0)
    soak.problem(
      `roll:${host.run}`,
      `${soak.name(host)} did not stop by itself within 30 s of SIGTERM (run ${host.run}, ${JSON.stringify(exit)})`,
    );
  soak.rolls++;
  await Promise.all([...soak.inFlight]);
  await playElsewhere(soak, host);
  soak.restartMs.push(await startBot(soak, host, stoppedAt));
  host.down = false;
}

/**
 * While a host is down, the other hosts' games must go on: steps on their channels until at least
 * three moves are stored there (80 steps at most).
 */
async function playElsewhere(soak: SoakState, host: Host): Promise<void> {
  const others = soak.slots.filter((slot) => slot.host !== host.index);
  if (others.length === 0) return;
  const channels = new Set(others.map((slot) => slot.channel.id));
  const before = soak.db.movesIn(channels);
  let moved = 0;
  for (let steps = 0; steps < 80 && moved < 3; steps++) {
    await step(soak, pick(soak.rng, others), new Set());
    moved = soak.db.movesIn(channels) - before;
  }
  soak.movesWhileDown.push(moved);
  if (moved < 3)
    soak.problem(
      `paused:${host.run}`,
      `while ${soak.name(host)} was down (run ${host.run}), 80 steps on the other hosts' games stored ${moved} move(s): they paused`,
    );
}

/**
 * Waits until every click was answered and every started game's newest table shows its stored
 * version; then runs the checks that hold after every restart.
 */
export async function settle(soak: SoakState, when: string, all = false): Promise<void> {
  await Promise.all([...soak.inFlight]);
  for (const host of soak.hosts) await checkAlive(soak, host);
  const deadline = performance.now() + 20_000;
  let behind: string[] = [];
  for (;;) {
    behind = tablesBehind(soak);
    if (behind.length === 0) break;
    if (performance.now() > deadline) break;
    await sleep(50);
  }
  for (const line of behind) soak.problem(`table:${line}`, `${when}: ${line}`);
  checkReplay(soak, when, all);
  checkAnswered(soak);
}
