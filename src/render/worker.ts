import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { ensureFonts } from "./fonts.js";
import { type PictureJob, paint } from "./jobs.js";

/**
 * Drawing yields the CPU to the event loop: on a busy machine the main thread (acknowledging
 * clicks, committing moves) must never wait behind a picture. Linux gives each thread its own
 * niceness, found through /proc/thread-self; elsewhere the thread keeps the process's priority.
 */
const DRAWING_NICENESS = 10;

function yieldToEventLoop(): void {
  try {
    const threadId = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(threadId)) setPriority(threadId, DRAWING_NICENESS);
  } catch {
    // Not Linux, or not allowed: the pool still draws off the event loop.
  }
}

/** A render pool's thread: draws one job at a time and sends back its PNG. */
if (!parentPort) throw new Error("render/worker.js runs only as a worker thread of the render pool");
const port = parentPort;
yieldToEventLoop();
ensureFonts();
port.postMessage({ ready: true });
port.on("message", (text: string) => {
  try {
    const png = paint(JSON.parse(text) as PictureJob);
    port.postMessage({ png });
  } catch (err) {
    port.postMessage({ error: (err as Error).message });
  }
});
