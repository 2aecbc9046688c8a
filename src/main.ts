import { monitorEventLoopDelay } from "node:perf_hooks";
import { commandsFor } from "../commands/index.js";
import { createBot } from "./bot/client.js";
import { now } from "./bot/clock.js";
import { createLogger } from "./bot/log.js";
import type { Games } from "./bot/manifest.js";
import { NO_METRICS } from "./bot/metrics.js";
import { ThreadThinker } from "./bot/thinker.js";
import { ConfigError, loadConfig } from "./config.js";
import { PromMetrics } from "./ops/metrics.js";
import { serveOps } from "./ops/server.js";
import { ensureFonts } from "./render/fonts.js";
import { RenderPool } from "./render/pool.js";
import { Store, StoreUnavailableError } from "./store/store.js";

/**
 * How long a stop (SIGTERM, SIGINT) waits for the work in flight: a hung render must not keep a
 * rolling deploy waiting for good; what it cut short is repaired at the next start.
 */
const STOP_WITHIN_MS = 10_000;

/**
 * Runs the bot offering these games: config → store → client → login. `src/index.ts` runs it with
 * every game; a test runs it with an example game added.
 */
export async function runBot(games: Games): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      if (!process.env.DISCORD_TOKEN?.trim())
        console.error(
          "No bot token yet? Try the bot without Discord: `npm run playground` opens it in your browser.",
        );
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(config.logLevel, config.logFormat);
  let store: Store;
  try {
    store = await Store.open(config.databaseUrl ?? config.databasePath, games.engines(), { now });
  } catch (err) {
    if (err instanceof StoreUnavailableError) {
      console.error(
        config.databaseUrl
          ? `${err.message}\nCheck DATABASE_URL in .env and that the PostgreSQL server is running and reachable.`
          : `${err.message}\nCheck DATABASE_PATH in .env and that its folder is writable.`,
      );
      process.exit(1);
    }
    throw err;
  }
  ensureFonts();
  const metrics = config.metricsPort === null ? null : new PromMetrics();
  const painter = new RenderPool({
    modules: games.painterModules(),
    onWorkerError: (err) => log.error("a render worker failed and is replaced:", err),
    ...(metrics ? { onPainted: (ms: number) => metrics.painted(ms) } : {}),
  });
  const thinker = new ThreadThinker(games.botModules());
  const offer = { games, commands: commandsFor(games) };
  const bot = createBot(config, store, log, painter, thinker, offer, metrics ?? NO_METRICS);
  if (metrics && config.metricsPort !== null) {
    metrics.readFrom({ painter, store, gameTypes: games.ids });
    metrics.watchStore(store);
    metrics.watchGateway(bot.client);
    // Under the ShardingManager each shard is a process of its own: shard N serves on the port + N.
    const shard = bot.client.shard?.ids[0] ?? 0;
    metrics.forShard(shard);
    serveOps(
      { host: config.metricsHost, port: config.metricsPort + shard },
      { metrics, client: bot.client, store },
      log,
    );
  }
  if (process.env.BENCH_LOOP_STATS === "1") reportLoopStalls(painter);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing the interactions in flight, then closing`);
    void bot
      .stop(STOP_WITHIN_MS)
      .then(({ unanswered, jobsDone }) => {
        if (unanswered > 0 || !jobsDone)
          log.warn(
            `stopped after ${STOP_WITHIN_MS} ms with ${unanswered} interaction(s) unanswered${jobsDone ? "" : " and table updates unfinished (repaired at the next start)"}`,
          );
      })
      .then(() => Promise.all([painter.close(), thinker.close()]))
      .catch((err: unknown) => log.error("error while stopping:", err))
      .finally(() => store.close().finally(() => process.exit(0)));
  };
  process.on("unhandledRejection", (err) => log.error("unhandled rejection:", err));
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  await bot.client.login(config.token);
}

/**
 * For the load bench (BENCH_LOOP_STATS=1): every second, the longest and the 99th-percentile
 * event-loop delay of that second, in ms, and how many pictures were drawn so far, on stdout.
 */
function reportLoopStalls(painter: RenderPool): void {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  setInterval(() => {
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    const pictures = painter.stats();
    console.log(
      `loop-stall max=${ms(delay.max)} p99=${ms(delay.percentile(99))} drawn=${pictures.drawn} cached=${pictures.cacheHits + pictures.shared}`,
    );
    delay.reset();
  }, 1000).unref();
}
