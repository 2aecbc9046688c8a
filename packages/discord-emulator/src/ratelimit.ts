import { createHash } from "node:crypto";

/**
 * Discord's rate limits as its docs describe them (docs/topics/rate-limits, interactions/receiving-and-responding):
 *
 * - Global: "All bots can make up to 50 requests per second to our API", independent of per-route
 *   limits. "Interaction endpoints are not bound to the bot's Global Rate Limit": the callback
 *   (POST /interactions/{id}/{token}/callback) and every /webhooks/{application.id}/{token}… route
 *   (follow-ups, and getting, editing or deleting @original or a follow-up).
 * - Per route: buckets named by `X-RateLimit-Bucket` ("non-inclusive of top-level resources"), counted
 *   per top-level resource: channel, guild, or webhook id + token. Every answer on a bucketed route carries
 *   X-RateLimit-Limit, -Remaining, -Reset (epoch seconds), -Reset-After (seconds, with decimals) and -Bucket.
 * - Past a limit: 429 with {message, retry_after (seconds, float), global} and a `Retry-After` header;
 *   X-RateLimit-Scope (`user`, `global` or `shared`) on 429s, and X-RateLimit-Global on a global one.
 * - Invalid requests: 401, 403 and 429 answers (429s of scope `shared` excepted); 10,000 of them in
 *   10 minutes get the bot's address banned for a while ("Cloudflare bans").
 *
 * The docs give no per-route sizes ("should not be hard coded"). The buckets below are the sizes bots
 * observe in the headers, each with its source; every other route counts only against the global budget,
 * as routes that send no X-RateLimit-Bucket do (discord-api-docs#1135).
 */
export interface RateLimitOptions {
  /** Requests per second on routes that count (Discord: 50; it raises this for large bots on request). */
  globalPerSecond?: number;
  /** Multiplies every budget, global and per route: benches that look past Discord's limits. */
  scale?: number;
  /** The limiter's clock in ms since the epoch (default Date.now); tests inject one. */
  now?: () => number;
}

/** Requests and the 429s among them. */
export interface LimitCount {
  readonly requests: number;
  readonly limited: number;
}

export interface RateLimitStats {
  /** Requests that counted against the global budget, and those answered 429 for it. */
  readonly global: LimitCount;
  /** Per route (method and Discord's path template), every request and the 429s it got (global or its bucket). */
  readonly routes: Readonly<Record<string, LimitCount>>;
  /** Every 429 answered. */
  readonly limited: number;
  /** 401, 403 and 429 answers in the last 10 minutes; Discord bans at INVALID_REQUEST_BAN. */
  readonly invalidRequests: number;
}

export const GLOBAL_WINDOW_MS = 1000;
export const INVALID_REQUEST_WINDOW_MS = 10 * 60_000;
export const INVALID_REQUEST_BAN = 10_000;

interface BucketRule {
  method: string | null;
  pattern: RegExp;
  /** Discord's path template: the bucket's name, and the key of its counters. */
  route: string;
  limit: number;
  windowMs: number;
}

const ID = "(\\d{1,21})";

const BUCKETS: BucketRule[] = [
  // Widely observed: 5 messages per 5 s in one channel.
  {
    method: "POST",
    pattern: new RegExp(`^/channels/${ID}/messages$`),
    route: "POST /channels/{channel_id}/messages",
    limit: 5,
    windowMs: 5000,
  },
  // Observed 5 per 5 s per channel (discord-api-docs#1442, #2761). Discord has been seen to send the
  // create bucket's hash with separate counts; the emulator gives the two their own hashes.
  {
    method: "PATCH",
    pattern: new RegExp(`^/channels/${ID}/messages/\\d+$`),
    route: "PATCH /channels/{channel_id}/messages/{message_id}",
    limit: 5,
    windowMs: 5000,
  },
  // Observed 5 per 1 s for messages younger than 10 s and unknown ones (discord-api-docs#8330).
  {
    method: "DELETE",
    pattern: new RegExp(`^/channels/${ID}/messages/\\d+$`),
    route: "DELETE /channels/{channel_id}/messages/{message_id}",
    limit: 5,
    windowMs: 1000,
  },
  // Observed 10 per 15 s (discord-api-docs#2761); the 2-per-10-minutes rename sublimit is not modelled.
  {
    method: "PATCH",
    pattern: new RegExp(`^/channels/${ID}$`),
    route: "PATCH /channels/{channel_id}",
    limit: 10,
    windowMs: 15_000,
  },
  // "Interactions webhooks share the same rate limit properties as normal webhooks": widely observed
  // 5 requests per 2 s per webhook, here per interaction token.
  {
    method: null,
    pattern: /^\/webhooks\/(\d+\/[^/]+)(?:\/.*)?$/,
    route: "/webhooks/{application_id}/{interaction_token}",
    limit: 5,
    windowMs: 2000,
  },
];

/** Interaction endpoints: not bound to the global limit. */
const EXEMPT = [/^\/interactions\/\d+\/[^/]+\/callback$/, /^\/webhooks\/\d+\/[^/]+(?:\/.*)?$/];

/** A path as a route template, for the counters: ids and tokens become placeholders. */
export function routeTemplate(method: string, path: string): string {
  const template = path
    .replace(/^\/interactions\/\d+\/[^/]+/, "/interactions/{interaction_id}/{interaction_token}")
    .replace(/^\/webhooks\/\d+\/[^/]+/, "/webhooks/{application_id}/{interaction_token}")
    .replace(/\/\d{1,21}(?=\/|$)/g, "/{id}");
  return `${method} ${template}`;
}

interface Window {
  count: number;
  resetAt: number;
}

/** What the limiter decided for one request: the headers to send, and a 429 body when refused. */
export interface Decision {
  headers: Record<string, string>;
  refused: { message: string; retry_after: number; global: boolean } | null;
}

export class RateLimiter {
  readonly #globalLimit: number;
  readonly #scale: number;
  readonly #now: () => number;
  readonly #global: Window = { count: 0, resetAt: 0 };
  readonly #buckets = new Map<string, Window>();
  #routes = new Map<string, { requests: number; limited: number }>();
  #globalCount = { requests: 0, limited: 0 };
  #limited = 0;
  /** Times of invalid answers within the last window, oldest first. */
  readonly #invalid: number[] = [];
  #banReported = false;
  #suspended = 0;

  constructor(options: RateLimitOptions = {}) {
    this.#scale = options.scale ?? 1;
    this.#globalLimit = Math.max(1, Math.floor((options.globalPerSecond ?? 50) * this.#scale));
    this.#now = options.now ?? Date.now;
  }

  /** Counts a request against the global budget and its route's bucket; refuses it when one is spent. */
  admit(method: string, path: string): Decision {
    if (this.#suspended > 0) return { headers: {}, refused: null };
    const now = this.#now();
    const route = this.#route(routeTemplate(method, path));
    route.requests++;
    if (!EXEMPT.some((pattern) => pattern.test(path))) {
      this.#globalCount.requests++;
      const global = this.#window(this.#global, now, GLOBAL_WINDOW_MS);
      if (global.count >= this.#globalLimit) {
        this.#globalCount.limited++;
        route.limited++;
        this.#limited++;
        const retryAfter = (global.resetAt - now) / 1000;
        return {
          headers: {
            "retry-after": String(Math.ceil(retryAfter)),
            "x-ratelimit-global": "true",
            "x-ratelimit-scope": "global",
          },
          refused: { message: "You are being rate limited.", retry_after: retryAfter, global: true },
        };
      }
      global.count++;
    }
    const rule = BUCKETS.find(
      (candidate) =>
        (candidate.method === null || candidate.method === method) && candidate.pattern.test(path),
    );
    if (!rule) return { headers: {}, refused: null };
    const limit = Math.max(1, Math.floor(rule.limit * this.#scale));
    const major = rule.pattern.exec(path)![1]!;
    const key = `${rule.route} ${major}`;
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      bucket = { count: 0, resetAt: 0 };
      this.#buckets.set(key, bucket);
    }
    this.#window(bucket, now, rule.windowMs);
    const refused = bucket.count >= limit;
    if (!refused) bucket.count++;
    const resetAfter = (bucket.resetAt - now) / 1000;
    const headers: Record<string, string> = {
      "x-ratelimit-limit": String(limit),
      "x-ratelimit-remaining": String(limit - bucket.count),
      "x-ratelimit-reset": (bucket.resetAt / 1000).toFixed(3),
      "x-ratelimit-reset-after": resetAfter.toFixed(3),
      "x-ratelimit-bucket": bucketHash(rule.route),
    };
    if (!refused) return { headers, refused: null };
    route.limited++;
    this.#limited++;
    return {
      headers: { ...headers, "retry-after": String(Math.ceil(resetAfter)), "x-ratelimit-scope": "user" },
      refused: { message: "You are being rate limited.", retry_after: resetAfter, global: false },
    };
  }

  /**
   * Notes an answer's status; true when it makes the invalid-request count reach the ban threshold.
   * Every 429 the emulator gives is of scope `user` or `global`, so each one counts.
   */
  answered(status: number): boolean {
    if (status !== 401 && status !== 403 && status !== 429) return false;
    const now = this.#now();
    this.#invalid.push(now);
    this.#forgetInvalid(now);
    if (this.#invalid.length < INVALID_REQUEST_BAN || this.#banReported) return false;
    this.#banReported = true;
    return true;
  }

  /** Lets every request through uncounted until the work is done. */
  async suspendedDuring<T>(work: () => Promise<T>): Promise<T> {
    this.#suspended++;
    try {
      return await work();
    } finally {
      this.#suspended--;
    }
  }

  stats(): RateLimitStats {
    this.#forgetInvalid(this.#now());
    return {
      global: { ...this.#globalCount },
      routes: Object.fromEntries([...this.#routes].map(([route, count]) => [route, { ...count }])),
      limited: this.#limited,
      invalidRequests: this.#invalid.length,
    };
  }

  /** Forgets the counters (not the buckets' or the invalid-request window's state: that is Discord's). */
  clearCounters(): void {
    this.#routes = new Map();
    this.#globalCount = { requests: 0, limited: 0 };
    this.#limited = 0;
  }

  #route(template: string): { requests: number; limited: number } {
    let count = this.#routes.get(template);
    if (!count) {
      count = { requests: 0, limited: 0 };
      this.#routes.set(template, count);
    }
    return count;
  }

  /** A window opens with the first request after the previous one closed, as Reset-After counts from it. */
  #window(window: Window, now: number, lengthMs: number): Window {
    if (now >= window.resetAt) {
      window.count = 0;
      window.resetAt = now + lengthMs;
    }
    return window;
  }

  #forgetInvalid(now: number): void {
    let stale = 0;
    while (stale < this.#invalid.length && this.#invalid[stale]! <= now - INVALID_REQUEST_WINDOW_MS) stale++;
    if (stale > 0) this.#invalid.splice(0, stale);
  }
}

/** A stable, opaque bucket id such as Discord sends (a hex digest). */
function bucketHash(route: string): string {
  let hash = bucketHashes.get(route);
  if (hash === undefined) {
    hash = createHash("md5").update(route).digest("hex");
    bucketHashes.set(route, hash);
  }
  return hash;
}

/** Each bucket's hash, made once: every answer names its bucket. */
const bucketHashes = new Map<string, string>();
