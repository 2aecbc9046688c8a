import { setTimeout as sleep } from "node:timers/promises";
import type { IIdentifyThrottler, WebSocketManager } from "@discordjs/ws";
import type { Store } from "../store/store.js";
import type { Logger } from "./log.js";

/** Discord's 5 s between two IDENTIFYs of one max_concurrency bucket, and a margin for the way there. */
const IDENTIFY_WINDOW_MS = 5000 + 250;

/**
 * Discord lets shards identify `max_concurrency` at a time: one IDENTIFY per 5 s in each bucket
 * (`shard_id % max_concurrency`), across every process and host of the bot — a second one within
 * 5 s is refused (op 9). discord.js keeps to that within one process only; this keeps to it across
 * them, through the database they share, so a host's shards all identify at once when the buckets
 * allow it instead of one after another. If the database does not answer, a process keeps to the
 * window on its own, as discord.js would.
 */
export class SharedIdentifyThrottler implements IIdentifyThrottler {
  readonly #store: Store;
  readonly #maxConcurrency: number;
  readonly #log: Logger;
  /** When this process last identified in each bucket: the fallback when the database does not answer. */
  readonly #ownTurns = new Map<number, number>();

  constructor(store: Store, maxConcurrency: number, log: Logger) {
    this.#store = store;
    this.#maxConcurrency = Math.max(1, maxConcurrency);
    this.#log = log;
  }

  static async build(manager: WebSocketManager, store: Store, log: Logger): Promise<SharedIdentifyThrottler> {
    const info = await manager.fetchGatewayInformation();
    return new SharedIdentifyThrottler(store, info.session_start_limit.max_concurrency, log);
  }

  async waitForIdentify(shardId: number, signal: AbortSignal): Promise<void> {
    const bucket = shardId % this.#maxConcurrency;
    for (;;) {
      signal.throwIfAborted();
      const at = Date.now();
      let turn: Awaited<ReturnType<Store["gateway"]["takeIdentifyTurn"]>>;
      try {
        turn = await this.#store.gateway.takeIdentifyTurn(bucket, at, at + IDENTIFY_WINDOW_MS);
      } catch (err) {
        this.#log.warn(
          `identify turns cannot be shared now (${(err as Error).message}); keeping to them alone`,
        );
        const free = (this.#ownTurns.get(bucket) ?? 0) + IDENTIFY_WINDOW_MS;
        if (free > at) await sleep(free - at, undefined, { signal });
        this.#ownTurns.set(bucket, Date.now());
        return;
      }
      if ("taken" in turn) {
        this.#ownTurns.set(bucket, at);
        return;
      }
      await sleep(Math.max(10, turn.freeAt - at), undefined, { signal });
    }
  }
}
