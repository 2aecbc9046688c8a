import { STATUS_CODES } from "node:http";
import { DefaultRestOptions, type RESTOptions, type ResponseLike } from "@discordjs/rest";
import type { Config } from "./config.js";
import { GlobalBudget, isInteractionRoute, REST_REQUESTS_PER_SECOND } from "./globalBudget.js";
import type { Logger } from "./log.js";
import type { Metrics } from "./metrics.js";

/**
 * The hosts' REST requests, sent again when they fail for want of an answer, and sent straight to
 * Discord while the REST proxy does not answer.
 *
 * @discordjs/rest 2.6.3 retries by itself (`retries`, 3 by default) a request whose attempt was
 * aborted (its `timeout`), reset (ECONNRESET) or answered 5xx: at once, with no pause, whatever
 * the method. A POST that reached Discord before its connection broke is posted again (a table
 * and its ping twice), a refused connection (ECONNREFUSED: the proxy is down) or a closed socket
 * (undici's "other side closed") is not retried at all, and three retries without a pause are over
 * before a restarting proxy is back. So the hosts' clients set `retries: 0` and this layer, which
 * already sat under them as `makeRequest` for the global budget, decides instead: with a pause that
 * doubles, judging each request by whether sending it again could do it twice. discord.js's own
 * `timeout` stays, as the bound of a request's whole life, retries included.
 *
 * An interaction's callback, its first answer, is due within 3 s of the interaction's creation: it
 * is sent again, whatever failed, only within 2.5 s of that. Discord takes one callback per
 * interaction, so a second after one that arrived unheard (a 5xx, a broken connection) does
 * nothing twice: Discord refuses it as already acknowledged, which here means the first arrived.
 */

/**
 * How an attempt failed, as far as sending it again goes. `unsent`: no connection was made
 * (refused, no route, no such host), so the request never arrived. `lost`: it was sent and no
 * answer came (reset, "socket hang up", a timeout), so it may have been done. `server_error`: a
 * 5xx answer, which may have been done too (the proxy answers 502 when Discord did not answer it).
 */
export type RestFailure = "unsent" | "lost" | "server_error";

const UNSENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);
const LOST_CODES = new Set([
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "UND_ERR_ABORTED",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);

/** A thrown error's failure, looking through its causes; null for any other error (a bad body, a bug), which no retry mends. */
export function failureOf(err: unknown): "unsent" | "lost" | null {
  let e = err;
  for (let depth = 0; e instanceof Error && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && UNSENT_CODES.has(code)) return "unsent";
    if (typeof code === "string" && LOST_CODES.has(code)) return "lost";
    // Several addresses tried, none connected.
    if (
      e instanceof AggregateError &&
      e.errors.length > 0 &&
      e.errors.every((x) => failureOf(x) === "unsent")
    )
      return "unsent";
    if (e.name === "TimeoutError" || e.name === "AbortError" || /socket hang up/i.test(e.message))
      return "lost";
    e = e.cause;
  }
  return null;
}

/** Methods that, done twice, are done once: a read, a replacement, an edit. */
const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "PATCH"]);

/**
 * Whether a failed request may be sent again. One that never arrived may, whatever it is. One
 * that may have been done may when doing it twice is doing it once: a read, an edit, and an
 * interaction callback, which Discord takes once and refuses after that ("already acknowledged",
 * taken for the earlier attempt's success: `wrap`). Never another POST: a message posted twice
 * pings twice; what a lost post left undone, the repair sweep posts after looking whether it went out.
 */
export function mayResend(method: string, failure: RestFailure, callback = false): boolean {
  return failure === "unsent" || callback || IDEMPOTENT.has(method.toUpperCase());
}

/** Discord's answer to a second callback for one interaction. */
const ALREADY_ACKNOWLEDGED = 40060;

/**
 * A callback sent again whose earlier attempt had arrived after all: Discord refuses this one as
 * already acknowledged. Read as the earlier attempt's success, an empty 204 as Discord gives one
 * (a callback asking for its response, `with_response=true`, keeps the refusal: there is no
 * response to give it). Any other answer is handed on as it came, its body read once here.
 */
async function earlierArrived(url: string, response: ResponseLike): Promise<ResponseLike> {
  if (response.status !== 400 || new URL(url).searchParams.get("with_response") === "true") return response;
  const text = await response.text();
  let code: unknown = null;
  try {
    code = (JSON.parse(text) as { code?: unknown }).code;
  } catch {
    // Not Discord's JSON: handed on as it came.
  }
  if (code === ALREADY_ACKNOWLEDGED) return answerOf(204, STATUS_CODES[204] ?? "", "", new Headers());
  return answerOf(response.status, response.statusText, text, response.headers);
}

/** An answer whose body was read already. */
function answerOf(
  status: number,
  statusText: string,
  text: string,
  headers: ResponseLike["headers"],
): ResponseLike {
  return {
    status,
    statusText,
    ok: status >= 200 && status < 300,
    headers,
    body: null,
    bodyUsed: false,
    text: async () => text,
    json: async () => JSON.parse(text),
    arrayBuffer: async () => new TextEncoder().encode(text).buffer as ArrayBuffer,
  };
}

/** The first pause before sending again, doubled after each failure up to the last. */
const BACKOFF_FIRST_MS = 250;
const BACKOFF_CAP_MS = 4000;
/** Attempts in all: with the pauses, about 8 s, longer than a proxy takes to restart. */
const ATTEMPTS = 6;

/**
 * The pause before retry number `retry` (1, 2, …): 250 ms doubling up to 4 s, drawn from the upper
 * half, so that the requests that failed together do not all come back at the same moment.
 */
export function backoffMs(retry: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_FIRST_MS * 2 ** (retry - 1));
  return Math.round(ceiling * (0.5 + random() / 2));
}

/** One attempt's limit: what discord.js allowed each attempt before it (its default `timeout`). */
const ATTEMPT_TIMEOUT_MS = 15_000;
/**
 * One attempt's signal: aborted when discord.js gives up on the request, or when no answer came
 * within ATTEMPT_TIMEOUT_MS. Made by hand rather than with `AbortSignal.any` and
 * `AbortSignal.timeout`, whose timer and links outlive an answered request by the whole 15 s: every
 * request's signals outlived the young generation, and at 100 moves a second they filled the old
 * one, which the bot then collected every 3 s. The timer stops once the answer's head arrives (a
 * body that stalls after it is still cut off when discord.js gives up).
 */
function signalForAttempt(outer: AbortSignal | undefined): { signal: AbortSignal; answered: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(Object.assign(new Error("no answer in time"), { name: "TimeoutError" })),
    ATTEMPT_TIMEOUT_MS,
  );
  // A request in flight must not keep a stopping bot alive.
  timer.unref();
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener("abort", () => controller.abort(outer.reason), { once: true });
  return { signal: controller.signal, answered: () => clearTimeout(timer) };
}

/** A request's whole life, retries and pauses included (discord.js's `timeout` for the hosts' clients). */
export const REQUEST_WITHIN_MS = 60_000;

/**
 * Discord takes an interaction's first answer within 3 s of its creation: a callback is not sent
 * again past this, counted from the creation its id carries, leaving time for it to arrive.
 */
const CALLBACK_RESEND_WITHIN_MS = 2500;
const CALLBACK = /\/interactions\/(\d+)\/[^/]+\/callback(?:\?|$)/;
const DISCORD_EPOCH = 1_420_070_400_000n;

/** For an interaction callback, the last moment to send it again; null for any other request. */
export function resendDeadline(url: string): number | null {
  const id = CALLBACK.exec(new URL(url).pathname)?.[1];
  if (id === undefined) return null;
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH) + CALLBACK_RESEND_WITHIN_MS;
}

/** The route of a request URL, after the API base and its version: `/channels/1/messages`. */
function routeOf(url: string): string {
  return new URL(url).pathname.replace(/^.*?\/v\d+(?=\/)/, "");
}

/** How often, while the proxy does not answer, its /healthz is asked whether it is back. */
const PROBE_EVERY_MS = 1000;
const PROBE_TIMEOUT_MS = 1000;

export interface RestClock {
  /** Wall-clock milliseconds: a callback's deadline is counted from its creation at Discord. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

const REAL_CLOCK: RestClock = {
  now: Date.now,
  // A pause must not keep a stopping bot alive.
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()),
};

/** Whether the proxy's /healthz says it forwards (200) within a second. */
async function proxyAnswers(healthUrl: string): Promise<boolean> {
  try {
    const response = await fetch(healthUrl, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

export interface RestRouteOptions {
  /** Where requests go: the REST proxy's API base, or Discord's. */
  apiBase: string;
  /** Where they go while the proxy does not answer, and the budget a second there; null: nowhere else. */
  fallback: { apiBase: string; budget: GlobalBudget } | null;
  /** This process's own global budget (the routes that count), as without a proxy. */
  budget: GlobalBudget;
  metrics: Pick<Metrics, "restFailed" | "restRetried" | "restFallback">;
  log: Logger;
  clock?: RestClock;
  random?: () => number;
  /** Asks whether the proxy forwards again (tests answer for it). */
  proxyAnswers?: () => Promise<boolean>;
}

/**
 * One per process, shared by its REST clients: what is sent where, again when it failed, and
 * whether the proxy answers. A connection to the proxy that cannot be made or breaks sends every
 * request straight to Discord (within a budget of this process's own) until the proxy's /healthz
 * answers again; without a fallback the requests wait for it, retried.
 */
export class RestRoute {
  readonly #options: RestRouteOptions;
  readonly #clock: RestClock;
  readonly #random: () => number;
  readonly #proxyAnswers: () => Promise<boolean>;
  #proxyDown = false;

  constructor(options: RestRouteOptions) {
    this.#options = options;
    this.#clock = options.clock ?? REAL_CLOCK;
    this.#random = options.random ?? Math.random;
    const health = new URL("/healthz", options.apiBase).href;
    this.#proxyAnswers = options.proxyAnswers ?? (() => proxyAnswers(health));
  }

  /** Whether requests go to the fallback now. */
  get fallingBack(): boolean {
    return this.#proxyDown;
  }

  /** `makeRequest` for a REST client: `send` (discord.js's own) with the budget, the retries and the fallback. */
  wrap(send: RESTOptions["makeRequest"]): RESTOptions["makeRequest"] {
    return async (url, init) => {
      const { metrics } = this.#options;
      const method = (init.method ?? "GET").toUpperCase();
      const route = routeOf(url);
      const deadline = resendDeadline(url);
      for (let attempt = 1; ; attempt++) {
        const fallback = this.#proxyDown ? this.#options.fallback : null;
        const target = fallback ? fallback.apiBase + url.slice(this.#options.apiBase.length) : url;
        if (!isInteractionRoute(url)) await (fallback?.budget ?? this.#options.budget).take();
        if (fallback) metrics.restFallback();
        let failure: RestFailure;
        let answer: ResponseLike | null = null;
        let error: unknown = null;
        const limit = signalForAttempt(init.signal ?? undefined);
        try {
          const response = await send(target, { ...init, signal: limit.signal }).finally(limit.answered);
          if (response.status < 500)
            return attempt > 1 && deadline !== null ? earlierArrived(url, response) : response;
          failure = "server_error";
          answer = response;
        } catch (err) {
          // discord.js gave up on the request (its whole `timeout`): nothing more is sent.
          if (init.signal?.aborted) throw err;
          const kind = failureOf(err);
          if (kind === null) {
            metrics.restFailed(route, "other");
            throw err;
          }
          failure = kind;
          error = err;
          if (!fallback) this.#proxyLost(err as Error);
        }
        metrics.restFailed(route, failure === "server_error" ? "server_error" : "connection");
        // A request the proxy did not take goes to the fallback at once; another waits its turn.
        const toFallback = failure !== "server_error" && !fallback && this.#proxyDown;
        const pause = toFallback ? 0 : backoffMs(attempt, this.#random);
        const late = deadline !== null && this.#clock.now() + pause > deadline;
        if (attempt >= ATTEMPTS || late || !mayResend(method, failure, deadline !== null)) {
          if (answer) return answer;
          throw error;
        }
        // The unused answer is read, so its connection serves the next request.
        await answer?.arrayBuffer().catch(() => undefined);
        metrics.restRetried(route);
        const { log } = this.#options;
        // Not the route: an interaction webhook's holds its token (the metrics label it without).
        log.debug(`a ${method} request: ${failure}, sent again in ${pause} ms`);
        if (pause > 0) await this.#clock.sleep(pause);
      }
    };
  }

  /** The proxy did not take a request: with a fallback, requests go there until /healthz answers. */
  #proxyLost(err: Error): void {
    const { fallback, log } = this.#options;
    if (!fallback || this.#proxyDown) return;
    this.#proxyDown = true;
    log.warn(
      `the REST proxy does not answer (${err.message}): requests go straight to ${fallback.apiBase}, at most ${fallback.budget.perSecond} a second, until it does`,
    );
    void this.#watchProxy();
  }

  async #watchProxy(): Promise<void> {
    do await this.#clock.sleep(PROBE_EVERY_MS);
    while (!(await this.#proxyAnswers()));
    this.#proxyDown = false;
    const { log } = this.#options;
    log.info("the REST proxy answers again: requests go through it");
  }
}

/**
 * The hosts' REST client options: DISCORD_API_BASE (the proxy, or Discord), this process's budget,
 * and the route above with REST_FALLBACK. Behind the proxy the host's own budget stays: it holds
 * this host alone to the 50 a second, and the proxy holds all hosts together.
 */
export function hostRestOptions(
  config: Pick<Config, "apiBase" | "restFallback">,
  parts: Pick<RestRouteOptions, "metrics" | "log">,
): Partial<RESTOptions> {
  const apiBase = config.apiBase ?? DefaultRestOptions.api;
  const route = new RestRoute({
    ...parts,
    apiBase,
    budget: new GlobalBudget(),
    fallback: config.restFallback && {
      apiBase: config.restFallback.apiBase,
      budget: new GlobalBudget(config.restFallback.perSecond),
    },
  });
  return {
    api: apiBase,
    globalRequestsPerSecond: REST_REQUESTS_PER_SECOND,
    retries: 0,
    timeout: REQUEST_WITHIN_MS,
    makeRequest: route.wrap(DefaultRestOptions.makeRequest),
  };
}
