import { type AddressInfo, createServer } from "node:net";
import {
  type CostBlock,
  type CostCounters,
  type CostSources,
  costBetween,
  readCostCounters,
} from "./cost.js";
import { Driver, newSlot, type Slot, type StuckGame } from "./driver.js";
import { botWarnings, type LoopStats, loopStats, ProcMonitor, ticksPerSecond } from "./monitor.js";
import { Observer } from "./observer.js";
import { MAX_SEATS } from "./players.js";
import { fmt, type Stats, stats } from "./stats.js";
import {
  type BotProcess,
  benchEmulator,
  type DiscordEmulator,
  shutdown,
  sleep,
  startBot,
  trackBot,
  untrackBot,
} from "./world.js";

/**
 * One load scenario: a fresh emulator, bot and database; N games at once in separate channels,
 * played until the budget of interactions is spent. Everything is measured from outside: click →
 * acknowledgement from the emulator's records, click → table posted from the table picture's file
 * name, CPU and RSS from /proc/<pid>, and the event-loop stall from the bot's `loop-stall` lines.
 */

export interface LoadRunResult {
  games: number;
  budget: number;
  interactions: number;
  seconds: number;
  perSecond: number;
  /** Interactions per second once every game was in play (the lobbies' start-up burst left out). */
  steadyPerSecond: number;
  /** Whether players waited for the table to show a version before acting on it. */
  waitTable: boolean;
  moves: number;
  database: "sqlite" | "postgres";
  /** The bot's move commits, from its /metrics: how many, and the bucket bound (ms) under which 95% fell. */
  commits: { count: number; p95AtMostMs: number | null; within5Ms: number };
  /**
   * Queries and round trips to the database per interaction, by kind (move: a click that made a
   * move), from the bot's /metrics histograms: how many, and the median and p95 (bucket bounds).
   */
  perInteraction: Record<string, { count: number; queries: Quantiles; roundTrips: Quantiles }>;
  /** The database's added delay each way (the bench's delay proxy), ms; 0: direct. */
  dbLatencyMs: number;
  /** Moves per second over the run, and once every game was in play. */
  movesPerSecond: number;
  steadyMovesPerSecond: number;
  /** Click on a table's panel button → the panel complete with its picture. */
  panelMs: Stats;
  /** Times a waiting player gave up on a table that did not show the game's version (5 s each). */
  tableWaitsTimedOut: number;
  ackMs: Stats;
  /** Click → the answer complete (a deferred panel filled in with its picture). */
  answerMs: Stats;
  answerMsByType: Record<string, Stats>;
  tableMs: Stats;
  tablesMissing: number;
  unanswered: number;
  /** Requests Discord's limits refused (429): all, and those over the global budget. */
  rateLimited: { all: number; global: number };
  lateAcks: number;
  /** The bot's REST writes per second (see Observer.rest). */
  restPerSecond: { callbacks: number; webhookWrites: number; channelWrites: number };
  loop: LoopStats;
  botCpuPercent: number;
  driverCpuPercent: number;
  rssMiB: { start: number; peak: number; end: number };
  /** What a move cost the bot over the run: CPU per thread, pictures and KB uploaded per game kind. */
  cost: CostBlock;
  /**
   * The same over the run's second half: a bot past its start, whose code is compiled and whose
   * games are all in play, as a bot that has been running for days is.
   */
  runningCost: CostBlock | null;
  mix: Record<string, number>;
  mixLine: string;
  byType: Driver["byType"];
  gamesStarted: number;
  gamesFinished: number;
  stuck: StuckGame[];
  errors: string[];
  violations: string[];
  unknownRoutes: string[];
  /** Error answers the emulator gave the bot (4xx/5xx: refused payloads, unknown messages…). */
  errorResponses: number;
  botErrorLines: string[];
  /** The bot's own WARN and ERROR log lines (how many, and the first few). */
  botWarnings: { count: number; first: string[] };
  aborted: string | null;
  rssTimeline?: { interactions: number; rssMiB: number }[];
}

export interface LoadRunOptions {
  games: number;
  interactions: number;
  seed: number;
  mix: string[];
  /** Sample RSS every this many interactions (the soak). */
  rssEvery?: number;
  /** A game without a move for this long is ended and replaced (default 30 s). */
  stuckMs?: number;
  /** Seats per game given to robots, and their pause before each move (ms). */
  robots?: number;
  robotDelayMs?: number;
  /** Players wait until a table shows a version before acting on it (see DriverOptions.waitTable). */
  waitTable?: boolean;
  /** The bot's PostgreSQL database (DATABASE_URL); absent: its own SQLite file. */
  databaseUrl?: string;
  /** The delay each way the URL's path to the database adds (a delay proxy), for the report. */
  dbLatencyMs?: number;
  /** The database without the delay, where the bench itself reads what the bot stored. */
  readDatabaseUrl?: string;
  log?: (line: string) => void;
}

/** One scenario: a fresh emulator, bot and database; N games at once until the budget is spent. */
export async function loadRun(options: LoadRunOptions): Promise<LoadRunResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const emulator = benchEmulator();
  let bot: BotProcess | null = null;
  let observer: Observer | null = null;
  let driver: Driver | null = null;
  let monitor: ProcMonitor | null = null;
  try {
    await emulator.start();
    const guild = emulator.createGuild("Load");
    const slots: Slot[] = [];
    for (let i = 0; i < options.games; i++) {
      const channel = emulator.createChannel(guild, `table-${i + 1}`);
      const users = Array.from({ length: MAX_SEATS }, (_, p) =>
        emulator.createUser(`P${i + 1}x${p + 1}`, { guilds: [guild] }),
      );
      slots.push(newSlot(i, guild, channel, users));
    }
    const metricsPort = await freePort();
    const started = await startBot(emulator, {
      guildId: guild.id,
      env: {
        ROBOT_MOVE_DELAY_MS: String(options.robotDelayMs ?? 0),
        METRICS_PORT: String(metricsPort),
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      },
    });
    bot = started.bot;
    const watched = watchBot(emulator, bot, 500);
    observer = watched.observer;
    monitor = watched.monitor;
    const rssTimeline: { interactions: number; rssMiB: number }[] = [];
    const every = options.rssEvery;
    let costSources: CostSources | null = null;
    let halfway: Promise<CostCounters> | null = null;
    const half = Math.floor(options.interactions / 2);
    driver = new Driver({
      emulator,
      bot,
      observer,
      seed: options.seed,
      mix: options.mix,
      budget: options.interactions,
      slots: slots.length,
      stuckMs: options.stuckMs,
      robots: options.robots,
      waitTable: options.waitTable,
      ...(options.readDatabaseUrl ? { databaseUrl: options.readDatabaseUrl } : {}),
      // A safety net only: a bot answering 10 interactions a second finishes well within it.
      deadlineMs: 60_000 + options.interactions * 100,
      onInteraction: (sent) => {
        if (sent === half && costSources) halfway = readCostCounters(costSources);
        if (!every || sent % every !== 0) return;
        const sample = monitor!.sample();
        if (sample) {
          rssTimeline.push({ interactions: sent, rssMiB: sample.rssMiB });
          log(`  ${String(sent).padStart(6)} interactions: bot RSS ${fmt(sample.rssMiB, 1)} MiB`);
        }
      },
    });
    const lineFrom = bot.lines.length;
    observer.tick();
    costSources = costSourcesOf(bot, metricsPort, driver, observer);
    const costBefore = await readCostCounters(costSources);
    const restBefore = { ...observer.rest };
    const before = monitor.sample();
    const cpuBefore = process.cpuUsage();
    const t0 = Date.now();
    const progress = setInterval(() => {
      const d = driver!;
      log(
        `  … ${d.dispatched}/${options.interactions} interactions, ${Math.round((Date.now() - t0) / 1000)} s, ${d.clicks.mixLine()}`,
      );
    }, 15_000);
    progress.unref();
    // Staggered a little, as players arrive.
    await Promise.all(
      slots.map(async (slot, i) => {
        await sleep(i * 20);
        await driver!.run(slot);
      }),
    );
    clearInterval(progress);
    const t1 = Date.now();
    const cpuAfter = process.cpuUsage(cpuBefore);
    observer.tick();
    const restAfter = { ...observer.rest };
    // The last answers and tables may still be on their way.
    const settleUntil = Date.now() + 20_000;
    while (observer.pendingTables > 0 && Date.now() < settleUntil) await sleep(50);
    await sleep(Math.max(0, 3200 - (Date.now() - t1)));
    observer.tick();
    const after = monitor.sample();
    const costAfter = await readCostCounters(costSources);
    const seconds = (t1 - t0) / 1000;
    const ack = driver.clicks.ackFigures();
    const steady = driver.steady && t1 - driver.steady.at > 1000 ? driver.steady : null;
    const result: LoadRunResult = {
      games: options.games,
      budget: options.interactions,
      interactions: driver.dispatched,
      seconds,
      perSecond: driver.dispatched / seconds,
      steadyPerSecond: steady
        ? (driver.dispatched - steady.dispatched) / ((t1 - steady.at) / 1000)
        : Number.NaN,
      waitTable: options.waitTable ?? false,
      moves: driver.moves,
      movesPerSecond: driver.moves / seconds,
      steadyMovesPerSecond: steady ? (driver.moves - steady.moves) / ((t1 - steady.at) / 1000) : Number.NaN,
      panelMs: ack.answersByKind.panel ?? stats([]),
      tableWaitsTimedOut: driver.tableWaitsTimedOut,
      ackMs: ack.acks,
      answerMs: ack.answers,
      answerMsByType: ack.answersByType,
      tableMs: stats(observer.tableLatencies),
      tablesMissing: observer.tablesMissing + observer.pendingTables,
      unanswered: ack.unanswered,
      rateLimited: { all: emulator.rateLimits.limited, global: emulator.rateLimits.global.limited },
      lateAcks: observer.lateAcks.length,
      restPerSecond: {
        callbacks: (restAfter.callbacks - restBefore.callbacks) / seconds,
        webhookWrites: (restAfter.webhookWrites - restBefore.webhookWrites) / seconds,
        channelWrites: (restAfter.channelWrites - restBefore.channelWrites) / seconds,
      },
      loop: loopStats(bot, lineFrom, t0),
      database: options.databaseUrl ? "postgres" : "sqlite",
      commits: await commitTimes(metricsPort),
      perInteraction: await queriesPerInteraction(metricsPort),
      dbLatencyMs: options.dbLatencyMs ?? 0,
      botCpuPercent:
        before && after
          ? (100 * (after.cpuSeconds - before.cpuSeconds)) / ((after.at - before.at) / 1000)
          : Number.NaN,
      driverCpuPercent: (100 * (cpuAfter.user + cpuAfter.system)) / 1e6 / seconds,
      rssMiB: {
        start: before?.rssMiB ?? Number.NaN,
        peak: monitor.peakRss(t0),
        end: after?.rssMiB ?? Number.NaN,
      },
      cost: costBetween(costBefore, costAfter, ticksPerSecond()),
      runningCost: halfway ? costBetween(await halfway, costAfter, ticksPerSecond()) : null,
      mix: { ...driver.clicks.mix },
      mixLine: driver.clicks.mixLine(),
      byType: driver.byType,
      gamesStarted: slots.reduce((n, s) => n + s.gamesStarted, 0),
      gamesFinished: slots.reduce((n, s) => n + s.gamesFinished, 0),
      stuck: driver.stuck,
      errors: driver.errors,
      violations: observer.violations,
      unknownRoutes: observer.unknownRoutes,
      errorResponses: observer.errorResponses,
      botErrorLines: bot
        .errorLines()
        .map((line) => line.text)
        .slice(0, 20),
      botWarnings: botWarnings(bot, lineFrom),
      aborted: driver.aborted,
    };
    if (every) result.rssTimeline = rssTimeline;
    return result;
  } finally {
    observer?.stop();
    monitor?.stop();
    driver?.close();
    await shutdown(bot, emulator);
    if (bot) untrackBot(bot);
  }
}

/** Where a run's cost block is read: the bot's threads and /metrics, the driver's moves, the observer's uploads. */
export function costSourcesOf(
  bot: BotProcess,
  metricsPort: number,
  driver: Driver,
  observer: Observer,
): CostSources {
  return {
    pid: bot.pid,
    metricsPort,
    moves: () => Object.fromEntries(Object.entries(driver.byType).map(([kind, t]) => [kind, t.moves])),
    uploads: () => observer.uploads,
  };
}

/**
 * The bot's commit times from its `/metrics` histogram (cardtable_commit_seconds): the count, and
 * the smallest bucket bound that holds 95% of them (null: none, or beyond the last bound).
 */
async function commitTimes(
  port: number,
): Promise<{ count: number; p95AtMostMs: number | null; within5Ms: number }> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  // Every sample carries the process's shard label too.
  const count = Number(/^cardtable_commit_seconds_count(?:\{[^}]*\})? (\S+)$/m.exec(text)?.[1] ?? 0);
  const buckets = [...text.matchAll(/^cardtable_commit_seconds_bucket\{le="([^"]+)"[^}]*\} (\S+)$/gm)].map(
    ([, le, n]) => ({ le: Number(le), n: Number(n) }),
  );
  const within5Ms = count > 0 ? (buckets.find((b) => b.le === 0.005)?.n ?? 0) / count : 0;
  const p95 = buckets.find((b) => Number.isFinite(b.le) && count > 0 && b.n >= 0.95 * count);
  return { count, p95AtMostMs: p95 ? 1000 * p95.le : null, within5Ms };
}

/** A histogram's median and 95th percentile, each as the smallest bucket bound that holds it. */
export interface Quantiles {
  median: number | null;
  p95: number | null;
}

/**
 * A started bot, watched as every bench watches it: stopped with the bench if it fails, its
 * messages observed as the players see them, its CPU and RSS sampled every `everyMs`.
 */
export function watchBot(
  emulator: DiscordEmulator,
  bot: BotProcess,
  everyMs: number,
): { observer: Observer; monitor: ProcMonitor } {
  trackBot(bot);
  const observer = new Observer(emulator, () => bot.running);
  observer.start();
  const monitor = new ProcMonitor(bot);
  monitor.start(everyMs);
  return { observer, monitor };
}

/**
 * The bot's queries and round trips per interaction, by kind, from its `/metrics` histograms
 * (cardtable_interaction_queries, cardtable_interaction_round_trips).
 */
async function queriesPerInteraction(port: number): Promise<LoadRunResult["perInteraction"]> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const histogram = (name: string) => {
    const byKind = new Map<string, { le: number; n: number }[]>();
    for (const [, labels, n] of text.matchAll(new RegExp(`^${name}_bucket\\{([^}]*)\\} (\\S+)$`, "gm"))) {
      const kind = /kind="([^"]+)"/.exec(labels!)?.[1];
      const le = /le="([^"]+)"/.exec(labels!)?.[1];
      if (kind === undefined || le === undefined) continue;
      byKind.set(kind, [...(byKind.get(kind) ?? []), { le: Number(le), n: Number(n) }]);
    }
    return byKind;
  };
  const quantiles = (buckets: { le: number; n: number }[], count: number): Quantiles => {
    const at = (share: number) => buckets.find((b) => b.n >= share * count)?.le ?? null;
    return { median: at(0.5), p95: at(0.95) };
  };
  const queries = histogram("cardtable_interaction_queries");
  const roundTrips = histogram("cardtable_interaction_round_trips");
  const result: LoadRunResult["perInteraction"] = {};
  for (const [kind, buckets] of queries) {
    const count = buckets.at(-1)?.n ?? 0;
    if (count === 0) continue;
    result[kind] = {
      count,
      queries: quantiles(buckets, count),
      roundTrips: quantiles(roundTrips.get(kind) ?? [], count),
    };
  }
  return result;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
