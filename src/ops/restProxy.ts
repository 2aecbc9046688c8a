import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { proxyRequests } from "@discordjs/proxy";
import { DefaultRestOptions, REST, type RESTOptions } from "@discordjs/rest";
import { Counter, collectDefaultMetrics, Gauge, Registry } from "prom-client";
import { GlobalBudget, REST_REQUESTS_PER_SECOND, withinGlobalBudget } from "../bot/globalBudget.js";
import type { Logger } from "../bot/log.js";
import { failureOf } from "../bot/restRoute.js";
import { answerMetrics } from "./listen.js";
import { routeLabel } from "./metrics.js";

/**
 * One REST client for every host of the bot (`npm run proxy`; each host's DISCORD_API_BASE points
 * here). Discord's limits are per bot, not per host: the global 50 a second and each route's bucket
 * are counted once, here, in one `GlobalBudget` (the bot's own gate, so interaction callbacks and
 * interaction webhooks stay outside it) and one @discordjs/rest queue per bucket.
 *
 * @discordjs/proxy forwards each request's own Authorization header (the proxy holds no token) and
 * answers without Discord's X-RateLimit-* headers: a host's client learns no buckets and sends at
 * once, and the proxy waits out buckets and 429s for it. A host's own `GlobalBudget` stays: it holds
 * that host alone to 50 a second, which it could not exceed through the proxy anyway; the proxy
 * holds all hosts together to the same 50.
 *
 * Besides /api/…, it serves the operator: `GET /metrics` (Prometheus) and `GET /healthz`, 200 while
 * Discord answers it (see `upstreamHealth`), 503 with the reason otherwise; the hosts ask the same
 * /healthz before sending through it again after it failed them.
 *
 * Anyone who can reach it sends as whoever's token they present: keep it on the hosts' network.
 */
export function createRestProxy(options: {
  /** Discord's API base (DISCORD_API_BASE); Discord itself when null. */
  apiBase: string | null;
  log: Logger;
  /** The bot's one global budget; tests inject one on their clock. */
  budget?: GlobalBudget;
}): Server {
  const metrics = new ProxyMetrics();
  const rest = new REST({
    ...(options.apiBase ? { api: options.apiBase } : {}),
    globalRequestsPerSecond: REST_REQUESTS_PER_SECOND,
    // The host that sent a request retries it itself, with its whole body. A retry here would send
    // a body already read (an empty message in place of a table), or answer an interaction long
    // after its 3 s, for a host that may be gone.
    retries: 0,
    makeRequest: withinGlobalBudget(
      metrics.watchUpstream(DefaultRestOptions.makeRequest),
      options.budget ?? new GlobalBudget(),
    ),
  });
  const forward = proxyRequests(rest);
  const health = upstreamHealth(options.apiBase ?? DefaultRestOptions.api);
  return createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    if (path === "/metrics" || path === "/healthz") {
      serveOperator(path, request, response, { metrics, health }, options.log);
      return;
    }
    metrics.forwarding(request, response);
    // @discordjs/proxy sets the status of Discord's answer and of the errors it knows, and ends
    // the response whatever happens: any other failure (Discord unreachable) must not read as a 200.
    response.statusCode = 502;
    Promise.resolve(forward(request, response)).catch((err: unknown) =>
      // Not the path: an interaction webhook's holds its token.
      options.log.warn(`could not forward a ${request.method} request: ${(err as Error).message}`),
    );
  });
}

function serveOperator(
  path: "/metrics" | "/healthz",
  request: IncomingMessage,
  response: ServerResponse,
  parts: { metrics: ProxyMetrics; health: () => Promise<string | null> },
  log: Logger,
): void {
  if (request.method !== "GET") {
    response.writeHead(405, { "content-type": "text/plain", allow: "GET" }).end("GET only\n");
    return;
  }
  if (path === "/healthz") {
    void parts
      .health()
      .then((problem) =>
        response
          .writeHead(problem === null ? 200 : 503, { "content-type": "application/json" })
          .end(JSON.stringify({ discord: problem ?? "ok" })),
      );
    return;
  }
  answerMetrics(parts.metrics.registry, response, log);
}

/** How long /healthz waits for Discord, and for how long its answer stands (a load balancer may ask often). */
const HEALTH_DEADLINE_MS = 800;
const HEALTH_KEPT_MS = 1000;

/**
 * Whether the proxy can forward: Discord (DISCORD_API_BASE) answers its unauthenticated
 * `GET /gateway` within 800 ms, which takes no token and counts against no bot's budget. Resolves
 * with null when it does, else with why not. One check at a time, its answer kept a second.
 */
function upstreamHealth(apiBase: string): () => Promise<string | null> {
  const url = `${apiBase}/v${DefaultRestOptions.version}/gateway`;
  let last: { at: number; problem: Promise<string | null> } | null = null;
  return () => {
    if (last && Date.now() - last.at < HEALTH_KEPT_MS) return last.problem;
    const problem = fetch(url, { signal: AbortSignal.timeout(HEALTH_DEADLINE_MS) }).then(
      async (answer) => {
        await answer.body?.cancel();
        return answer.status < 500 ? null : `answered ${answer.status}`;
      },
      (err: unknown) => `no answer: ${(err as Error).message}`,
    );
    last = { at: Date.now(), problem };
    return problem;
  };
}

/** The route of a request to the proxy (`/api/v10/channels/1/messages`) as a metric label. */
function forwardedRoute(path: string): string {
  return routeLabel(path.replace(/^\/api(\/v\d+)?/, ""));
}

/** The proxy's metrics, in a registry of its own with Node's process metrics. */
class ProxyMetrics {
  readonly registry = new Registry();
  readonly #requests: Counter<"route" | "method" | "status">;
  readonly #upstreamErrors: Counter<"route" | "reason">;
  readonly #inFlight: Gauge;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.#requests = new Counter({
      name: "cardtable_proxy_requests_total",
      help: "Requests the hosts sent through the proxy, by route template, method and the status answered (closed: the host left first)",
      labelNames: ["route", "method", "status"],
      registers,
    });
    this.#upstreamErrors = new Counter({
      name: "cardtable_proxy_upstream_errors_total",
      help: "Requests to Discord that failed, by route template and reason (connection: no answer; server_error: 5xx; other)",
      labelNames: ["route", "reason"],
      registers,
    });
    this.#inFlight = new Gauge({
      name: "cardtable_proxy_requests_in_flight",
      help: "Requests being forwarded now (waiting for a rate limit or for Discord)",
      registers,
    });
  }

  /** Counts a request from a host while it is forwarded, and by its answer once it is done. */
  forwarding(request: IncomingMessage, response: ServerResponse): void {
    const route = forwardedRoute((request.url ?? "/").split("?")[0]!);
    const method = (request.method ?? "GET").toUpperCase();
    this.#inFlight.inc();
    response.once("close", () => {
      this.#inFlight.dec();
      const status = response.writableFinished ? String(response.statusCode) : "closed";
      this.#requests.inc({ route, method, status });
    });
  }

  /** `makeRequest` that counts what Discord did not answer, or answered 5xx. */
  watchUpstream(send: RESTOptions["makeRequest"]): RESTOptions["makeRequest"] {
    return async (url, init) => {
      const route = forwardedRoute(new URL(url).pathname);
      try {
        const answer = await send(url, init);
        if (answer.status >= 500) this.#upstreamErrors.inc({ route, reason: "server_error" });
        return answer;
      } catch (err) {
        this.#upstreamErrors.inc({ route, reason: failureOf(err) === null ? "other" : "connection" });
        throw err;
      }
    };
  }
}
