import { parentPort } from "node:worker_threads";
import { lowerThreadPriority } from "../lowPriority.js";
import { type ThinkJob, think } from "./thinker.js";

/** The thinker's thread: one decision at a time, so a long search never holds the event loop. */
if (!parentPort) throw new Error("bot/thinker-worker.js runs only as a worker thread of the thinker");
const port = parentPort;
lowerThreadPriority();
port.on("message", ({ id, job }: { id: number; job: ThinkJob }) => {
  try {
    port.postMessage({ id, decision: think(job) });
  } catch (err) {
    port.postMessage({ id, error: (err as Error).message });
  }
});
