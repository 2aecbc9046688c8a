import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { clusterHostEnv, killHost, registerCommandsElsewhere, startProxy, waitForHost } from "../cluster.js";
import { BotDatabase } from "../database.js";
import { newSlot, type Slot } from "../driver.js";
import { ALL_GAMES } from "../games.js";
import { Observer } from "../observer.js";
import { MAX_SEATS } from "../players.js";
import { machine } from "../report.js";
import { tablesBehind } from "../soak/checks.js";
import { HealthPoller } from "../soak/freeze.js";
import { type BotProcess, DiscordEmulator, type EmulatorGuild, newBot, sleep } from "../world.js";
import { ANSWER_WITHIN_MS, DrillClicks, type OutcomeCounts } from "./clicks.js";
import { CpuHogs } from "./hogs.js";
import { failureCounters } from "./metrics.js";
import { DrillPlayers } from "./players.js";
import { type TableSight, tableSights } from "./tables.js";

/**
 * The operations drill (issue 35, "operations that hold"): what players feel while an operator
 * works on a running cluster. A cluster as the issue's figures were taken on: hosts of two shards
 * each (`npm run start:sharded` with SHARDS), one PostgreSQL database, one REST proxy in front of
 * Discord (the emulator, one guild per shard), and players on every kind of game on every host's
 * guilds, clicking all the time (the load bench's players, see players.ts). The operations run one
 * after another, with play before, between and after them:
 *  - `roll`: each host rolled in turn. `stop-start`: SIGTERM to its manager, its exit awaited, a new
 *    one started. `overlap`: a new manager with the same SHARDS started beside the running one,
 *    which gets SIGTERM once the new one's shards have registered. `hogs` CPU hogs run meanwhile.
 *  - `proxy`: the REST proxy SIGKILLed, started again on its port 5 s later; 10 s after that, what
 *    the tables show and who was pinged; `/healthz` of every shard polled throughout; the failure
 *    counters of every shard's /metrics before and after.
 *  - `kill`: one host SIGKILLed (its manager and shard processes) and started again at once.
 * Each click's outcome is in clicks.ts; the figures of each operation in `DrillResult`.
 */

export type Operation = "roll" | "proxy" | "kill";
export type RollMode = "stop-start" | "overlap";
/** In the order they run by default: the proxy's last, since the tables it leaves behind keep their games waiting. */
export const OPERATIONS: readonly Operation[] = ["roll", "kill", "proxy"];
export const ROLL_MODES: readonly RollMode[] = ["stop-start", "overlap"];

export interface DrillOptions {
  databaseUrl: string;
  ops: readonly Operation[];
  roll: RollMode;
  /** CPU hogs during the roll. */
  hogs: number;
  /** Hosts of `shardsPerHost` shards each (default 2 × 2). */
  hosts?: number;
  shardsPerHost?: number;
  /** Games at once in each guild (default 4: each host's 8 go through all seven kinds). */
  channelsPerGuild?: number;
  /** Seconds of play before the first operation and after each (default 5). */
  playSeconds?: number;
  /** Discord's max_concurrency, as the emulator gives it (default 1, what most bots get). */
  maxConcurrency?: number;
  /** The host the kill takes, from 0 (default 0). */
  killHost?: number;
  seed?: number;
  log?: (line: string) => void;
  /** Where each process's output is written at the end; absent: nowhere. */
  logDir?: string;
}

export interface HostFigures {
  host: number;
  /** The longest time one of its guilds (one per shard) had no click answered while its players clicked there. */
  silentMs: number;
  /** The longest time none of its guilds had a click answered. */
  allSilentMs: number;
  /** From its new process's start until every one of its shards answered a click; null: not all did. */
  answeringMs: number | null;
  /** The same per shard, and each shard's longest time without an answered click. */
  shards: { shard: number; answeringMs: number | null; silentMs: number }[];
  /** From SIGTERM (or SIGKILL) to the old process's exit. */
  stopMs: number;
  /** The old process's exit (a roll's must be code 0). */
  exit: { code: number | null; signal: string | null };
}

export interface RollFigures {
  op: "roll";
  mode: RollMode;
  hogs: number;
  durationMs: number;
  /** Every click from the first host's roll until the last host answered again. */
  clicks: OutcomeCounts;
  hosts: HostFigures[];
}

export interface ProxyFigures {
  op: "proxy";
  /** From SIGKILL until the new proxy listened. */
  downMs: number;
  /** Clicks while it was down (and those in flight when it was killed), and in the 10 s after. */
  clicks: OutcomeCounts;
  clicksAfter: OutcomeCounts;
  /** Games in play 10 s after it was back, those whose newest table shows an older version than stored, and the people to act never pinged. */
  activeGames: number;
  staleTables: { gameId: number; gameType: string; version: number; shown: number | null }[];
  unpinged: { gameId: number; gameType: string; userId: string }[];
  /** Per shard: /healthz answers from the kill until the figures were taken, and how many were not 200. */
  health: { shard: number; answers: number; not200: number }[];
  healthStayed200: boolean;
  /** Failure counters (error/fail/retr in the name) of the shards' /metrics that are not zero after, with their value before. */
  failureCounters: { shard: number; name: string; before: number; after: number }[];
  /** Whether any of them grew during the operation. */
  failuresCounted: boolean;
}

export interface KillFigures {
  op: "kill";
  host: number;
  /**
   * Clicks on its guilds lost (never answered, or a deferred answer never filled in): all from the
   * kill until it answered again, and those of them in flight when it was killed.
   */
  lost: number;
  inFlightLost: number;
  /** Its guilds' clicks from the kill until it answered again. */
  clicks: OutcomeCounts;
  /** From SIGKILL, and from the new process's start, until every one of its shards answered a click. */
  backAfterKillMs: number | null;
  figures: HostFigures;
}

/** Each with the tables stuck behind their game when it began (left so by an earlier one). */
export type OperationFigures = (RollFigures | ProxyFigures | KillFigures) & { staleTablesBefore: number };

export interface DrillResult {
  machine: ReturnType<typeof machine>;
  settings: {
    hosts: number;
    shardsPerHost: number;
    games: number;
    playSeconds: number;
    maxConcurrency: number;
    roll: RollMode;
    hogs: number;
    ops: Operation[];
  };
  durationMs: number;
  ops: OperationFigures[];
  /** Clicks outside every operation: what play is like when nobody works on the cluster. */
  quiet: OutcomeCounts;
  clicks: number;
  moves: number;
  /** Kinds of games started on each host's guilds. */
  kindsByHost: string[][];
  /** At the end, once play stopped: games whose newest table (or table record) is not their version. */
  tablesBehind: string[];
  /** What kept the drill from measuring: a host that did not come back, the drill's own failure. */
  problems: string[];
  /** What the players could not do (a game that did not start, an error of their own), the first 50 per host. */
  playerErrors: string[];
}

interface HostRun {
  bot: BotProcess;
  /** METRICS_PORT: shard N serves on this + N. */
  metricsPort: number;
  startedAt: number;
  startedWall: number;
}

interface DrillHost {
  index: number;
  shards: readonly number[];
  guilds: EmulatorGuild[];
  runs: HostRun[];
  slots: Slot[];
  /** Its guilds' players, once its first run is ready. */
  players: DrillPlayers | null;
  playing: Promise<void>[];
}

/** How long a host may take to come back (or to answer a click once ready). */
const BACK_WITHIN_MS = 60_000;
/** The proxy's outage, and the wait after it before the tables are looked at. */
const PROXY_DOWN_MS = 5000;
const PROXY_LOOK_AFTER_MS = 10_000;
/** A table or ping missing at the look must still be missing this much later: not one on its way. */
const STILL_MISSING_AFTER_MS = 3000;

export class OperationsDrill {
  readonly #options: DrillOptions;
  readonly #log: (line: string) => void;
  readonly emulator: DiscordEmulator;
  readonly #hostCount: number;
  readonly #perHost: number;
  readonly #shardCount: number;
  readonly #hogs = new CpuHogs();
  readonly #dir = fs.mkdtempSync(path.join(os.tmpdir(), "drill-"));
  #observer: Observer | null = null;
  #clicks: DrillClicks | null = null;
  #hosts: DrillHost[] = [];
  #proxy: BotProcess | null = null;
  readonly #proxies: BotProcess[] = [];
  #proxyPort = 0;
  #proxyBase = "";
  #db: BotDatabase | null = null;
  readonly #ops: OperationFigures[] = [];
  /** [from, to] of each operation, for the quiet clicks. */
  readonly #windows: [number, number][] = [];
  readonly #problems: string[] = [];

  constructor(options: DrillOptions) {
    this.#options = options;
    this.#log = options.log ?? (() => undefined);
    this.#hostCount = options.hosts ?? 2;
    this.#perHost = options.shardsPerHost ?? 2;
    this.#shardCount = this.#hostCount * this.#perHost;
    this.emulator = new DiscordEmulator({
      recommendedShards: this.#shardCount,
      maxConcurrency: options.maxConcurrency ?? 1,
    });
  }

  get #database(): BotDatabase {
    this.#db ??= new BotDatabase(this.#options.databaseUrl);
    return this.#db;
  }

  get #allClicks(): DrillClicks {
    if (!this.#clicks) throw new Error("the drill has not started");
    return this.#clicks;
  }

  async run(): Promise<DrillResult> {
    const began = performance.now();
    try {
      await this.#setUp();
      for (const op of this.#options.ops) {
        await this.#play(this.#options.playSeconds ?? 5);
        // What an earlier operation left behind keeps those games' players waiting meanwhile.
        const stale = (await this.#lookAtTables()).staleTables.length;
        const figures =
          op === "roll"
            ? await this.#roll()
            : op === "proxy"
              ? await this.#proxyKill()
              : await this.#kill(this.#options.killHost ?? 0);
        this.#ops.push({ ...figures, staleTablesBefore: stale });
      }
      await this.#play(this.#options.playSeconds ?? 5);
    } catch (err) {
      this.#problems.push(`the drill stopped: ${(err as Error).stack ?? err}`);
    } finally {
      this.#hogs.stop();
    }
    return this.#finish(performance.now() - began);
  }

  /** Everything it started is stopped; each process's output is written to `logDir` when given. */
  async stop(): Promise<void> {
    this.#hogs.stop();
    for (const host of this.#hosts) host.players?.stop();
    await Promise.all(this.#hosts.flatMap((host) => host.playing));
    this.#observer?.stop();
    for (const host of this.#hosts) for (const run of host.runs) if (run.bot.running) await killHost(run.bot);
    if (this.#proxy?.running) await this.#proxy.kill("SIGKILL");
    this.#db?.close();
    this.#db = null;
    await this.emulator.stop();
    const logDir = this.#options.logDir;
    if (logDir) {
      fs.mkdirSync(logDir, { recursive: true });
      for (const host of this.#hosts)
        for (const [r, run] of host.runs.entries())
          fs.writeFileSync(
            path.join(logDir, `host-${host.index + 1}-run-${r + 1}.log`),
            `${run.bot.output()}\n`,
          );
      for (const [p, proxy] of this.#proxies.entries())
        fs.writeFileSync(path.join(logDir, `proxy-${p + 1}.log`), `${proxy.output()}\n`);
    }
    fs.rmSync(this.#dir, { recursive: true, force: true });
  }

  // ---- the cluster and its players --------------------------------------------------------------------

  async #setUp(): Promise<void> {
    await this.emulator.start();
    const guilds = Array.from({ length: this.#shardCount }, (_, id) =>
      this.emulator.createGuild(`Drill Club ${id}`, { shard: { id, count: this.#shardCount } }),
    );
    const where = new Map<string, readonly [number, number]>();
    this.#clicks = new DrillClicks(this.emulator, where);
    const observer = new Observer(this.emulator);
    this.#observer = observer;
    const perGuild = this.#options.channelsPerGuild ?? 4;
    let slots = 0;
    for (let h = 0; h < this.#hostCount; h++) {
      const shards = Array.from({ length: this.#perHost }, (_, s) => h * this.#perHost + s);
      const mine = shards.map((id) => guilds[id] as EmulatorGuild);
      const hostSlots: Slot[] = [];
      for (const [g, guild] of mine.entries()) {
        where.set(guild.id, [h, shards[g] as number]);
        for (let c = 0; c < perGuild; c++) {
          const index = slots++;
          const channel = this.emulator.createChannel(guild, `drill-${index + 1}`);
          const users = Array.from({ length: MAX_SEATS }, (_, p) =>
            this.emulator.createUser(`D${index + 1}x${p + 1}`, { guilds: [guild] }),
          );
          hostSlots.push(newSlot(index, guild, channel, users));
        }
      }
      this.#hosts.push({
        index: h,
        shards,
        guilds: mine,
        runs: [],
        slots: hostSlots,
        players: null,
        playing: [],
      });
    }
    const { proxy, port, base } = await startProxy(this.emulator);
    this.#useProxy(proxy, port, base);
    await Promise.all(this.#hosts.map((host) => this.#startRun(host).then((run) => this.#ready(host, run))));
    await registerCommandsElsewhere(
      this.emulator,
      guilds,
      new Set(this.#hosts.map((host) => host.guilds[0]?.id)),
    );
    observer.start();
    for (const host of this.#hosts) {
      const players = new DrillPlayers(
        {
          emulator: this.emulator,
          // Read only by the Driver's run and send, which DrillPlayers does not use and replaces.
          bot: (host.runs[0] as HostRun).bot,
          observer,
          seed: (this.#options.seed ?? 35) + host.index,
          mix: [...ALL_GAMES],
          budget: Number.POSITIVE_INFINITY,
          slots: host.slots.length,
          // A game stuck behind a stale table stays so: that is what is measured.
          stuckMs: 60 * 60_000,
          waitTable: true,
          databaseUrl: this.#options.databaseUrl,
        },
        this.#allClicks,
        host.index,
      );
      host.players = players;
      host.playing = host.slots.map(async (slot, i) => {
        await sleep(i * 20);
        await players.play(slot);
      });
    }
    const started = () => this.#hosts.every((host) => host.players?.steady);
    const limit = performance.now() + BACK_WITHIN_MS;
    while (!started() && performance.now() < limit) await sleep(100);
    if (!started())
      this.#problems.push(`not every game had started ${BACK_WITHIN_MS / 1000} s after the players began`);
    this.#log(
      `cluster up: ${this.#hostCount} hosts × ${this.#perHost} shards, ${slots} games in play, emulator on port ${this.emulator.port}`,
    );
  }

  #useProxy(proxy: BotProcess, port: number, base: string): void {
    this.#proxy = proxy;
    this.#proxies.push(proxy);
    this.#proxyPort = port;
    this.#proxyBase = base;
  }

  #name(host: DrillHost): string {
    return `host ${host.index + 1}`;
  }

  /** A new manager process for the host's shards (spawned, not yet ready). */
  async #startRun(host: DrillHost): Promise<HostRun> {
    const metricsPort = await freePorts(this.#shardCount);
    const bot = newBot(this.emulator, {
      guildId: host.guilds[0]?.id,
      databasePath: path.join(this.#dir, "unused.sqlite"),
      args: ["dist/src/shard.js"],
      loopStats: false,
      env: clusterHostEnv({
        shardCount: this.#shardCount,
        shards: host.shards,
        databaseUrl: this.#options.databaseUrl,
        proxyBase: this.#proxyBase,
        reminderSeconds: 0,
        metricsPort,
      }),
    });
    const run: HostRun = { bot, metricsPort, startedAt: performance.now(), startedWall: Date.now() };
    host.runs.push(run);
    await bot.start();
    return run;
  }

  #ready(host: DrillHost, run: HostRun): Promise<void> {
    return waitForHost(this.emulator, run.bot, host.shards, run.startedWall, this.#name(host));
  }

  /** Until every shard of the host answered a click of its players sent to the run's sessions. */
  async #answering(host: DrillHost, run: HostRun): Promise<Map<number, number | null>> {
    const limit = performance.now() + BACK_WITHIN_MS;
    for (;;) {
      const first = this.#allClicks.firstAnsweredBy(host.shards, run.startedWall);
      if ([...first.values()].every((at) => at !== null) || performance.now() > limit) {
        if ([...first.values()].some((at) => at === null))
          this.#problems.push(
            `${this.#name(host)}: not every shard answered a click within ${BACK_WITHIN_MS / 1000} s of its start`,
          );
        return first;
      }
      await sleep(50);
    }
  }

  async #play(seconds: number): Promise<void> {
    if (seconds > 0) await sleep(seconds * 1000);
  }

  /** Until every click sent by now has its outcome (a deferral is given its 15 s). */
  async #outcomesKnown(): Promise<void> {
    const sent = this.#allClicks.all.length;
    const limit = performance.now() + 20_000;
    while (this.#allClicks.all.slice(0, sent).some((c) => c.pending) && performance.now() < limit)
      await sleep(50);
  }

  #hostFigures(
    host: DrillHost,
    run: HostRun,
    first: Map<number, number | null>,
    window: [number, number],
    stop: { ms: number; exit: { code: number | null; signal: string | null } },
  ): HostFigures {
    const shards = host.shards.map((shard) => {
      const at = first.get(shard) ?? null;
      return {
        shard,
        answeringMs: at === null ? null : at - run.startedAt,
        silentMs: this.#allClicks.longestSilence({ host: host.index, shard }, window[0], window[1]),
      };
    });
    return {
      host: host.index,
      silentMs: Math.max(...shards.map((s) => s.silentMs)),
      allSilentMs: this.#allClicks.longestSilence({ host: host.index }, window[0], window[1]),
      answeringMs: shards.some((s) => s.answeringMs === null)
        ? null
        : Math.max(...shards.map((s) => s.answeringMs as number)),
      shards,
      stopMs: stop.ms,
      exit: stop.exit,
    };
  }

  // ---- the operations ---------------------------------------------------------------------------------------

  /** Each host rolled in turn (see the top of this file); CPU hogs meanwhile. */
  async #roll(): Promise<RollFigures> {
    const mode = this.#options.roll;
    const hogs = this.#options.hogs;
    this.#hogs.start(hogs);
    const from = performance.now();
    const rolled: {
      host: DrillHost;
      run: HostRun;
      first: Map<number, number | null>;
      stop: HostFigures["exit"];
      stopMs: number;
    }[] = [];
    try {
      for (const host of this.#hosts) {
        const old = host.runs.at(-1) as HostRun;
        this.#log(`roll (${mode}${hogs > 0 ? `, ${hogs} CPU hogs` : ""}): ${this.#name(host)}`);
        let run: HostRun;
        let stopMs: number | undefined;
        let stop: HostFigures["exit"];
        if (mode === "stop-start") {
          const signalled = performance.now();
          stop = await old.bot.kill("SIGTERM", 30_000);
          stopMs = performance.now() - signalled;
          run = await this.#startRun(host);
          await this.#ready(host, run);
        } else {
          run = await this.#startRun(host);
          // Once each new shard has registered, a SIGTERM to the old one waits for it to be ready.
          for (const shard of host.shards)
            await run.bot.waitForLine(`taking over shard ${shard} from a running process`, 60_000);
          const signalled = performance.now();
          const exited = old.bot.kill("SIGTERM", 90_000);
          void exited.then(() => {
            stopMs = performance.now() - signalled;
          });
          await this.#ready(host, run);
          stop = await exited;
          stopMs ??= performance.now() - signalled;
        }
        if (stop.code !== 0)
          this.#problems.push(
            `${this.#name(host)} did not stop by itself within 30 s of SIGTERM (${JSON.stringify(stop)})`,
          );
        const first = await this.#answering(host, run);
        rolled.push({ host, run, first, stop, stopMs: stopMs ?? 0 });
      }
    } finally {
      this.#hogs.stop();
    }
    const to = performance.now();
    this.#windows.push([from, to]);
    await this.#outcomesKnown();
    return {
      op: "roll",
      mode,
      hogs,
      durationMs: to - from,
      clicks: DrillClicks.count(this.#allClicks.within(from, to)),
      hosts: rolled.map(({ host, run, first, stop, stopMs }) =>
        this.#hostFigures(host, run, first, [from, to], { ms: stopMs, exit: stop }),
      ),
    };
  }

  /** The REST proxy SIGKILLed and started again on its port 5 s later (see the top of this file). */
  async #proxyKill(): Promise<ProxyFigures> {
    const shards = this.#hosts.flatMap((host) =>
      host.shards.map((shard) => ({ shard, port: (host.runs.at(-1) as HostRun).metricsPort + shard })),
    );
    const pollers = new Map(shards.map(({ shard, port }) => [shard, new HealthPoller(port, 200)]));
    for (const poller of pollers.values()) poller.start();
    const before = new Map(
      await Promise.all(shards.map(async ({ shard, port }) => [shard, await failureCounters(port)] as const)),
    );
    this.#log(`proxy: SIGKILL, started again on port ${this.#proxyPort} after ${PROXY_DOWN_MS / 1000} s`);
    const from = performance.now();
    await (this.#proxy as BotProcess).kill("SIGKILL");
    await sleep(PROXY_DOWN_MS);
    const { proxy, port, base } = await startProxy(this.emulator, this.#proxyPort);
    this.#useProxy(proxy, port, base);
    const back = performance.now();
    await sleep(PROXY_LOOK_AFTER_MS);
    const lookedAt = performance.now();
    const { activeGames, staleTables, unpinged } = await this.#lookAtTables();
    for (const poller of pollers.values()) await poller.stop();
    const after = new Map(
      await Promise.all(shards.map(async ({ shard, port }) => [shard, await failureCounters(port)] as const)),
    );
    this.#windows.push([from, lookedAt]);
    await this.#outcomesKnown();
    const health = [...pollers].map(([shard, poller]) => {
      const answers = poller.samples.filter((h) => h.sentAt >= from && h.sentAt <= lookedAt);
      return { shard, answers: answers.length, not200: answers.filter((h) => h.status !== 200).length };
    });
    const counters = shards.flatMap(({ shard }) =>
      [...(after.get(shard) ?? new Map<string, number>())]
        .filter(([, value]) => value !== 0)
        .map(([name, value]) => ({ shard, name, before: before.get(shard)?.get(name) ?? 0, after: value })),
    );
    return {
      op: "proxy",
      downMs: back - from,
      clicks: DrillClicks.count(this.#allClicks.within(from, back)),
      clicksAfter: DrillClicks.count(this.#allClicks.within(back, lookedAt).filter((c) => c.sentAt >= back)),
      activeGames,
      staleTables,
      unpinged,
      health,
      healthStayed200: health.every((h) => h.answers > 0 && h.not200 === 0),
      failureCounters: counters,
      failuresCounted: counters.some((c) => c.after > c.before),
    };
  }

  /**
   * What the players see of the games in play: tables that show an older version than stored, and
   * people to act never pinged, each still so 3 s later (not a table on its way).
   */
  async #lookAtTables(): Promise<Pick<ProxyFigures, "activeGames" | "staleTables" | "unpinged">> {
    const first = tableSights(this.#database, this.emulator);
    await sleep(STILL_MISSING_AFTER_MS);
    const again = new Map(tableSights(this.#database, this.emulator).map((s) => [s.gameId, s]));
    return {
      activeGames: first.length,
      staleTables: first
        .filter((s) => behind(s) && behind(again.get(s.gameId), s.version))
        .map(({ gameId, gameType, version, shown }) => ({ gameId, gameType, version, shown })),
      unpinged: first.flatMap((s) =>
        s.unpinged
          .filter((userId) => again.get(s.gameId)?.unpinged.includes(userId))
          .map((userId) => ({ gameId: s.gameId, gameType: s.gameType, userId })),
      ),
    };
  }

  /** One host SIGKILLed, its manager and shard processes, and started again at once. */
  async #kill(index: number): Promise<KillFigures> {
    const host = this.#hosts[index];
    if (!host) throw new Error(`--kill-host ${index + 1}: there are only ${this.#hosts.length} hosts`);
    const old = host.runs.at(-1) as HostRun;
    this.#log(`kill: SIGKILL to ${this.#name(host)}'s manager and shards, started again at once`);
    const from = performance.now();
    await killHost(old.bot);
    const stopMs = performance.now() - from;
    const run = await this.#startRun(host);
    await this.#ready(host, run);
    const first = await this.#answering(host, run);
    const to = performance.now();
    this.#windows.push([from, to]);
    await this.#outcomesKnown();
    const mine = this.#allClicks.within(from, to, host.index);
    const figures = this.#hostFigures(host, run, first, [from, to], {
      ms: stopMs,
      exit: { code: old.bot.lastExit?.code ?? null, signal: old.bot.lastExit?.signal ?? null },
    });
    return {
      op: "kill",
      host: host.index,
      lost: mine.filter(
        (c) => c.outcome === "never answered" || c.outcome === "error" || c.outcome === "slow",
      ).length,
      inFlightLost: mine.filter((c) => c.sentAt < from && c.outcome !== "answered").length,
      clicks: DrillClicks.count(mine),
      backAfterKillMs: figures.answeringMs === null ? null : figures.answeringMs + (run.startedAt - from),
      figures,
    };
  }

  // ---- the end -----------------------------------------------------------------------------------------------

  async #finish(durationMs: number): Promise<DrillResult> {
    for (const host of this.#hosts) host.players?.stop();
    await Promise.all(this.#hosts.flatMap((host) => host.playing));
    let behindNow: string[] = [];
    if (this.#clicks) {
      await this.#outcomesKnown();
      // The last moves' tables may still be on their way.
      const limit = performance.now() + 20_000;
      for (;;) {
        behindNow = tablesBehind({ db: this.#database, emulator: this.emulator });
        if (behindNow.length === 0 || performance.now() > limit) break;
        await sleep(100);
      }
    }
    const clicks = this.#clicks?.all ?? [];
    const quiet = clicks.filter(
      (c) => !this.#windows.some(([from, to]) => c.sentAt >= from - ANSWER_WITHIN_MS && c.sentAt <= to),
    );
    const games = this.#clicks ? this.#database.games() : [];
    const kindsByHost = this.#hosts.map((host) => {
      const channels = new Set(
        host.guilds.flatMap((guild) => this.emulator.channels(guild).map((c) => c.id)),
      );
      return [
        ...new Set(games.filter((g) => g.state !== null && channels.has(g.channelId)).map((g) => g.gameType)),
      ].sort();
    });
    return {
      machine: machine(),
      settings: {
        hosts: this.#hostCount,
        shardsPerHost: this.#perHost,
        games: this.#hosts.reduce((n, host) => n + host.slots.length, 0),
        playSeconds: this.#options.playSeconds ?? 5,
        maxConcurrency: this.#options.maxConcurrency ?? 1,
        roll: this.#options.roll,
        hogs: this.#options.hogs,
        ops: [...this.#options.ops],
      },
      durationMs,
      ops: this.#ops,
      quiet: DrillClicks.count(quiet),
      clicks: clicks.length,
      moves: this.#clicks ? this.#database.moveCount() : 0,
      kindsByHost,
      tablesBehind: behindNow,
      problems: [...this.#problems],
      playerErrors: this.#hosts.flatMap((host) => host.players?.errors ?? []),
    };
  }
}

/** A table that shows an older version than `version` (default: the game's own). */
function behind(sight: TableSight | undefined, version = sight?.version): boolean {
  return sight !== undefined && version !== undefined && (sight.shown ?? -1) < version;
}

/** The first of `count` ports in a row on 127.0.0.1 that are free now. */
async function freePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 40_000);
    let free = true;
    for (let port = base; port < base + count && free; port++) free = await portFree(port);
    if (free) return base;
  }
  throw new Error(`found no ${count} free ports in a row`);
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}
