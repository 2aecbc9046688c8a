import type { Server, ServerResponse } from "node:http";
import type { Registry } from "prom-client";
import type { Logger } from "../bot/log.js";

/** How long a port in use is waited for before listening is tried again. */
const PORT_RETRY_MS = 1000;

/**
 * Listens on `at`; while the port is in use (the process this one replaces still has it), tries
 * again every second, saying so once. The port must not keep a stopping process alive.
 */
export function listenUntilFree(
  server: Server,
  at: { host: string; port: number },
  log: Logger,
  what: string,
): void {
  let told = false;
  server.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EADDRINUSE") {
      if (!told) log.info(`${what}: port ${at.port} is in use; trying again until it is free`);
      told = true;
      setTimeout(() => server.listen(at.port, at.host), PORT_RETRY_MS).unref();
      return;
    }
    log.error(`${what} on ${at.host}:${at.port} failed:`, err);
  });
  server.listen(at.port, at.host, () => log.info(`${what} on http://${at.host}:${at.port}`));
  server.unref();
}

/** Answers a `GET /metrics` with what `registry` holds now, in Prometheus's text format. */
export function answerMetrics(registry: Registry, response: ServerResponse, log: Logger): void {
  registry.metrics().then(
    (text) => response.writeHead(200, { "content-type": registry.contentType }).end(text),
    (err: unknown) => {
      log.warn(`could not collect the metrics: ${(err as Error).message}`);
      response.writeHead(500, { "content-type": "text/plain" }).end("metrics unavailable\n");
    },
  );
}
