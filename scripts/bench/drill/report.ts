import type { OutcomeCounts } from "./clicks.js";
import type {
  DrillResult,
  HostFigures,
  KillFigures,
  OperationFigures,
  ProxyFigures,
  RollFigures,
} from "./drill.js";

/** The drill's table, as the issue states its figures: what the operator did, what players saw. */

const seconds = (ms: number | null): string => (ms === null ? "never" : `${(ms / 1000).toFixed(1)} s`);

/** "3 never answered, 60 refused (…), …" of a set of clicks. */
export function outcomeLine(counts: OutcomeCounts): string {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return [
    `${counts["never answered"]} never answered`,
    `${counts["no connection"]} refused (shard not connected)`,
    `${counts.restarting} turned away as restarting`,
    `${counts.error} answered with an error`,
    `${counts.slow} answered slowly (a deferred answer not filled in within 5 s)`,
    `${counts.answered} of ${total} answered`,
  ].join(", ");
}

function hostLine(h: HostFigures): string {
  const shards = h.shards
    .map((s) => `shard ${s.shard} ${seconds(s.answeringMs)}, its guild silent ${seconds(s.silentMs)}`)
    .join("; ");
  return `host ${h.host + 1}: a guild of it without an answered click for ${seconds(h.silentMs)} at most (all of them at once ${seconds(h.allSilentMs)}); its shards answering ${seconds(h.answeringMs)} after its new process started (${shards}); old process gone ${seconds(h.stopMs)} after the signal`;
}

function rollRow(r: RollFigures): [string, string] {
  return [
    `rolled both hosts (${r.mode}${r.hogs > 0 ? `, ${r.hogs} CPU hogs` : ""})`,
    [outcomeLine(r.clicks), ...r.hosts.map(hostLine)].join("; "),
  ];
}

function proxyRow(p: ProxyFigures): [string, string] {
  const failed = Object.entries(p.clicks)
    .filter(([outcome]) => outcome !== "answered")
    .reduce((n, [, count]) => n + count, 0);
  const counters =
    p.failureCounters.length === 0
      ? "no failure counter in /metrics is above 0"
      : `failure counters: ${p.failureCounters.map((c) => `shard ${c.shard} ${c.name} ${c.before}→${c.after}`).join(", ")}`;
  const health = p.health.map((h) => `shard ${h.shard} ${h.not200}/${h.answers} not 200`).join(", ");
  return [
    `SIGKILLed the REST proxy, restarted it after ${seconds(p.downMs)}`,
    [
      `while it was down ${failed} clicks failed (${outcomeLine(p.clicks)})`,
      `in the 10 s after: ${outcomeLine(p.clicksAfter)}`,
      `10 s after: ${p.staleTables.length} of ${p.activeGames} games in play show an old table, ${p.unpinged.length} players to act never pinged`,
      `/healthz ${p.healthStayed200 ? "stayed 200 on every shard" : "was not 200 all along"} (${health})`,
      `${counters}; ${p.failuresCounted ? "the failures were counted" : "no metric counted the failures"}`,
    ].join("; "),
  ];
}

function killRow(k: KillFigures): [string, string] {
  return [
    `SIGKILLed host ${k.host + 1}, restarted it`,
    [
      `${k.lost} clicks lost (${k.inFlightLost} of them in flight at the kill)`,
      `from the kill until it answered again: ${outcomeLine(k.clicks)}`,
      `host back ${seconds(k.backAfterKillMs)} after the kill (${seconds(k.figures.answeringMs)} after its new process started)`,
    ].join("; "),
  ];
}

function row(op: OperationFigures): [string, string] {
  const [did, saw] = op.op === "roll" ? rollRow(op) : op.op === "proxy" ? proxyRow(op) : killRow(op);
  const before =
    op.staleTablesBefore > 0 ? ` (begun with ${op.staleTablesBefore} tables left behind before it)` : "";
  return [`${did}${before}`, saw];
}

export function formatDrill(result: DrillResult): string {
  const s = result.settings;
  const rows = [...result.ops.map(row), ["(play outside the operations)", outcomeLine(result.quiet)]];
  const lines = [
    `${s.hosts} hosts × ${s.shardsPerHost} shards, ${s.games} games at once (kinds per host: ${result.kindsByHost.map((k) => k.length).join(", ")}), max_concurrency ${s.maxConcurrency}; ${result.clicks} clicks, ${result.moves} moves in ${seconds(result.durationMs)}`,
    "",
    "| what the operator did | what players saw |",
    "|---|---|",
    ...rows.map(([did, saw]) => `| ${did} | ${saw} |`),
    "",
    result.tablesBehind.length === 0
      ? "At the end every table shows its game's version."
      : `At the end ${result.tablesBehind.length} tables are behind: ${result.tablesBehind.slice(0, 5).join("; ")}`,
  ];
  if (result.playerErrors.length > 0)
    lines.push(
      `What players could not do (${result.playerErrors.length}, first 5): ${result.playerErrors
        .slice(0, 5)
        .map((e) => e.split("\n")[0])
        .join(" | ")}`,
    );
  if (result.problems.length > 0)
    lines.push(
      `Problems (${result.problems.length}):`,
      ...result.problems.slice(0, 10).map((p) => `  ${p.split("\n")[0]?.slice(0, 300)}`),
    );
  return lines.join("\n");
}
