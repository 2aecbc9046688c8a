import { createServer, type Server } from "node:http";
import { type Client, Status } from "discord.js";
import type { Logger } from "../bot/log.js";
import type { Store } from "../store/store.js";
import { answerMetrics, listenUntilFree } from "./listen.js";
import type { PromMetrics } from "./metrics.js";

export interface Health {
  gateway: "connected" | "disconnected";
  database: "ok" | "failing";
}

/** How long a health check waits for the database: a load balancer's check must be told within 1 s. */
const PING_DEADLINE_MS = 800;

/** Whether every gateway shard of this process is connected, and the database answers a trivial query in time. */
export async function health(client: Client, store: Store): Promise<Health> {
  const shards = [...client.ws.shards.values()];
  const connected = client.isReady() && shards.length > 0 && shards.every((s) => s.status === Status.Ready);
  const database: Health["database"] = (await store.ping(PING_DEADLINE_MS)) ? "ok" : "failing";
  return { gateway: connected ? "connected" : "disconnected", database };
}

/**
 * The operator's port: `GET /metrics` in Prometheus's text format, `GET /healthz` 200 when the
 * gateway is connected and the database reads, else 503, with each part's state as JSON.
 */
export function serveOps(
  at: { host: string; port: number },
  parts: { metrics: PromMetrics; client: Client; store: Store },
  log: Logger,
): Server {
  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    if (request.method !== "GET" || (path !== "/metrics" && path !== "/healthz")) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    if (path === "/healthz") {
      void health(parts.client, parts.store).then(
        (state) => {
          const ok = state.gateway === "connected" && state.database === "ok";
          response
            .writeHead(ok ? 200 : 503, { "content-type": "application/json" })
            .end(JSON.stringify(state));
        },
        (err: unknown) => {
          log.warn(`the health check failed: ${(err as Error).message}`);
          response.writeHead(503, { "content-type": "text/plain" }).end("health unknown\n");
        },
      );
      return;
    }
    answerMetrics(parts.metrics.registry, response, log);
  });
  // The metrics are for the operator: a port still held by the process this one replaces (a deploy
  // on one machine) is waited for, and the games go on meanwhile.
  listenUntilFree(server, at, log, "metrics and health");
  return server;
}
