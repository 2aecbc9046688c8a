import { createServer, type Server } from "node:http";
import { proxyRequests } from "@discordjs/proxy";
import { DefaultRestOptions, REST } from "@discordjs/rest";
import { GlobalBudget, REST_REQUESTS_PER_SECOND, withinGlobalBudget } from "../bot/globalBudget.js";
import type { Logger } from "../bot/log.js";

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
 * Anyone who can reach it sends as whoever's token they present: keep it on the hosts' network.
 */
export function createRestProxy(options: {
  /** Discord's API base (DISCORD_API_BASE); Discord itself when null. */
  apiBase: string | null;
  log: Logger;
  /** The bot's one global budget; tests inject one on their clock. */
  budget?: GlobalBudget;
}): Server {
  const rest = new REST({
    ...(options.apiBase ? { api: options.apiBase } : {}),
    globalRequestsPerSecond: REST_REQUESTS_PER_SECOND,
    // The host that sent a request retries it itself, with its whole body. A retry here would send
    // a body already read (an empty message in place of a table), or answer an interaction long
    // after its 3 s, for a host that may be gone.
    retries: 0,
    makeRequest: withinGlobalBudget(DefaultRestOptions.makeRequest, options.budget ?? new GlobalBudget()),
  });
  const forward = proxyRequests(rest);
  return createServer((request, response) => {
    // @discordjs/proxy sets the status of Discord's answer and of the errors it knows, and ends
    // the response whatever happens: any other failure (Discord unreachable) must not read as a 200.
    response.statusCode = 502;
    Promise.resolve(forward(request, response)).catch((err: unknown) =>
      // Not the path: an interaction webhook's holds its token.
      options.log.warn(`could not forward a ${request.method} request: ${(err as Error).message}`),
    );
  });
}
