import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

/** The main thread's schedstat (Linux): ms on a CPU, and ms waiting on a run queue for one; zeros where Linux does not say. */
export function threadTimesMs(): { running: number; waiting: number } {
  try {
    const [running, waiting] = readFileSync("/proc/thread-self/schedstat", "utf8").split(" ").map(Number);
    return { running: (running ?? 0) / 1e6 || 0, waiting: (waiting ?? 0) / 1e6 || 0 };
  } catch {
    return { running: 0, waiting: 0 };
  }
}

/**
 * The event loop's longest stall of its own: a timer every `tickMs` measures how late it comes,
 * less the time the thread waited for a CPU meanwhile (another process's turn on a busy machine),
 * so what is left is the bot's own blocking of its loop. `take()` gives the longest since the last
 * take (ms, never negative) and starts again.
 */
export function ownStalls(tickMs = 5): { take(): number; stop(): void } {
  let last = performance.now();
  let lastWaiting = threadTimesMs().waiting;
  let longest = 0;
  const timer = setInterval(() => {
    const at = performance.now();
    const { waiting } = threadTimesMs();
    longest = Math.max(longest, at - last - tickMs - (waiting - lastWaiting));
    last = at;
    lastWaiting = waiting;
  }, tickMs);
  timer.unref();
  return {
    take() {
      const taken = Math.max(0, longest);
      longest = 0;
      return taken;
    },
    stop: () => clearInterval(timer),
  };
}
