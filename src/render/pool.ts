// node-canvas must be loaded by the main thread too: a worker that is the only user of the native
// module unloads it when it exits, and the process then crashes (SIGSEGV) at shutdown.
import "canvas";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { type Picture, type PictureJob, paint, painterOf } from "./jobs.js";

/**
 * Interactive pictures (a player's panel, waited on by an open interaction) are drawn before
 * table pictures, which only follow a move that is already stored and answered; but a table
 * that has waited TABLE_PATIENCE_MS goes next, so a stream of panels never starves the tables.
 */
export type Urgency = "panel" | "table";

const TABLE_PATIENCE_MS = 250;

export interface PainterStats {
  drawn: number;
  cacheHits: number;
  shared: number;
  queued: number;
  failed: number;
}

/** Draws pictures off the event loop and remembers the latest ones. */
export interface Painter {
  /** The picture, from the cache when an equal job was drawn lately. */
  draw(picture: Pick<Picture, "job" | "text" | "key">, urgency: Urgency): Promise<Buffer>;
  /** Whether these pictures would wait behind others queued for a worker (none is cached or in hand). */
  wouldWait(pictures: readonly Pick<Picture, "key">[]): boolean;
  stats(): PainterStats;
  /** Resolves once a picture can be drawn at once: a worker has started (or the pool draws in place). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface RenderPoolOptions {
  /**
   * The render modules a worker loads before it takes pictures (each game's, as its manifest names
   * them): a worker draws only the pictures whose painters these register.
   */
  modules?: readonly string[];
  /** Worker threads; 0 draws on the calling thread (tests). Default: one per core. */
  threads?: number;
  /** Bytes of PNG kept for repeated pictures (a panel re-opened, a table re-posted). */
  cacheBytes?: number;
  /** Called when a worker dies and is replaced. */
  onWorkerError?: (err: Error) => void;
  /**
   * Called with the milliseconds a worker took for each picture it drew and its painter's name (the
   * metrics' render time and pictures drawn per game).
   */
  onPainted?: (ms: number, painter: string) => void;
}

interface Task {
  key: string;
  job: PictureJob;
  text: string;
  urgency: Urgency;
  queuedAt: number;
  /** When a worker was handed this picture (performance.now()). */
  startedAt: number;
  /** Workers this picture was taken from because they did not answer. */
  retries: number;
  resolve: (png: Buffer) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  /** The worker has registered its fonts and takes pictures. */
  ready: boolean;
  task: Task | null;
  watchdog: NodeJS.Timeout | null;
}

interface Reply {
  ready?: boolean;
  png?: Uint8Array;
  error?: string;
}

const WORKER_URL = new URL("./worker.js", import.meta.url);
const DEFAULT_CACHE_BYTES = 48 * 1024 * 1024;
/** A drawing thread makes much short-lived garbage; a small heap makes it collect early and stay small. */
const WORKER_HEAP_MB = 64;
/** Far beyond any picture (≤ 30 ms): a worker this late is hung, not busy. */
const TASK_TIMEOUT_MS = 10_000;
const MAX_RETRIES = 1;

/**
 * A pool of worker threads that draw and encode pictures. Equal jobs in flight are drawn once,
 * the most recent pictures are cached (bounded by bytes), and panels jump ahead of tables.
 */
export class RenderPool implements Painter {
  readonly #threads: number;
  readonly #modules: readonly string[];
  readonly #cacheBytes: number;
  readonly #onWorkerError: (err: Error) => void;
  readonly #onPainted: (ms: number, painter: string) => void;
  readonly #cache = new Map<string, Buffer>();
  #cachedBytes = 0;
  readonly #inFlight = new Map<string, Promise<Buffer>>();
  readonly #queues: Record<Urgency, Task[]> = { panel: [], table: [] };
  readonly #slots: Slot[] = [];
  #closed = false;
  #firstReady!: () => void;
  readonly #ready = new Promise<void>((resolve) => {
    this.#firstReady = resolve;
  });
  readonly #stats: PainterStats = { drawn: 0, cacheHits: 0, shared: 0, queued: 0, failed: 0 };

  constructor(options: RenderPoolOptions = {}) {
    this.#threads = options.threads ?? Math.max(1, availableParallelism());
    this.#modules = options.modules ?? [];
    this.#cacheBytes = options.cacheBytes ?? DEFAULT_CACHE_BYTES;
    this.#onWorkerError = options.onWorkerError ?? (() => undefined);
    this.#onPainted = options.onPainted ?? (() => undefined);
    if (this.#threads === 0) this.#firstReady();
    this.#grow();
  }

  ready(): Promise<void> {
    return this.#ready;
  }

  draw({ job, text, key }: Pick<Picture, "job" | "text" | "key">, urgency: Urgency): Promise<Buffer> {
    if (this.#closed) return Promise.reject(new Error("the render pool is closed"));
    const cached = this.#cache.get(key);
    if (cached) {
      this.#stats.cacheHits++;
      // Refreshed as most recently used.
      this.#cache.delete(key);
      this.#cache.set(key, cached);
      return Promise.resolve(cached);
    }
    const pending = this.#inFlight.get(key);
    if (pending) {
      this.#stats.shared++;
      return pending;
    }
    const drawn =
      this.#threads === 0
        ? new Promise<Buffer>((resolve) => resolve(paint(job)))
        : new Promise<Buffer>((resolve, reject) => {
            this.#queues[urgency].push({
              key,
              job,
              text,
              urgency,
              queuedAt: Date.now(),
              startedAt: 0,
              retries: 0,
              resolve,
              reject,
            });
            this.#pump();
          });
    const tracked = drawn.then(
      (png) => {
        this.#inFlight.delete(key);
        this.#stats.drawn++;
        this.#remember(key, png);
        return png;
      },
      (err: unknown) => {
        this.#inFlight.delete(key);
        this.#stats.failed++;
        throw err;
      },
    );
    this.#inFlight.set(key, tracked);
    return tracked;
  }

  wouldWait(pictures: readonly Pick<Picture, "key">[]): boolean {
    if (this.#queues.panel.length === 0) return false;
    return pictures.some(({ key }) => !this.#cache.has(key) && !this.#inFlight.has(key));
  }

  stats(): PainterStats {
    return { ...this.#stats, queued: this.#queues.panel.length + this.#queues.table.length };
  }

  async close(): Promise<void> {
    this.#closed = true;
    const closing = new Error("the render pool is closed");
    for (const task of [...this.#queues.panel, ...this.#queues.table]) task.reject(closing);
    this.#queues.panel.length = 0;
    this.#queues.table.length = 0;
    await Promise.all(this.#slots.map((slot) => slot.worker.terminate()));
  }

  #remember(key: string, png: Buffer): void {
    if (png.length > this.#cacheBytes / 4) return;
    this.#cache.set(key, png);
    this.#cachedBytes += png.length;
    for (const [oldKey, old] of this.#cache) {
      if (this.#cachedBytes <= this.#cacheBytes) break;
      this.#cache.delete(oldKey);
      this.#cachedBytes -= old.length;
    }
  }

  /**
   * Starts one more worker when the pool is short of its size and no other worker is starting:
   * workers start one after another, because node-canvas's font registration is not safe to run
   * on two threads at once (it corrupted memory in a stress test of fresh processes).
   */
  #grow(): void {
    if (this.#closed || this.#threads === 0) return;
    if (this.#slots.length >= this.#threads || this.#slots.some((s) => !s.ready)) return;
    this.#slots.push(this.#spawn());
  }

  /** A worker that has not answered in time is replaced, and its picture drawn by another. */
  #stuck(slot: Slot): void {
    const task = slot.task;
    slot.task = null;
    slot.watchdog = null;
    this.#onWorkerError(
      new Error(`a render worker did not answer within ${TASK_TIMEOUT_MS} ms and is replaced`),
    );
    if (task && task.retries < MAX_RETRIES) {
      task.retries++;
      this.#queues[task.urgency].unshift(task);
    } else if (task) {
      task.reject(new Error(`drawing ${task.job.painter} did not finish`));
    }
    void slot.worker.terminate();
    this.#pump();
  }

  #spawn(): Slot {
    const worker = new Worker(WORKER_URL, {
      // The first worker's start is the process's start; the others start in the background.
      workerData: { modules: this.#modules, background: this.#slots.some((slot) => slot.ready) },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    // A pool of idle workers must not keep a finished process (a script, a test) alive.
    worker.unref();
    const slot: Slot = { worker, ready: false, task: null, watchdog: null };
    const settle = () => {
      if (slot.watchdog) clearTimeout(slot.watchdog);
      slot.watchdog = null;
      const task = slot.task;
      slot.task = null;
      return task;
    };
    worker.on("message", (reply: Reply) => {
      if (reply.ready) {
        slot.ready = true;
        this.#firstReady();
        this.#grow();
        this.#pump();
        return;
      }
      const task = settle();
      slot.worker.unref();
      if (task) {
        if (reply.png) {
          this.#onPainted(performance.now() - task.startedAt, painterOf(task.job));
          task.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
        } else
          task.reject(new Error(`drawing ${task.job.painter} failed: ${reply.error ?? "unknown error"}`));
      }
      this.#pump();
    });
    worker.on("error", (err) => {
      this.#onWorkerError(err);
      settle()?.reject(err);
    });
    worker.on("exit", () => {
      settle()?.reject(new Error("a render worker stopped"));
      const index = this.#slots.indexOf(slot);
      if (index >= 0) this.#slots.splice(index, 1);
      this.#grow();
      this.#pump();
    });
    return slot;
  }

  #next(): Task | undefined {
    const table = this.#queues.table[0];
    if (table && Date.now() - table.queuedAt >= TABLE_PATIENCE_MS) return this.#queues.table.shift();
    return this.#queues.panel.shift() ?? this.#queues.table.shift();
  }

  #pump(): void {
    for (const slot of this.#slots) {
      if (slot.task || !slot.ready) continue;
      const task = this.#next();
      if (!task) return;
      slot.task = task;
      task.startedAt = performance.now();
      slot.watchdog = setTimeout(() => this.#stuck(slot), TASK_TIMEOUT_MS);
      slot.watchdog.unref();
      // Busy workers keep the process alive until their picture is back.
      slot.worker.ref();
      slot.worker.postMessage(task.text);
    }
  }
}
