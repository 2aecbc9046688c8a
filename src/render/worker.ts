import { parentPort, workerData } from "node:worker_threads";
// The shared pictures that are no game's (a ranked board) register as this module loads.
import "./board.js";
import { ensureFonts } from "./fonts.js";
import { type PictureJob, paint } from "./jobs.js";
import { lowerThreadPriority, nameThread } from "./lowPriority.js";

/** A render pool's thread: draws one job at a time and sends back its PNG. */
if (!parentPort) throw new Error("render/worker.js runs only as a worker thread of the render pool");
const port = parentPort;
const { modules, background } = workerData as { modules: readonly string[]; background: boolean };
// The first worker's start is part of the process's start (a new process takes its clicks once a
// worker is ready); a further worker starts, as it will draw, below the event loop, so loading its
// modules does not compete with a process that is just taking its first clicks.
if (background) lowerThreadPriority();
ensureFonts();
// The games' render modules register their painters as they load.
await Promise.all(modules.map((module) => import(module)));
lowerThreadPriority();
nameThread("render");
port.postMessage({ ready: true });
port.on("message", (text: string) => {
  try {
    const png = paint(JSON.parse(text) as PictureJob);
    // The PNG owns its memory (node-canvas allocates it): moved to the bot's thread, not copied.
    const memory = png.buffer;
    const owned =
      memory instanceof ArrayBuffer && png.byteOffset === 0 && png.byteLength === memory.byteLength;
    port.postMessage({ png }, owned ? [memory] : []);
  } catch (err) {
    port.postMessage({ error: (err as Error).message });
  }
});
