import type { RESTOptions } from "discord.js";

/**
 * Discord's global rate limit: a bot may make 50 requests a second, but "interaction endpoints are
 * not bound to the bot's global rate limit" — the callback (POST /interactions/{id}/{token}/callback)
 * and every /webhooks/{application id}/{token}… route (answers edited in, follow-ups). discord.js
 * counts every request against one budget, so a busy bot's acknowledgements would wait behind its
 * channel messages and the bot could never answer more than 50 clicks a second. The bot's REST
 * client leaves its own global count high and holds only the routes that count to this budget.
 */
export const GLOBAL_REQUESTS_PER_SECOND = 50;

/**
 * discord.js's own global count for a REST client wrapped by `withinGlobalBudget`: far above what
 * a bot sends, as it would hold interaction answers to Discord's global budget too, which they
 * are not bound by; `GlobalBudget` holds the routes that count.
 */
export const REST_REQUESTS_PER_SECOND = 10_000;

const INTERACTION_ROUTE = /\/(?:interactions\/\d+\/[^/]+\/callback|webhooks\/\d+\/[^/?]+)(?:[/?]|$)/;

/** Whether a request URL is an interaction endpoint, outside the global budget. */
export function isInteractionRoute(url: string): boolean {
  return INTERACTION_ROUTE.test(new URL(url).pathname);
}

/**
 * At most `perSecond` requests in any window of `windowMs`: a sliding window, so however Discord
 * aligns its own second, it never counts more than the budget in one.
 */
export class GlobalBudget {
  readonly #sent: number[] = [];
  #queue: Promise<void> = Promise.resolve();

  constructor(
    readonly perSecond = GLOBAL_REQUESTS_PER_SECOND,
    readonly windowMs = 1000,
    readonly clock: { now: () => number; sleep: (ms: number) => Promise<void> } = {
      now: Date.now,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    },
  ) {}

  /** Resolves when one more request may go out (first come, first served), and counts it. */
  take(): Promise<void> {
    const turn = this.#queue.then(() => this.#wait());
    this.#queue = turn;
    return turn;
  }

  async #wait(): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      while (this.#sent.length > 0 && this.#sent[0]! <= now - this.windowMs) this.#sent.shift();
      if (this.#sent.length < this.perSecond) {
        this.#sent.push(now);
        return;
      }
      await this.clock.sleep(this.#sent[0]! + this.windowMs - now);
    }
  }
}

/** A REST client's `makeRequest` that holds every request outside interaction endpoints to `budget`. */
export function withinGlobalBudget(
  makeRequest: RESTOptions["makeRequest"],
  budget: GlobalBudget,
): RESTOptions["makeRequest"] {
  return async (url, init) => {
    if (!isInteractionRoute(url)) await budget.take();
    return makeRequest(url, init);
  };
}
