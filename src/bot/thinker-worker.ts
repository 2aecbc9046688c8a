import { parentPort, workerData } from "node:worker_threads";
import type { AnyBot } from "../engine/core/bot.js";
import { lowerThreadPriority } from "../lowPriority.js";
import { type BotModules, type ThinkJob, think } from "./thinker.js";

/** The thinker's thread: one decision at a time, so a long search never holds the event loop. */
if (!parentPort) throw new Error("bot/thinker-worker.js runs only as a worker thread of the thinker");
const port = parentPort;
lowerThreadPriority();
const { bots: modules } = workerData as { bots: BotModules };
const bots = new Map<string, AnyBot>(
  await Promise.all(
    modules.map(async ({ gameType, module }) => {
      const exports = (await import(module.url)) as Record<string, AnyBot>;
      return [gameType, exports[module.name] as AnyBot] as const;
    }),
  ),
);
port.on("message", ({ id, job }: { id: number; job: ThinkJob }) => {
  try {
    port.postMessage({ id, decision: think(bots, job) });
  } catch (err) {
    port.postMessage({ id, error: (err as Error).message });
  }
});
