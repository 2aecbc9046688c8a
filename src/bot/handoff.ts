import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Store } from "../store/store.js";
import type { Logger } from "./log.js";

/** How long a stop waits for a newer process of the shard, already started, to be ready (a deploy). */
export const SUCCESSOR_READY_WITHIN_MS = 60_000;
/** How often a process says it is alive and looks for a process taking its shard over. */
const WATCH_MS = 500;
/** A process not seen for this long is gone (killed, frozen): neither a successor nor a predecessor. */
const ALIVE_MS = 5000;
/** The records of processes gone this long are removed by the next one to leave. */
const STALE_MS = 60_000;

/**
 * A deploy without a gap. Discord lets several sessions identify as one shard and gives the
 * newest the shard's interactions ("handing off traffic to a new deployment of sessions prepared
 * in parallel"). So a new process of a shard is started beside the running one: it registers in
 * the database, identifies, and once ready says so; the running one sees that, closes its gateway
 * (its session ends, every later click goes to the new one), finishes what it accepted, and exits.
 * A click reaches one of the two at every moment. SIGTERM with a successor registered waits for it
 * to be ready the same way; without one it is an ordinary stop.
 *
 * Liveness is wall time (Date.now), not the bot's clock, which tests shift by hours.
 */
export class ShardHandoff {
  readonly processId = randomUUID();
  readonly #store: Store;
  readonly #shard: { id: number; count: number };
  readonly #log: Logger;
  #watching: NodeJS.Timeout | null = null;
  #handedOver = false;
  /** Set once ready: what to do when a newer process of the shard is ready. */
  #letGo: (() => void) | null = null;
  /** A stop began: no more looking for a successor (the stop does). */
  #stopped = false;
  #left = false;
  #failing = false;
  /** When this process registered (wall time). */
  #registeredAt = Number.POSITIVE_INFINITY;

  constructor(store: Store, shard: { id: number; count: number }, log: Logger) {
    this.#store = store;
    this.#shard = shard;
    this.#log = log;
  }

  get shardId(): number {
    return this.#shard.id;
  }

  /**
   * Records this process as serving its shard, not ready yet, and says it is alive every WATCH_MS
   * from now on (a process waiting for its turn to identify is starting, not gone).
   */
  async register(): Promise<void> {
    const at = Date.now();
    this.#registeredAt = at;
    await this.#store.gateway.register({
      processId: this.processId,
      shardId: this.#shard.id,
      shardCount: this.#shard.count,
      at,
    });
    this.#watching = setTimeout(() => void this.#watch(), WATCH_MS);
    if (await this.#store.gateway.hasPredecessor(this.processId, at - ALIVE_MS))
      this.#log.info(
        `taking over shard ${this.#shard.id} from a running process once this one is ready; that one then lets go`,
      );
  }

  /**
   * This process serves its shard now: marks it ready, and from now on each look also checks for
   * a newer process of the shard being ready; then calls `letGo` once.
   */
  start(letGo: () => void): void {
    void this.#store.gateway
      .ready(this.processId, Date.now())
      .catch((err: unknown) =>
        this.#log.warn(`could not record this process as ready: ${(err as Error).message}`),
      )
      .then(() => {
        this.#letGo = letGo;
      });
  }

  async #watch(): Promise<void> {
    try {
      const at = Date.now();
      await this.#store.gateway.seen(this.processId, at);
      const letGo = this.#letGo;
      if (letGo && !this.#stopped) {
        const successor = await this.#store.gateway.successorOf(this.processId, at - ALIVE_MS);
        if (successor?.readyAt != null && !this.#stopped) {
          this.#handedOver = true;
          this.#letGo = null;
          this.#log.info(`shard ${this.#shard.id}: a newer process serves it now; this one lets go`);
          letGo();
        }
      }
      this.#failing = false;
    } catch (err) {
      if (!this.#failing)
        this.#log.warn(`could not check for a process taking over: ${(err as Error).message}`);
      this.#failing = true;
    }
    if (!this.#left) this.#watching = setTimeout(() => void this.#watch(), WATCH_MS);
  }

  /** Whether this process let go of its shard to a newer one. */
  get handedOver(): boolean {
    return this.#handedOver;
  }

  /**
   * For a stop: when a newer live process of this shard is registered, waits (at most `limitMs`)
   * for it to be ready and resolves true; false at once when there is none, or if it never got ready.
   */
  async awaitSuccessor(limitMs: number): Promise<boolean> {
    this.#stopped = true;
    const until = Date.now() + limitMs;
    let told = false;
    for (;;) {
      const at = Date.now();
      const successor = await this.#store.gateway
        .successorOf(this.processId, at - ALIVE_MS)
        .catch(() => null);
      if (!successor) return false;
      if (successor.readyAt != null) {
        this.#handedOver = true;
        return true;
      }
      if (at >= until) return false;
      if (!told)
        this.#log.info(`shard ${this.#shard.id}: a newer process is starting; serving until it is ready`);
      told = true;
      await sleep(WATCH_MS);
    }
  }

  /**
   * Resolves once no older live process of this shard is left (at most `limitMs`): the work a
   * start-up does for the whole shard (tables missed, robot seats) waits for the old one to finish its own.
   */
  async predecessorGone(limitMs: number): Promise<void> {
    // Not registered (the database did not answer at the start): nothing to wait for.
    if (!Number.isFinite(this.#registeredAt)) return;
    const until = Date.now() + limitMs;
    // A live predecessor says it is alive every WATCH_MS: one not seen since this process
    // registered is gone (killed, or a record restored from a backup), whatever its last time.
    await sleep(Math.max(0, this.#registeredAt + 2 * WATCH_MS - Date.now()));
    while (Date.now() < until) {
      const there = await this.#store.gateway
        .hasPredecessor(this.processId, Math.max(Date.now() - ALIVE_MS, this.#registeredAt))
        .catch(() => false);
      if (!there) return;
      await sleep(WATCH_MS);
    }
  }

  /** This process is gone from the records (and so are those of processes long gone). */
  async leave(): Promise<void> {
    this.#stopped = true;
    this.#left = true;
    if (this.#watching) clearTimeout(this.#watching);
    await this.#store.gateway
      .leave(this.processId, Date.now() - STALE_MS)
      .catch((err: unknown) =>
        this.#log.warn(`could not leave the shard records: ${(err as Error).message}`),
      );
  }
}
