import fs from "node:fs";
import { fmt } from "./stats.js";

/**
 * What a move costs the bot, measured from outside over a window: its CPU per move split by thread
 * (from /proc/<pid>/task/<tid>/stat at the window's start and end), and per game kind the pictures
 * its render workers drew (its /metrics, `cardtable_render_seconds_count` by painter) and the bytes
 * of the attachments it uploaded to the emulator (each upload mapped to its game by interaction or
 * channel, see Observer).
 *
 * Threads are told apart by name: the bot names its render workers "render" and its robots' thread
 * "robots" (src/render/lowPriority.ts `nameThread`); the main thread's id is the process id. Every
 * other thread (libuv's pool, V8's GC and platform threads) is "other". Node names no thread itself.
 */

export type ThreadGroup = "main" | "render" | "robots" | "other";

export interface ThreadTicks {
  tid: number;
  name: string;
  /** utime + stime, in clock ticks. */
  ticks: number;
}

export interface ThreadSample {
  pid: number;
  at: number;
  /** utime + stime of the whole process, threads that have exited included. */
  processTicks: number;
  threads: ThreadTicks[];
}

/** CPU seconds by group of threads, and the whole process's. */
export type CpuSplit = Record<ThreadGroup | "total", number>;

/** "(comm) state … utime stime": the name between the parentheses and fields 14 and 15 of proc(5). */
function parseStat(stat: string): { name: string; ticks: number } {
  const open = stat.indexOf("(");
  const close = stat.lastIndexOf(")");
  const fields = stat.slice(close + 2).split(" ");
  return { name: stat.slice(open + 1, close), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** Every thread of the process and its CPU so far; null once the process is gone. */
export function threadSample(pid: number | undefined): ThreadSample | null {
  if (pid === undefined) return null;
  try {
    const threads: ThreadTicks[] = [];
    for (const entry of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        threads.push({
          tid: Number(entry),
          ...parseStat(fs.readFileSync(`/proc/${pid}/task/${entry}/stat`, "utf8")),
        });
      } catch {
        // The thread exited between the listing and the read: the process's total still has its time.
      }
    }
    const processTicks = parseStat(fs.readFileSync(`/proc/${pid}/stat`, "utf8")).ticks;
    return { pid, at: Date.now(), processTicks, threads };
  } catch {
    return null;
  }
}

export function threadGroup(pid: number, thread: { tid: number; name: string }): ThreadGroup {
  if (thread.tid === pid) return "main";
  if (thread.name === "render" || thread.name === "robots") return thread.name;
  return "other";
}

/**
 * CPU seconds between two samples by group. A thread started in between counts from zero; "other"
 * is the process's total less the named groups, so a thread that exited in between (its time is
 * only in the total) is counted there.
 */
export function cpuSplit(start: ThreadSample, end: ThreadSample, ticksPerSec: number): CpuSplit {
  const before = new Map(start.threads.map((t) => [t.tid, t.ticks]));
  const ticks: CpuSplit = { main: 0, render: 0, robots: 0, other: 0, total: 0 };
  for (const thread of end.threads) {
    const group = threadGroup(end.pid, thread);
    if (group !== "other") ticks[group] += Math.max(0, thread.ticks - (before.get(thread.tid) ?? 0));
  }
  ticks.total = Math.max(0, end.processTicks - start.processTicks);
  ticks.other = Math.max(0, ticks.total - ticks.main - ticks.render - ticks.robots);
  return {
    main: ticks.main / ticksPerSec,
    render: ticks.render / ticksPerSec,
    robots: ticks.robots / ticksPerSec,
    other: ticks.other / ticksPerSec,
    total: ticks.total / ticksPerSec,
  };
}

/** Pictures drawn so far per game, from the bot's /metrics text (painters are `<game>.<picture>`). */
export function picturesByGame(metrics: string): Record<string, number> {
  const drawn: Record<string, number> = {};
  for (const [, labels, n] of metrics.matchAll(/^cardtable_render_seconds_count\{([^}]*)\} (\S+)$/gm)) {
    const painter = /painter="([^"]+)"/.exec(labels!)?.[1];
    if (!painter) continue;
    const game = painter.split(".")[0]!;
    drawn[game] = (drawn[game] ?? 0) + Number(n);
  }
  return drawn;
}

/**
 * The game kind an upload belongs to: by the interaction whose callback or token carried it (a
 * panel, a deferred answer, a follow-up), else by the channel it was posted or edited in (a table).
 * Null when neither is known: it is counted apart, so nothing is silently left out.
 */
export function uploadGame(
  request: { path: string; interactionId: string | null },
  gameOfInteraction: (id: string) => string | null | undefined,
  gameOfChannel: (id: string) => string | undefined,
): string | null {
  if (request.interactionId) {
    const game = gameOfInteraction(request.interactionId);
    if (game) return game;
  }
  const channel = /^\/channels\/(\d+)\//.exec(request.path)?.[1];
  return (channel && gameOfChannel(channel)) || null;
}

export interface KindCost {
  moves: number;
  pictures: number;
  picturesPerMove: number;
  uploadedKB: number;
  kbPerMove: number;
}

/** The cost block of a window (KB = 1000 bytes). */
export interface CostBlock {
  seconds: number;
  moves: number;
  /** The bot's CPU in the window, ms per move, by group of threads. */
  cpuMsPerMove: CpuSplit;
  /** The bot's CPU in the window, % of one core, by group of threads. */
  cpuPercent: CpuSplit;
  byKind: Record<string, KindCost>;
  /** Uploads that could be tied to no game (lobbies of a slot between games, say). */
  unattributedKB: number;
}

/** Counters at one moment, to subtract: moves and pictures and uploaded bytes per game kind. */
export interface CostCounters {
  threads: ThreadSample | null;
  moves: Record<string, number>;
  pictures: Record<string, number>;
  uploadedBytes: Record<string, number>;
  unattributedBytes: number;
}

const minus = (after: Record<string, number>, before: Record<string, number>, key: string) =>
  (after[key] ?? 0) - (before[key] ?? 0);

/** The window's cost from the counters at its start and end. */
export function costBetween(start: CostCounters, end: CostCounters, ticksPerSec: number): CostBlock {
  const seconds = start.threads && end.threads ? (end.threads.at - start.threads.at) / 1000 : Number.NaN;
  const cpu =
    start.threads && end.threads
      ? cpuSplit(start.threads, end.threads, ticksPerSec)
      : { main: Number.NaN, render: Number.NaN, robots: Number.NaN, other: Number.NaN, total: Number.NaN };
  const kinds = new Set([
    ...Object.keys(end.moves),
    ...Object.keys(end.pictures),
    ...Object.keys(end.uploadedBytes),
  ]);
  const byKind: Record<string, KindCost> = {};
  let moves = 0;
  for (const kind of [...kinds].sort()) {
    const cost = {
      moves: minus(end.moves, start.moves, kind),
      pictures: minus(end.pictures, start.pictures, kind),
      uploadedKB: minus(end.uploadedBytes, start.uploadedBytes, kind) / 1000,
    };
    if (cost.moves === 0 && cost.pictures === 0 && cost.uploadedKB === 0) continue;
    moves += cost.moves;
    byKind[kind] = {
      ...cost,
      picturesPerMove: cost.pictures / cost.moves,
      kbPerMove: cost.uploadedKB / cost.moves,
    };
  }
  const per = (f: (seconds: number) => number): CpuSplit => ({
    main: f(cpu.main),
    render: f(cpu.render),
    robots: f(cpu.robots),
    other: f(cpu.other),
    total: f(cpu.total),
  });
  return {
    seconds,
    moves,
    cpuMsPerMove: per((s) => (1000 * s) / moves),
    cpuPercent: per((s) => (100 * s) / seconds),
    byKind,
    unattributedKB: (end.unattributedBytes - start.unattributedBytes) / 1000,
  };
}

/** The cost block as printed by the load and capacity benches. */
export function costLines(cost: CostBlock): string[] {
  const cpu = cost.cpuMsPerMove;
  const robots = cost.cpuPercent.robots > 0 ? `, robots ${fmt(cpu.robots, 1)}` : "";
  const lines = [
    `  cost over ${fmt(cost.seconds, 1)} s, ${cost.moves} moves: bot CPU per move ${fmt(cpu.total, 1)} ms = main ${fmt(cpu.main, 1)} + render ${fmt(cpu.render, 1)}${robots} + other ${fmt(cpu.other, 1)} (CPU ${fmt(cost.cpuPercent.total)}% of one core: main ${fmt(cost.cpuPercent.main)}%, render ${fmt(cost.cpuPercent.render)}%)`,
  ];
  for (const [kind, k] of Object.entries(cost.byKind))
    lines.push(
      `    ${kind.padEnd(10)} ${String(k.moves).padStart(6)} moves  ${fmt(k.picturesPerMove, 2).padStart(5)} pictures drawn a move  ${fmt(k.kbPerMove, 1).padStart(6)} KB uploaded a move`,
    );
  if (cost.unattributedKB > 0) lines.push(`    ${fmt(cost.unattributedKB)} KB uploaded for no game in play`);
  return lines;
}

/** Where the counters are read: the bot's process and /metrics port, the driver's and observer's tallies. */
export interface CostSources {
  pid: number | undefined;
  metricsPort: number;
  /** Moves per game kind so far. */
  moves: () => Record<string, number>;
  /** Bytes uploaded per game kind so far, and those tied to no game. */
  uploads: () => { byGame: Record<string, number>; unattributed: number };
}

export async function readCostCounters(sources: CostSources): Promise<CostCounters> {
  const threads = threadSample(sources.pid);
  const moves = { ...sources.moves() };
  const uploads = sources.uploads();
  const uploadedBytes = { ...uploads.byGame };
  const unattributedBytes = uploads.unattributed;
  const metrics = await (await fetch(`http://127.0.0.1:${sources.metricsPort}/metrics`)).text();
  return { threads, moves, pictures: picturesByGame(metrics), uploadedBytes, unattributedBytes };
}
