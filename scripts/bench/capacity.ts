import os from "node:os";
import {
  CAPACITY_LIMITS,
  capacityPlan,
  judgeStep,
  largestHeld,
  type StepFigures,
  type StepVerdict,
} from "./capacitySteps.js";
import { flagsOrHelp, parseMix } from "./cli.js";
import { type CostBlock, costBetween, costLines, readCostCounters } from "./cost.js";
import { Driver, newSlot, type Slot } from "./driver.js";
import { costSourcesOf, freePort, watchBot } from "./loadRun.js";
import { lastLines, type ProcMonitor, ticksPerSecond } from "./monitor.js";
import type { Observer } from "./observer.js";
import { MAX_SEATS } from "./players.js";
import { machine, machineLine, printProblems, resultsLine, writeResults } from "./report.js";
import { fmt, stats } from "./stats.js";
import {
  type BotProcess,
  benchEmulator,
  killBotsOnSignal,
  shutdown,
  sleep,
  startBot,
  untrackBot,
} from "./world.js";

/**
 * `npm run bench -- capacity`: how many human-paced games one bot process keeps up with. The real
 * bot against the embedded emulator, as the load bench; players think 2–6 s before each click and
 * act only once a table shows the game's version. The number of games in play rises step by step
 * (a finished game is followed by a new one in its channel, so the number stays put) until a step
 * fails: table p95 over 1 s, or a click without an acknowledgement within 3 s. The bot process
 * stays the same across steps, as a deployment keeps running.
 */

const HELP = `npm run bench -- capacity [--mix stapelen|all|thegame,stapelen,…] [--from 100] [--step 100] [--max 1500] [--seconds 60] [--warmup 10] [--think 2-6] [--seed 1]
  Raises the number of games played at once (--from, then --step more each time, up to --max) until a
  step fails, and prints the largest number that held with what a move cost at that number.
  Players think --think seconds (uniform, default 2-6) before each click in a game and act only once
  a table shows the game's version; a finished game is followed by a new one in its channel.
  Each step: the new games start, and once all of them are in play and --warmup seconds have passed,
  a window of --seconds is measured. It holds when table p95 (click on a move → a table shows it) is
  ≤ ${CAPACITY_LIMITS.tableP95Ms} ms and no click of the window went unanswered (acknowledged within 3 s).
  The bot process (SQLite) is the same across steps. Printed per step: moves/s, table and ack times,
  bot and driver+emulator CPU, RSS and the load average; for the largest number that held, the cost
  block (bot CPU per move by thread; pictures drawn and KB uploaded per move by game kind), and the
  load average (/proc/loadavg) at the start and end. Results: bench-results/capacity.json.`;

interface CapacityOptions {
  mix: string[];
  plan: number[];
  seconds: number;
  warmupSeconds: number;
  thinkMs: { min: number; max: number };
  seed: number;
}

interface StepResult extends StepFigures {
  verdict: StepVerdict;
  /** Seconds from the step's start until all its games were in play. */
  inPlayAfterSeconds: number;
  movesPerSecond: number;
  tableMs: { median: number; p95: number; count: number; notShown: number };
  ackP95Ms: number;
  clicks: number;
  botCpuPercent: number;
  driverCpuPercent: number;
  rssMiB: number;
  loadAverage: number[];
  stuck: number;
  /** Requests Discord's limits refused (429) in the window. */
  rateLimited: number;
  cost: CostBlock;
}

const positive = (flags: Map<string, string>, name: string, fallback: number): number => {
  const raw = flags.get(name);
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name}: a number > 0, not "${raw}"`);
  return n;
};

/** "2-6" (seconds) → { min: 2000, max: 6000 } ms. */
export function parseThink(raw: string | undefined): { min: number; max: number } {
  const match = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(raw ?? "2-6");
  const [min, max] = match ? [Number(match[1]), Number(match[2])] : [Number.NaN, Number.NaN];
  if (!(min >= 0 && max >= min)) throw new Error(`--think: seconds as MIN-MAX (say 2-6), not "${raw}"`);
  return { min: Math.round(min * 1000), max: Math.round(max * 1000) };
}

export async function runCapacityBench(args: readonly string[]): Promise<number> {
  const flags = flagsOrHelp(args, HELP);
  if (!flags) return 0;
  const known = ["mix", "from", "step", "max", "seconds", "warmup", "think", "seed"];
  for (const name of flags.keys())
    if (!known.includes(name)) throw new Error(`unknown flag --${name} (see --help)`);
  const options: CapacityOptions = {
    mix: parseMix(flags.get("mix"), ["stapelen"]),
    plan: capacityPlan(
      positive(flags, "from", 100),
      positive(flags, "step", 100),
      positive(flags, "max", 1500),
    ),
    seconds: positive(flags, "seconds", 60),
    warmupSeconds: Number(flags.get("warmup") ?? 10),
    thinkMs: parseThink(flags.get("think")),
    seed: Number(flags.get("seed") ?? 1),
  };
  if (!(options.warmupSeconds >= 0)) throw new Error("--warmup: seconds ≥ 0");
  killBotsOnSignal();
  console.log(machineLine("Capacity bench"));
  console.log(
    `Games: ${options.mix.join(", ")}; steps ${options.plan.join(", ")}; players think ${options.thinkMs.min / 1000}-${options.thinkMs.max / 1000} s and wait for tables; ${options.warmupSeconds} s warm-up, ${options.seconds} s measured per step; one bot process (SQLite) throughout.`,
  );
  const loadStart = os.loadavg();
  console.log(`Load average at start: ${loadLine(loadStart)}\n`);
  const steps = await capacityRun(options);
  const loadEnd = os.loadavg();
  const largest = largestHeld(steps);
  const best = steps.find((s) => s.games === largest);
  console.log(`\nLoad average at start ${loadLine(loadStart)}, at end ${loadLine(loadEnd)}`);
  if (largest === null) console.log("Largest number of games that held: none (the first step failed)");
  else {
    const all = steps.every((s) => s.verdict.held);
    console.log(
      `Largest number of games that held: ${largest}${all ? " (every step held: raise --max to find the limit)" : `; ${steps.at(-1)!.games} failed`}`,
    );
    for (const line of costLines(best!.cost)) console.log(line);
  }
  const file = writeResults("capacity", {
    bench: "capacity",
    machine: machine(),
    options,
    limits: CAPACITY_LIMITS,
    loadAverage: { start: loadStart, end: loadEnd },
    largestHeld: largest,
    cost: best?.cost ?? null,
    steps,
  });
  console.log(resultsLine(file));
  return steps.some((s) => s.aborted) ? 1 : 0;
}

function loadLine(load: number[]): string {
  return load.map((n) => n.toFixed(2)).join(" ");
}

async function capacityRun(options: CapacityOptions): Promise<StepResult[]> {
  const emulator = benchEmulator();
  let bot: BotProcess | null = null;
  let observer: Observer | null = null;
  let driver: Driver | null = null;
  let monitor: ProcMonitor | null = null;
  const loops: Promise<void>[] = [];
  const steps: StepResult[] = [];
  try {
    await emulator.start();
    const guild = emulator.createGuild("Capacity");
    const metricsPort = await freePort();
    const started = await startBot(emulator, {
      guildId: guild.id,
      env: { METRICS_PORT: String(metricsPort) },
    });
    bot = started.bot;
    const watched = watchBot(emulator, bot, 1000);
    observer = watched.observer;
    monitor = watched.monitor;
    driver = new Driver({
      emulator,
      bot,
      observer,
      seed: options.seed,
      mix: options.mix,
      budget: Number.POSITIVE_INFINITY,
      deadlineMs: Number.POSITIVE_INFINITY,
      waitTable: true,
      thinkMs: options.thinkMs,
    });
    const sources = costSourcesOf(bot, metricsPort, driver, observer);
    const slots: Slot[] = [];
    for (const games of options.plan) {
      const stepStart = Date.now();
      // The new games' channels and players; their loops start a little apart, as players arrive.
      for (let i = slots.length; i < games; i++) {
        const channel = emulator.createChannel(guild, `table-${i + 1}`);
        const users = Array.from({ length: MAX_SEATS }, (_, p) =>
          emulator.createUser(`P${i + 1}x${p + 1}`, { guilds: [guild] }),
        );
        const slot = newSlot(i, guild, channel, users);
        slots.push(slot);
        loops.push(driver.run(slot));
        await sleep(20);
      }
      const inPlayBy = Date.now() + 60_000 + games * 100;
      const inPlay = () => slots.filter((s) => s.gamesStarted > 0).length;
      while (inPlay() < games && Date.now() < inPlayBy && !driver.aborted) await sleep(250);
      const inPlayAfterSeconds = (Date.now() - stepStart) / 1000;
      await sleep(options.warmupSeconds * 1000);
      const step = await measureStep(options, {
        games,
        driver,
        observer,
        monitor,
        sources,
        inPlay: inPlay(),
      });
      step.inPlayAfterSeconds = inPlayAfterSeconds;
      steps.push(step);
      printStep(step);
      if (!step.verdict.held) break;
    }
    printProblems(
      [
        ...driver.errors.map((e) => `driver: ${e}`),
        ...observer.violations.map((v) => `emulator: ${v}`),
        ...observer.unknownRoutes.map((u) => `unknown route: ${u}`),
        ...bot.errorLines().map((line) => `bot: ${line.text}`),
      ],
      8,
    );
    return steps;
  } finally {
    if (driver) driver.budget = 0;
    // Every player finishes what they were doing (a think, a wait for an answer) before the bot stops.
    await Promise.race([Promise.all(loops), sleep(20_000)]);
    observer?.stop();
    monitor?.stop();
    driver?.close();
    if (bot && !bot.running) console.log(`  the bot exited; its last lines: ${lastLines(bot)}`);
    await shutdown(bot, emulator);
    if (bot) untrackBot(bot);
  }
}

/** One step's measured window, and the grace after it for the window's answers and tables to arrive. */
async function measureStep(
  options: CapacityOptions,
  world: {
    games: number;
    driver: Driver;
    observer: Observer;
    monitor: ProcMonitor;
    sources: ReturnType<typeof costSourcesOf>;
    inPlay: number;
  },
): Promise<StepResult> {
  const { driver, observer, sources } = world;
  observer.tick();
  const stuckBefore = driver.stuck.length;
  const limitedBefore = driver.emulator.rateLimits.limited;
  const before = await readCostCounters(sources);
  const cpuBefore = process.cpuUsage();
  const from = Date.now();
  await sleep(options.seconds * 1000);
  const to = Date.now();
  const cpu = process.cpuUsage(cpuBefore);
  const rateLimited = driver.emulator.rateLimits.limited - limitedBefore;
  observer.tick();
  const after = await readCostCounters(sources);
  const rss = world.monitor.sample()?.rssMiB ?? Number.NaN;
  // A click of the window is unanswered once 3 s pass without its acknowledgement; a move's table
  // may still come: wait for those (a table not shown 10 s after the window counts at its wait so far).
  const graceUntil = Date.now() + 10_000;
  await sleep(3200);
  while (observer.tableLatenciesOfClicks(from, to).waiting.length > 0 && Date.now() < graceUntil)
    await sleep(100);
  observer.tick();
  const tables = observer.tableLatenciesOfClicks(from, to);
  const tableStats = stats([...tables.shown, ...tables.waiting]);
  const acks = driver.clicks.ackFigures(from, to);
  const cost = costBetween(before, after, ticksPerSecond());
  const seconds = (to - from) / 1000;
  const figures: StepFigures = {
    games: world.games,
    inPlay: world.inPlay,
    moves: cost.moves,
    tableP95Ms: tableStats.p95,
    unanswered: acks.unanswered,
    aborted: driver.aborted,
  };
  return {
    ...figures,
    verdict: judgeStep(figures),
    inPlayAfterSeconds: Number.NaN,
    movesPerSecond: cost.moves / seconds,
    tableMs: {
      median: tableStats.median,
      p95: tableStats.p95,
      count: tableStats.count,
      notShown: tables.waiting.length,
    },
    ackP95Ms: acks.acks.p95,
    clicks: acks.sent,
    botCpuPercent: cost.cpuPercent.total,
    driverCpuPercent: (100 * (cpu.user + cpu.system)) / 1e6 / seconds,
    rssMiB: rss,
    loadAverage: os.loadavg(),
    stuck: driver.stuck.length - stuckBefore,
    rateLimited,
    cost,
  };
}

function printStep(s: StepResult): void {
  console.log(
    `${String(s.games).padStart(5)} games: all in play after ${fmt(s.inPlayAfterSeconds, 1)} s; ${s.clicks} clicks, ${s.moves} moves (${fmt(s.movesPerSecond, 1)}/s); ` +
      `table med/p95 ${fmt(s.tableMs.median)}/${fmt(s.tableMs.p95)} ms${s.tableMs.notShown ? ` (${s.tableMs.notShown} not shown)` : ""}; ack p95 ${fmt(s.ackP95Ms)} ms; unanswered ${s.unanswered}; 429s ${s.rateLimited}`,
  );
  console.log(
    `        bot CPU ${fmt(s.botCpuPercent)}% of one core (${fmt(s.cost.cpuMsPerMove.total, 1)} ms a move), driver+emulator CPU ${fmt(s.driverCpuPercent)}%, bot RSS ${fmt(s.rssMiB)} MiB, load ${loadLine(s.loadAverage)}${s.stuck ? `, ${s.stuck} stuck games replaced` : ""}: ${s.verdict.held ? "HELD" : `FAILED (${s.verdict.reasons.join("; ")})`}`,
  );
}
