import { readlinkSync, writeFileSync } from "node:fs";
import { setPriority } from "node:os";

/**
 * Background threads (drawing, robots thinking) yield the CPU to the event loop: on a busy machine
 * the main thread (acknowledging clicks, committing moves) must never wait behind them. Linux
 * gives each thread its own niceness, found through /proc/thread-self; elsewhere the thread keeps
 * the process's priority. Niceness 10, not 19: beside other busy processes at niceness 0, a
 * thread at 19 gets about 1% of a core, and a table would take seconds to draw.
 */
const BACKGROUND_NICENESS = 10;

export function lowerThreadPriority(): void {
  try {
    const threadId = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(threadId)) setPriority(threadId, BACKGROUND_NICENESS);
  } catch {
    // Not Linux, or not allowed: the thread still runs off the event loop.
  }
}

/**
 * Names the calling thread (Linux, at most 15 characters) so that `top -H` and the load bench,
 * reading /proc/<pid>/task/<tid>/comm from outside, tell drawing and thinking apart from the event
 * loop: Node leaves every thread named "node".
 */
export function nameThread(name: string): void {
  try {
    writeFileSync("/proc/thread-self/comm", name.slice(0, 15));
  } catch {
    // Not Linux: the thread keeps its name.
  }
}
