import { Worker } from "node:worker_threads";
import { type AnyBot, type BotChoice, botRandom, timeBudget } from "../engine/core/bot.js";
import type { PlayerId } from "../engine/core/game.js";
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
  choice: BotChoice<unknown> | null;
  /** How long the bot thought, ms. */
  ms: number;
}

/** Every game's bot by game id. */
export type Bots = ReadonlyMap<string, AnyBot>;

/** Where the thinker's thread finds each game's bot (from the games' manifests). */
export type BotModules = readonly { gameType: string; module: ModuleExport }[];

/** Runs a game's bot on one job (in the thinker's thread, or in place in tests). */
export function think(bots: Bots, job: ThinkJob): Decision {
  const bot = bots.get(job.gameType);
  if (!bot) throw new Error(`no bot plays ${job.gameType}`);
  const started = performance.now();
  const choice = bot.choose({
    seat: job.seat,
    view: job.view,
    legal: job.legal,
    mustAct: job.mustAct,
    random: botRandom(job.seed),
    hasTime: timeBudget(job.budgetMs),
  });
  return { choice, ms: performance.now() - started };
}

/** Answers within the budget plus this much, or the thread is replaced and the decision fails. */
const GRACE_MS = 5000;
const WORKER_URL = new URL("./thinker-worker.js", import.meta.url);

export interface Thinker {
  think(job: ThinkJob): Promise<Decision>;
  close(): Promise<void>;
}

/** Decides on the calling thread: for tests, where nothing else waits. */
export function inPlaceThinker(bots: Bots): Thinker {
  return { think: async (job) => think(bots, job), close: async () => undefined };
}

/**
 * Bots think on a thread of their own, one decision after another, so a search of a second never
 * stalls the event loop (clicks, commits, Discord). A thread that does not answer in time is
 * replaced, and the decision fails (the driver tries again).
 */
export class ThreadThinker implements Thinker {
  #worker: Worker | null = null;
  #nextId = 1;
  readonly #bots: BotModules;
  readonly #waiting = new Map<
    number,
    { resolve: (d: Decision) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }
  >();

  constructor(bots: BotModules) {
    this.#bots = bots;
  }

  think(job: ThinkJob): Promise<Decision> {
    const worker = this.#thread();
    const id = this.#nextId++;
    return new Promise<Decision>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#fail(new Error(`the ${job.gameType} bot did not decide within ${job.budgetMs + GRACE_MS} ms`));
      }, job.budgetMs + GRACE_MS);
      this.#waiting.set(id, { resolve, reject, timer });
      worker.postMessage({ id, job });
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
    const worker = new Worker(WORKER_URL, { workerData: { bots: this.#bots } });
    worker.unref();
    worker.on("message", (msg: { id: number; decision?: Decision; error?: string }) => {
      const waiting = this.#waiting.get(msg.id);
      if (!waiting) return;
      this.#waiting.delete(msg.id);
      clearTimeout(waiting.timer);
      if (msg.decision) waiting.resolve(msg.decision);
      else waiting.reject(new Error(msg.error ?? "the bot failed"));
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
