import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { stats } from "./stats.js";
import type { BotProcess } from "./world.js";

/**
 * The bot process seen from outside: CPU and RSS from /proc/<pid>, the event-loop stall from the
 * bot's `loop-stall max=… p99=…` lines (printed every second when started with BENCH_LOOP_STATS=1),
 * and its WARN and ERROR lines.
 */

let clockTicks: number | null = null;

/** The kernel's clock ticks per second, the unit of /proc's CPU times. */
export function ticksPerSecond(): number {
  if (clockTicks === null) {
    try {
      clockTicks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

export interface ProcSample {
  at: number;
  rssMiB: number;
  hwmMiB: number;
  /** utime + stime of every thread of the process (render workers included), seconds. */
  cpuSeconds: number;
}

/** VmRSS / VmHWM from /proc/<pid>/status and CPU time from /proc/<pid>/stat; null once it is gone. */
export function procSample(pid: number | undefined): ProcSample | null {
  if (pid === undefined) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = (key: string) =>
      Number(new RegExp(`^${key}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? Number.NaN);
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after "(comm)": state is [0], utime [11], stime [12] (fields 14 and 15 of proc(5)).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / ticksPerSecond();
    return { at: Date.now(), rssMiB: kib("VmRSS") / 1024, hwmMiB: kib("VmHWM") / 1024, cpuSeconds };
  } catch {
    return null;
  }
}

export const LOOP_STALL =
  /loop-stall max=(\d+(?:\.\d+)?) p99=(\d+(?:\.\d+)?)(?: drawn=(\d+) cached=(\d+))?(?: own=(\d+(?:\.\d+)?))?/;

export interface LoopStats {
  /** How many `loop-stall` lines (one a second) fell in the phase; 0 = the bot does not print them. */
  seconds: number;
  maxMs: number;
  /** The worst second's 99th percentile. */
  p99MaxMs: number;
  /** The median second's max. */
  medianMaxMs: number;
  /** Pictures the bot's render workers drew in the phase, and those it served from its cache or a drawing in flight. */
  pictures: { drawn: number; cached: number };
}

/** The `loop-stall` lines the bot printed since line `from` (an index into `bot.lines`). */
export function loopStats(bot: BotProcess, from: number, since = 0): LoopStats {
  const maxes: number[] = [];
  const p99s: number[] = [];
  // The counts are running totals: the phase's are its last line's less the line before it.
  let before = { drawn: 0, cached: 0 };
  let last = before;
  for (let i = 0; i < bot.lines.length; i++) {
    const line = bot.lines[i]!;
    const match = LOOP_STALL.exec(line.text);
    if (!match) continue;
    const counts = { drawn: Number(match[3] ?? 0), cached: Number(match[4] ?? 0) };
    if (i < from || line.at < since) {
      before = counts;
      continue;
    }
    last = counts;
    maxes.push(Number(match[1]));
    p99s.push(Number(match[2]));
  }
  return {
    seconds: maxes.length,
    maxMs: maxes.length ? Math.max(...maxes) : Number.NaN,
    p99MaxMs: p99s.length ? Math.max(...p99s) : Number.NaN,
    medianMaxMs: stats(maxes).median,
    pictures: maxes.length
      ? { drawn: last.drawn - before.drawn, cached: last.cached - before.cached }
      : { drawn: 0, cached: 0 },
  };
}

/** The bot's WARN and ERROR log lines since line `from`. */
export function botWarnings(bot: BotProcess, from = 0): { count: number; first: string[] } {
  const found = bot.lines.slice(from).filter((line) => /^\S+ (WARN|ERROR) /.test(line.text));
  return { count: found.length, first: found.slice(0, 3).map((line) => line.text.slice(0, 200)) };
}

/** The bot's last few lines, joined: what it said before it exited. */
export function lastLines(bot: BotProcess, count = 5): string {
  return bot.lines
    .slice(-count)
    .map((line) => line.text)
    .join(" / ");
}

/** Samples the bot's RSS and CPU every `everyMs` while running. */
export class ProcMonitor {
  readonly samples: ProcSample[] = [];
  #timer: NodeJS.Timeout | null = null;

  constructor(readonly bot: BotProcess) {}

  start(everyMs = 500): void {
    this.sample();
    this.#timer = setInterval(() => this.sample(), everyMs);
    this.#timer.unref();
  }

  sample(): ProcSample | null {
    const sample = procSample(this.bot.pid);
    if (sample) this.samples.push(sample);
    return sample;
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** Peak RSS between two times (ms since epoch). */
  peakRss(from: number, to = Number.POSITIVE_INFINITY): number {
    let peak = Number.NaN;
    for (const s of this.samples) if (s.at >= from && s.at <= to && !(s.rssMiB <= peak)) peak = s.rssMiB;
    return peak;
  }
}
