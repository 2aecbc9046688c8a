import { flagsOrHelp, numberList, parseMix } from "./bench/cli.js";
import { startDelayProxy } from "./bench/delayProxy.js";
import {
  LOAD_TARGETS,
  printLoadTable,
  printLoadVerdicts,
  printPlateau,
  printRunDetails,
} from "./bench/loadReport.js";
import { type LoadRunResult, loadRun } from "./bench/loadRun.js";
import { machine, machineLine, resultsLine, writeResults } from "./bench/report.js";
import { killBotsOnSignal } from "./bench/world.js";
import { createDatabase, startPostgres } from "./throwAwayPostgres.js";

/**
 * `npm run bench -- load` (N games played at once) and `npm run bench -- soak` (the bot's RSS over
 * many interactions): the real bot process (`node dist/src/index.js`) against the embedded Discord
 * emulator, players clicking the bot's own components (scripts/bench/driver.ts), every figure
 * measured from outside (scripts/bench/loadRun.ts).
 */

const LOAD_HELP = `npm run bench -- load [--games 1,20,100] [--interactions 300,1000,2000] [--mix all|thegame,stapelen,…] [--seed 1] [--stuck 30] [--robots 0] [--robot-delay 0] [--wait-table true|false] [--database sqlite|postgres] [--database-url URL] [--db-latency MS]
  N games at once (one list entry per scenario; --interactions pairs with --games, the last one repeats).
  --robots N gives N seats of every game to robots (at least one person stays), moving --robot-delay ms after each change
  (--bots and --bot-delay, their names before, still work).
  A game with no move and no click of its players answered for --stuck seconds (or no move in 200 answered
  clicks) is reported with why, ended with /game end and replaced; a player still choosing toward a move is not stuck.
  Players act only once a table shows the game's version, as people do (--wait-table false: they click
  as soon as the move is stored, which measures interactions rather than moves).
  --database postgres runs the bot on a throw-away local PostgreSQL server (durable, as a real one), a fresh database per scenario;
  --database-url URL on that PostgreSQL database instead (every scenario in it).
  --db-latency MS puts a TCP delay proxy on 127.0.0.1 between the bot and PostgreSQL, adding MS each way
  (a database on another machine).
  Each run prints a cost block (also in bench-results/load.json as "cost"): the bot's CPU per move by thread
  (main = the event loop, render = the render workers, robots, other = libuv's pool, V8's GC and platform
  threads), read from /proc/<pid>/task/<tid>/stat at the run's start and end; and per game kind its moves,
  pictures drawn a move (the bot's /metrics) and KB uploaded a move (attachment bytes the emulator received,
  tied to each game by interaction or channel). See docs/benchmarks.md.`;

export async function runLoadBench(args: readonly string[]): Promise<number> {
  const flags = flagsOrHelp(args, LOAD_HELP);
  if (!flags) return 0;
  const games = numberList(flags.get("games"), [1, 20, 100]);
  const interactions = numberList(
    flags.get("interactions"),
    flags.has("games") ? [games.length === 1 ? 2000 : 1000] : [300, 1000, 2000],
  );
  const mix = parseMix(flags.get("mix"));
  const seed = Number(flags.get("seed") ?? 1);
  const stuckMs = 1000 * Number(flags.get("stuck") ?? 30);
  const given = flags.get("database-url");
  const database = flags.get("database") ?? (given ? "postgres" : "sqlite");
  if (database !== "sqlite" && database !== "postgres")
    throw new Error(`--database: sqlite or postgres, not "${database}"`);
  const latency = Number(flags.get("db-latency") ?? 0);
  if (!Number.isFinite(latency) || latency < 0)
    throw new Error(`--db-latency: milliseconds ≥ 0, not "${latency}"`);
  if (latency > 0 && database !== "postgres") throw new Error("--db-latency needs --database postgres");
  killBotsOnSignal();
  const postgres = database === "postgres" && !given ? await startPostgres({ durable: true }) : null;
  try {
    const databaseFor = async (scenario: number): Promise<string | null> => {
      if (database === "sqlite") return null;
      return given ?? (await createDatabase(postgres!, `load_${scenario + 1}`));
    };
    return await loadScenarios(flags, { games, interactions, mix, seed, stuckMs, databaseFor, latency });
  } finally {
    await postgres?.stop();
  }
}

async function loadScenarios(
  flags: Map<string, string>,
  plan: {
    games: number[];
    interactions: number[];
    mix: string[];
    seed: number;
    stuckMs: number;
    /** The scenario's PostgreSQL database, or null for SQLite. */
    databaseFor: (scenario: number) => Promise<string | null>;
    latency: number;
  },
): Promise<number> {
  const { games, interactions, mix, seed, stuckMs, databaseFor, latency } = plan;
  console.log(machineLine("Load bench"));
  console.log(`Games: ${mix.join(", ")}; the real bot (dist/src/index.js) against the embedded emulator.`);
  const results: LoadRunResult[] = [];
  for (const [i, n] of games.entries()) {
    const budget = interactions[Math.min(i, interactions.length - 1)]!;
    console.log(`\n== ${n} game(s) at once, ${budget} interactions ==`);
    const url = await databaseFor(i);
    const proxy = url && latency > 0 ? await startDelayProxy(hostOf(url), latency) : null;
    const result = await loadRun({
      games: n,
      interactions: budget,
      seed: seed + i,
      mix,
      stuckMs,
      robots: Number(flags.get("robots") ?? flags.get("bots") ?? 0),
      robotDelayMs: Number(flags.get("robot-delay") ?? flags.get("bot-delay") ?? 0),
      waitTable: flags.get("wait-table") !== "false",
      ...(url
        ? {
            databaseUrl: proxy ? throughPort(url, proxy.port) : url,
            dbLatencyMs: latency,
            readDatabaseUrl: url,
          }
        : {}),
    }).finally(() => proxy?.stop());
    printRunDetails(result);
    results.push(result);
  }
  printLoadTable(results);
  const verdicts = printLoadVerdicts(results);
  const file = writeResults("load", {
    bench: "load",
    machine: machine(),
    mix,
    seed,
    targets: LOAD_TARGETS,
    runs: results,
    verdicts,
  });
  console.log(`\n${resultsLine(file)}`);
  return results.some((r) => r.aborted) ? 1 : 0;
}

/** The host and port a PostgreSQL URL names (5432 when it names none). */
function hostOf(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || 5432) };
}

/** The URL with its host and port replaced by the delay proxy's on 127.0.0.1. */
function throughPort(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.hostname = "127.0.0.1";
  parsed.port = String(port);
  return parsed.toString();
}

const SOAK_HELP = `npm run bench -- soak [--games 20] [--interactions 8000] [--every 500] [--mix …] [--seed 1] [--stuck 30]
  Many interactions over a few games; the bot's RSS every --every interactions, and whether it levels off.`;

export async function runSoakBench(args: readonly string[]): Promise<number> {
  const flags = flagsOrHelp(args, SOAK_HELP);
  if (!flags) return 0;
  const games = numberList(flags.get("games"), [20])[0]!;
  const interactions = numberList(flags.get("interactions"), [8000])[0]!;
  const every = numberList(flags.get("every"), [500])[0]!;
  const mix = parseMix(flags.get("mix"));
  const seed = Number(flags.get("seed") ?? 1);
  const stuckMs = 1000 * Number(flags.get("stuck") ?? 30);
  killBotsOnSignal();
  console.log(machineLine("RSS soak"));
  console.log(`${games} games, ${interactions} interactions, RSS every ${every}; games: ${mix.join(", ")}\n`);
  const result = await loadRun({ games, interactions, seed, mix, rssEvery: every, stuckMs });
  printRunDetails(result);
  const plateau = printPlateau(result);
  const file = writeResults("soak", {
    bench: "soak",
    machine: machine(),
    games,
    interactions,
    every,
    mix,
    seed,
    plateau,
    run: result,
  });
  console.log(resultsLine(file));
  return result.aborted ? 1 : 0;
}
