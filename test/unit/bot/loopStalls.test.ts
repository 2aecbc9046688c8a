import { describe, expect, it } from "vitest";
import { ownStalls, threadTimesMs } from "../../../src/bot/loopStalls.js";

/** Keeps the thread busy for `ms` of its own CPU time, however long a busy machine makes that take. */
function burn(ms: number): void {
  const until = threadTimesMs().running + ms;
  while (threadTimesMs().running < until);
}

const nextTick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the event loop's own stalls", () => {
  // The stall is the tick's lateness less the CPU waits: at least the 150 ms burnt, less one 5 ms tick.
  // Where Linux does not tell a thread's CPU time, there is nothing to burn by.
  it.skipIf(threadTimesMs().running === 0)(
    "a loop blocked by 150 ms of the bot's own work counts as a stall of about that, however busy the machine",
    async () => {
      const own = ownStalls();
      try {
        await nextTick();
        own.take();
        burn(150);
        await nextTick();
        expect(own.take()).toBeGreaterThanOrEqual(145);
      } finally {
        own.stop();
      }
    },
  );
});
