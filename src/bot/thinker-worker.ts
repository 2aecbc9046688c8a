import { parentPort, workerData } from "node:worker_threads";
import type { AnyRobot } from "../engine/core/robot.js";
import type { GameReview } from "../engine/core/winnable.js";
import { lowerThreadPriority, nameThread } from "../render/lowPriority.js";
import { type ReviewJob, type RobotModules, review, type ThinkJob, think } from "./thinker.js";

/** The thinker's thread, where the robots think: one decision at a time, so a long search never holds the event loop. */
if (!parentPort) throw new Error("bot/thinker-worker.js runs only as a worker thread of the thinker");
const port = parentPort;
lowerThreadPriority();
nameThread("robots");
const { robots: modules } = workerData as { robots: RobotModules };
const robots = new Map<string, AnyRobot>(
  await Promise.all(
    modules.map(async ({ gameType, module }) => {
      const exports = (await import(module.url)) as Record<string, AnyRobot>;
      return [gameType, exports[module.name] as AnyRobot] as const;
    }),
  ),
);
const reviews = new Map<string, GameReview>(
  await Promise.all(
    modules.flatMap(({ gameType, review }) =>
      review
        ? [
            (async () => {
              const exports = (await import(review.url)) as Record<string, GameReview>;
              return [gameType, exports[review.name] as GameReview] as const;
            })(),
          ]
        : [],
    ),
  ),
);
port.on("message", (msg: { id: number; job?: ThinkJob; review?: ReviewJob }) => {
  const { id } = msg;
  try {
    const answer = msg.review ? review(reviews, msg.review) : think(robots, msg.job as ThinkJob);
    port.postMessage({ id, answer });
  } catch (err) {
    port.postMessage({ id, error: (err as Error).message });
  }
});
