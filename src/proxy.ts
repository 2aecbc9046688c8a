import type { AddressInfo } from "node:net";
import { ConfigError, loadProxyConfig } from "./bot/config.js";
import { createLogger } from "./bot/log.js";
import { createRestProxy } from "./ops/restProxy.js";

/**
 * Entry point of `npm run proxy`: the REST proxy every host of the bot sends through, so that
 * Discord's per-bot rate limits are counted once (see ops/restProxy.ts). It listens on PROXY_PORT
 * and forwards to DISCORD_API_BASE (Discord itself when empty); each host then sets its own
 * DISCORD_API_BASE to http://<this machine>:<PROXY_PORT>/api. On the same port it serves /healthz
 * and /metrics.
 */
function main(): void {
  const config = loadProxyConfig();
  const log = createLogger(config.logLevel, config.logFormat);
  const upstream = config.apiBase ?? "Discord";
  const server = createRestProxy({ apiBase: config.apiBase, log });
  server.listen(config.port, () => {
    const { port } = server.address() as AddressInfo;
    log.info(`REST proxy listening on port ${port}, forwarding to ${upstream}`);
  });
  server.once("error", (err) => {
    log.error(`the REST proxy cannot listen on port ${config.port}:`, err);
    process.exit(1);
  });
  // Stops taking connections and exits once the requests in flight are answered.
  const stop = (signal: NodeJS.Signals) => {
    log.info(`${signal}: the REST proxy stops`);
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

try {
  main();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `fatal: ${(err as Error).stack ?? err}`);
  process.exit(1);
}
