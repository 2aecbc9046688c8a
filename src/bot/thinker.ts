import { Worker } from "node:worker_threads";
import type { Message } from "../engine/core/errors.js";
import type { PlayerId } from "../engine/core/game.js";
import { type AnyRobot, type RobotChoice, robotRandom, timeBudget } from "../engine/core/robot.js";
import type { GameReview, PlayedGame } from "../engine/core/winnable.js";
import type { ModuleExport } from "./manifest.js";

/** One decision to make: a seat's private view and legal moves, never a game's state. */
export interface ThinkJob {
  gameType: string;
  seat: PlayerId;
  view: unknown;
  legal: unknown[];
  mustAct: boolean;
  seed: number;
  budgetMs: number;
}

export interface Decision {
  choice: RobotChoice<unknown> | null;
  /** How long the robot thought, ms. */
  ms: number;
}

/** After a lost game: its moves replayed and searched for the one that lost it (a public game's record only). */
export interface ReviewJob {
  gameType: string;
  game: PlayedGame;
  budgetMs: number;
}

/** Every game's robot by game id. */
export type Robots = ReadonlyMap<string, AnyRobot>;
/** The games whose lost games are reviewed, by game id. */
export type Reviews = ReadonlyMap<string, GameReview>;

/** Where the thinker's thread finds each game's robot and review (from the games' manifests). */
export type RobotModules = readonly { gameType: string; module: ModuleExport; review?: ModuleExport }[];

/** Runs a game's robot on one job (in the thinker's thread, or in place in tests). */
export function think(robots: Robots, job: ThinkJob): Decision {
  const robot = robots.get(job.gameType);
  if (!robot) throw new Error(`no robot plays ${job.gameType}`);
  const started = performance.now();
  const choice = robot.choose({
    seat: job.seat,
    view: job.view,
    legal: job.legal,
    mustAct: job.mustAct,
    random: robotRandom(job.seed),
    hasTime: timeBudget(job.budgetMs),
  });
  return { choice, ms: performance.now() - started };
}

/** Runs a game's review of a lost game (null: the game has none, or nothing to say). */
export function review(reviews: Reviews, job: ReviewJob): Message | null {
  return reviews.get(job.gameType)?.(job.game, timeBudget(job.budgetMs)) ?? null;
}

/** Answers within the budget plus this much, or the thread is replaced and the decision fails. */
const GRACE_MS = 5000;
const WORKER_URL = new URL("./thinker-worker.js", import.meta.url);

export interface Thinker {
  think(job: ThinkJob): Promise<Decision>;
  review(job: ReviewJob): Promise<Message | null>;
  close(): Promise<void>;
}

/** Decides on the calling thread: for tests, where nothing else waits. */
export function inPlaceThinker(robots: Robots, reviews: Reviews = new Map()): Thinker {
  return {
    think: async (job) => think(robots, job),
    review: async (job) => review(reviews, job),
    close: async () => undefined,
  };
}

/**
 * The thinker: robots think on a thread of their own, one decision after another, so a search of a second never
 * stalls the event loop (clicks, commits, Discord). A thread that does not answer in time is
 * replaced, and the decision fails (the driver tries again).
 */
export class ThreadThinker implements Thinker {
  #worker: Worker | null = null;
  #nextId = 1;
  readonly #robots: RobotModules;
  readonly #waiting = new Map<
    number,
    { resolve: (answer: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }
  >();

  constructor(robots: RobotModules) {
    this.#robots = robots;
  }

  think(job: ThinkJob): Promise<Decision> {
    return this.#ask<Decision>({ job }, job.budgetMs, `${job.gameType} robot`);
  }

  review(job: ReviewJob): Promise<Message | null> {
    return this.#ask<Message | null>({ review: job }, job.budgetMs, `${job.gameType} review`);
  }

  #ask<T>(request: { job: ThinkJob } | { review: ReviewJob }, budgetMs: number, asked: string): Promise<T> {
    const worker = this.#thread();
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#fail(new Error(`the ${asked} did not answer within ${budgetMs + GRACE_MS} ms`));
      }, budgetMs + GRACE_MS);
      this.#waiting.set(id, { resolve: resolve as (answer: unknown) => void, reject, timer });
      worker.postMessage({ id, ...request });
    });
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    this.#fail(new Error("the thinker was closed"));
    await worker?.terminate();
  }

  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(WORKER_URL, { workerData: { robots: this.#robots } });
    worker.unref();
    worker.on("message", (msg: { id: number; answer?: unknown; error?: string }) => {
      const waiting = this.#waiting.get(msg.id);
      if (!waiting) return;
      this.#waiting.delete(msg.id);
      clearTimeout(waiting.timer);
      if ("answer" in msg) waiting.resolve(msg.answer);
      else waiting.reject(new Error(msg.error ?? "the robot failed"));
    });
    worker.on("error", (err) => this.#fail(err));
    worker.on("exit", () => {
      if (this.#worker === worker) this.#fail(new Error("the thinker's thread stopped"));
    });
    this.#worker = worker;
    return worker;
  }

  /** Every waiting decision fails and the next one starts a fresh thread. */
  #fail(err: Error): void {
    const worker = this.#worker;
    this.#worker = null;
    void worker?.terminate();
    for (const { reject, timer } of this.#waiting.values()) {
      clearTimeout(timer);
      reject(err);
    }
    this.#waiting.clear();
  }
}
