import { costLines } from "./cost.js";
import type { LoadRunResult } from "./loadRun.js";
import { TABLE_WAIT_MS } from "./observer.js";
import { printProblems, type Verdict, verdictLine, warningProblems } from "./report.js";
import { fmt, fmtStats, plateauOf, stats } from "./stats.js";

/** What the load bench and the RSS soak print about a run, and the load bench's targets. */

export const LOAD_TARGETS = {
  games: 100,
  ackP95Ms: 100,
  unanswered: 0,
  /** Interactions a second when players click without waiting for tables. */
  perSecond: 100,
  stretchPerSecond: 200,
  /** Moves a second, table shown and panel shown when they wait for the table (issue 23). */
  movesPerSecond: 100,
  tableP95Ms: 1000,
  panelP95Ms: 500,
  stallMs: 50,
};

/** The rate once every game was in play, or over the whole run when that phase was too short. */
const sustained = (r: LoadRunResult) =>
  Number.isFinite(r.steadyPerSecond) ? r.steadyPerSecond : r.perSecond;
const sustainedMoves = (r: LoadRunResult) =>
  Number.isFinite(r.steadyMovesPerSecond) ? r.steadyMovesPerSecond : r.movesPerSecond;

export function printLoadTable(results: LoadRunResult[]): void {
  console.log(
    `\n${"games".padStart(5)} ${"inter.".padStart(6)} ${"int/s".padStart(6)} ${"moves/s".padStart(7)}  ${"ack med/p95 ms".padStart(14)}  ${"panel med/p95 ms".padStart(16)}  ${"table med/p95 ms".padStart(16)} ${"unans".padStart(5)} ${"429s".padStart(5)} ${"stall max".padStart(9)} ${"bot CPU".padStart(7)} ${"RSS peak".padStart(9)}`,
  );
  const medP95 = (s: { median: number; p95: number }) => `${fmt(s.median)} / ${fmt(s.p95)}`;
  for (const r of results) {
    console.log(
      `${String(r.games).padStart(5)} ${String(r.interactions).padStart(6)} ${fmt(sustained(r), 1).padStart(6)} ${fmt(sustainedMoves(r), 1).padStart(7)}  ${medP95(r.ackMs).padStart(14)}  ${medP95(r.panelMs).padStart(16)}  ${medP95(r.tableMs).padStart(16)} ${String(r.unanswered).padStart(5)} ${String(r.rateLimited.all).padStart(5)} ${`${fmt(r.loop.maxMs)} ms`.padStart(9)} ${`${fmt(r.botCpuPercent)}%`.padStart(7)} ${`${fmt(r.rssMiB.peak)} MiB`.padStart(9)}`,
    );
  }
  console.log(
    "  (int/s and moves/s once every game was in play; panel: click on a table's panel button → the panel with its picture)",
  );
}

export function printRunDetails(r: LoadRunResult): void {
  console.log(
    `  ${r.games} games: ${r.interactions} interactions in ${fmt(r.seconds, 1)} s = ${fmt(r.perSecond, 1)}/s (${fmt(r.steadyPerSecond, 1)}/s once all games were in play); ` +
      `ack ${fmtStats(r.ackMs)} ms (med/p95/max); table ${fmtStats(r.tableMs)} ms over ${r.tableMs.count} moves` +
      (r.tablesMissing ? `; ${r.tablesMissing} moves not on a table within ${TABLE_WAIT_MS / 1000} s` : ""),
  );
  console.log(
    `  unanswered (no ack within 3 s): ${r.unanswered} (late acks the emulator refused: ${r.lateAcks}); 429s ${r.rateLimited.all} (${r.rateLimited.global} over the global budget); event-loop stall max ${fmt(r.loop.maxMs)} ms, worst p99 ${fmt(r.loop.p99MaxMs)} ms over ${r.loop.seconds} s${r.loop.seconds === 0 ? " (the bot printed no loop-stall lines: BENCH_LOOP_STATS not supported?)" : ""}`,
  );
  console.log(
    `  bot REST writes/s: ${fmt(r.restPerSecond.callbacks)} interaction callbacks, ${fmt(r.restPerSecond.webhookWrites)} deferred answers/follow-ups, ${fmt(r.restPerSecond.channelWrites)} channel messages (tables posted/edited, buttons stripped)`,
  );
  console.log(
    `  bot CPU ${fmt(r.botCpuPercent)}% of one core, RSS ${fmt(r.rssMiB.start)} → peak ${fmt(r.rssMiB.peak)} → ${fmt(r.rssMiB.end)} MiB; driver+emulator CPU ${fmt(r.driverCpuPercent)}%`,
  );
  const commitBound = r.commits.p95AtMostMs === null ? "over 500 ms" : `≤ ${r.commits.p95AtMostMs} ms`;
  console.log(
    `  database ${r.database}${r.dbLatencyMs > 0 ? ` (+${r.dbLatencyMs} ms each way)` : ""}: ${r.commits.count} move commits, p95 ${commitBound}, ${(100 * r.commits.within5Ms).toFixed(1)}% within 5 ms`,
  );
  const q = (n: number | null) => (n === null ? "over 50" : String(n));
  for (const [kind, t] of Object.entries(r.perInteraction))
    console.log(
      `    ${kind.padEnd(8)} ${String(t.count).padStart(5)} interactions: queries median ${q(t.queries.median)}, p95 ${q(t.queries.p95)}; round trips median ${q(t.roundTrips.median)}, p95 ${q(t.roundTrips.p95)}`,
    );
  const { drawn, cached } = r.loop.pictures;
  console.log(
    `  pictures: ${drawn} drawn (${fmt(drawn / Math.max(1, r.moves), 1)} a move, ${fmt(drawn / r.seconds, 1)}/s), ${cached} more served from the cache or a drawing in flight`,
  );
  for (const line of costLines(r.cost)) console.log(line);
  if (r.runningCost) {
    console.log("  the run's second half (the bot past its start, every game in play):");
    for (const line of costLines(r.runningCost)) console.log(`  ${line}`);
  }
  console.log(`  games started ${r.gamesStarted}, finished ${r.gamesFinished}; click mix: ${r.mixLine}`);
  console.log(`  click → answer complete (deferred panels filled in): ${fmtStats(r.answerMs)} ms; per game:`);
  for (const [type, t] of Object.entries(r.byType)) {
    console.log(
      `    ${type.padEnd(10)} ${String(t.started).padStart(4)} started ${String(t.finished).padStart(4)} finished ${String(t.moves).padStart(5)} moves${t.stuck ? ` ${t.stuck} STUCK` : ""}   answer ${fmtStats(r.answerMsByType[type] ?? stats([]))} ms`,
    );
  }
  if (r.stuck.length > 0)
    console.log(
      `  stuck games replaced: ${r.stuck.map((s) => `${s.gameType} #${s.gameId} v${s.version} (${s.reason})`).join(", ")}`,
    );
  if (r.aborted) console.log(`  ABORTED: ${r.aborted}`);
  printProblems(
    [
      ...r.errors.map((e) => `driver: ${e}`),
      ...r.violations.map((v) => `emulator: ${v}`),
      ...r.unknownRoutes.map((u) => `unknown route: ${u}`),
      ...(r.errorResponses > 0 ? [`emulator: ${r.errorResponses} error answers to the bot's requests`] : []),
      ...r.botErrorLines.map((l) => `bot: ${l}`),
      ...warningProblems(r.botWarnings),
    ],
    8,
  );
}

export function loadVerdicts(r: LoadRunResult): Verdict[] {
  const rate: Verdict[] = r.waitTable
    ? [
        {
          name: "moves/s",
          value: fmt(sustainedMoves(r), 1),
          target: `≥ ${LOAD_TARGETS.movesPerSecond}`,
          ok: sustainedMoves(r) >= LOAD_TARGETS.movesPerSecond,
        },
        {
          name: "table shown p95",
          value: `${fmt(r.tableMs.p95)} ms`,
          target: `≤ ${LOAD_TARGETS.tableP95Ms} ms`,
          ok: r.tableMs.p95 <= LOAD_TARGETS.tableP95Ms && r.tablesMissing === 0,
        },
        {
          name: "panel shown p95",
          value: `${fmt(r.panelMs.p95)} ms`,
          target: `≤ ${LOAD_TARGETS.panelP95Ms} ms`,
          ok: r.panelMs.p95 <= LOAD_TARGETS.panelP95Ms,
        },
      ]
    : [
        {
          name: "interactions/s",
          value: fmt(sustained(r), 1),
          target: `≥ ${LOAD_TARGETS.perSecond} (stretch ${LOAD_TARGETS.stretchPerSecond}${sustained(r) >= LOAD_TARGETS.stretchPerSecond ? ": reached" : ""})`,
          ok: sustained(r) >= LOAD_TARGETS.perSecond,
        },
      ];
  return [
    ...rate,
    {
      name: "ack p95",
      value: `${fmt(r.ackMs.p95)} ms`,
      target: `≤ ${LOAD_TARGETS.ackP95Ms} ms`,
      ok: r.ackMs.p95 <= LOAD_TARGETS.ackP95Ms,
    },
    { name: "unanswered within 3 s", value: String(r.unanswered), target: "0", ok: r.unanswered === 0 },
    { name: "responses 429", value: String(r.rateLimited.all), target: "0", ok: r.rateLimited.all === 0 },
    {
      name: "event-loop stall",
      value: `${fmt(r.loop.maxMs)} ms`,
      target: `≤ ${LOAD_TARGETS.stallMs} ms`,
      ok: r.loop.maxMs <= LOAD_TARGETS.stallMs,
    },
  ];
}

/**
 * The targets, judged on the runs with 100 games (or the last run when there is none); returns the
 * verdicts for the results file.
 */
export function printLoadVerdicts(
  results: readonly LoadRunResult[],
): { games: number; verdicts: Verdict[] }[] {
  console.log(`\nTargets (they apply with ${LOAD_TARGETS.games} games):`);
  const judged = results.filter((r) => r.games >= LOAD_TARGETS.games);
  const verdicts = (judged.length > 0 ? judged : results.slice(-1)).map((r) => ({
    games: r.games,
    verdicts: loadVerdicts(r),
  }));
  for (const { games: n, verdicts: list } of verdicts) {
    if (n < LOAD_TARGETS.games)
      console.log(`  (no run with ${LOAD_TARGETS.games} games: judged on the ${n}-game run)`);
    for (const v of list) console.log(verdictLine(`${n} games  `, v, 22));
  }
  return verdicts;
}

/** The RSS soak's verdict: RSS at the first and last sample, and whether the last third levelled off. */
export function printPlateau(result: LoadRunResult): ReturnType<typeof plateauOf> {
  const timeline = result.rssTimeline ?? [];
  const plateau = plateauOf(timeline.map((p) => p.rssMiB));
  console.log(
    `\nRSS: first ${fmt(timeline[0]?.rssMiB ?? Number.NaN, 1)} MiB, last ${fmt(timeline.at(-1)?.rssMiB ?? Number.NaN, 1)} MiB, peak ${fmt(result.rssMiB.peak, 1)} MiB`,
  );
  console.log(
    plateau.growthPercent === null
      ? "Plateau: not enough samples to judge (need at least 3)."
      : `Plateau: the last third (from ${fmt(plateau.from, 1)} MiB) grew ${fmt(plateau.growthPercent, 1)} % (target < 5 %): ${plateau.ok ? "reached a plateau" : "STILL GROWING"}`,
  );
  return plateau;
}
