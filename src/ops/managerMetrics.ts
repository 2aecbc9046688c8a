import { createServer, type Server } from "node:http";
import { Counter, Gauge, Registry } from "prom-client";
import type { Logger } from "../bot/log.js";
import { answerMetrics, listenUntilFree } from "./listen.js";

/**
 * The sharding manager's own metrics (`npm run start:sharded` with MANAGER_METRICS_PORT): how many
 * of its shards are up, how often one was restarted after dying, and how many it handed over to a
 * newer host (a deploy). Each shard serves its own on METRICS_PORT + its id.
 */
export class ManagerMetrics {
  readonly registry = new Registry();
  readonly #up: Gauge;
  readonly #restarts: Counter<"shard">;
  readonly #handovers: Counter;

  constructor() {
    const registers = [this.registry];
    this.#up = new Gauge({
      name: "cardtable_manager_shards_up",
      help: "Shards of this host whose process is running and whose gateway is ready",
      registers,
    });
    this.#restarts = new Counter({
      name: "cardtable_manager_shard_restarts_total",
      help: "Shard processes started again after they died, by shard",
      labelNames: ["shard"],
      registers,
    });
    this.#handovers = new Counter({
      name: "cardtable_gateway_handovers_total",
      help: "Shards this host let go of to a newer process of the same shard (a deploy)",
      registers,
    });
  }

  shardsUp(count: number): void {
    this.#up.set(count);
  }

  restarted(shard: number): void {
    this.#restarts.inc({ shard: String(shard) });
  }

  handedOver(): void {
    this.#handovers.inc();
  }

  /**
   * `GET /metrics` on `at`. Beside a manager it replaces (a deploy on one machine) the port may be
   * taken for a while: listening is tried again until it is free.
   */
  serve(at: { host: string; port: number }, log: Logger): Server {
    const server = createServer((request, response) => {
      if (request.method !== "GET" || (request.url ?? "/").split("?")[0] !== "/metrics") {
        response.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
        return;
      }
      answerMetrics(this.registry, response, log);
    });
    listenUntilFree(server, at, log, "the manager's metrics");
    return server;
  }
}
