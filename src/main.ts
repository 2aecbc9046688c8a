import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { Events } from "discord.js";
import { commandsFor } from "../commands/index.js";
import { createBot } from "./bot/client.js";
import { now } from "./bot/clock.js";
import { ConfigError, loadConfig } from "./bot/config.js";
import { ShardHandoff, SUCCESSOR_READY_WITHIN_MS } from "./bot/handoff.js";
import { createLogger } from "./bot/log.js";
import { ownStalls } from "./bot/loopStalls.js";
import type { Games } from "./bot/manifest.js";
import { NO_METRICS } from "./bot/metrics.js";
import { ThreadThinker } from "./bot/thinker.js";
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
/** How long a start waits for its first render worker before it connects anyway. */
const WARM_WITHIN_MS = 10_000;
/** A shard process that let go of its shard waits this long for its manager to end it, then exits itself. */
const MANAGER_ENDS_WITHIN_MS = 5000;

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
    ...(metrics ? { onPainted: (ms: number, painterName: string) => metrics.painted(ms, painterName) } : {}),
  });
  const thinker = new ThreadThinker(games.robotModules());
  const offer = { games, commands: commandsFor(games) };
  // The shard this process serves; under the ShardingManager discord.js tells it (SHARDS, SHARD_COUNT).
  let handoff: ShardHandoff | null = null;
  const bot = createBot(config, store, log, painter, thinker, offer, metrics ?? NO_METRICS, {
    shardWorkMayStart: () => handoff?.predecessorGone(SUCCESSOR_READY_WITHIN_MS) ?? Promise.resolve(),
  });
  handoff = new ShardHandoff(
    store,
    { id: bot.client.shard?.ids[0] ?? 0, count: bot.client.shard?.count ?? 1 },
    log,
  );
  const shardProcess = handoff;
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
  let stopped = false;
  const shutdown = async (why: string) => {
    // A shard that let go exits once its manager ends it (SIGTERM), no sooner: see below.
    if (stopped) process.exit(0);
    if (stopping) return;
    stopping = true;
    // A newer process of this shard (a deploy) takes the clicks once ready: this one serves until then.
    const handedOver = why === "handover" || (await shardProcess.awaitSuccessor(SUCCESSOR_READY_WITHIN_MS));
    log.info(
      handedOver
        ? `${why}: the shard is served by the newer process; finishing the interactions in flight, then closing`
        : `${why}: finishing the interactions in flight, then closing`,
    );
    try {
      const { unanswered, jobsDone } = await bot.stop(STOP_WITHIN_MS, { handedOver });
      if (unanswered > 0 || !jobsDone)
        log.warn(
          `stopped after ${STOP_WITHIN_MS} ms with ${unanswered} interaction(s) unanswered${jobsDone ? "" : " and table updates unfinished (repaired at the next start)"}`,
        );
      await Promise.all([painter.close(), thinker.close()]);
    } catch (err) {
      log.error("error while stopping:", err);
    }
    await shardProcess.leave();
    await store.close().catch(() => undefined);
    // Under the ShardingManager a shard that exits is respawned: one that let go asks its manager
    // to end it instead, and exits on its own only if no manager does.
    if (handedOver && process.send) {
      stopped = true;
      process.send({ cardtable: "handedOver", shard: shardProcess.shardId });
      setTimeout(() => process.exit(0), MANAGER_ENDS_WITHIN_MS).unref();
      return;
    }
    process.exit(0);
  };
  process.on("unhandledRejection", (err) => log.error("unhandled rejection:", err));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  try {
    await shardProcess.register();
  } catch (err) {
    log.warn(
      `could not record this process for its shard (a deploy beside it waits for nothing): ${(err as Error).message}`,
    );
  }
  bot.client.once(Events.ClientReady, () => shardProcess.start(() => void shutdown("handover")));
  // Discord gives a new session its clicks at once: the first picture must not wait for a worker
  // to start (seconds on a busy machine). Beside a running process (a deploy) that one serves meanwhile.
  await Promise.race([painter.ready(), sleep(WARM_WITHIN_MS, undefined, { ref: false })]);
  await bot.client.login(config.token);
}

/**
 * For the load bench (BENCH_LOOP_STATS=1): every second, the longest and the 99th-percentile
 * event-loop delay of that second, in ms, how many pictures were drawn so far, and the longest
 * stall of the bot's own (`ownStalls`: without the time a busy machine kept it from a CPU).
 */
function reportLoopStalls(painter: RenderPool): void {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const own = ownStalls();
  setInterval(() => {
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    const pictures = painter.stats();
    console.log(
      `loop-stall max=${ms(delay.max)} p99=${ms(delay.percentile(99))} drawn=${pictures.drawn} cached=${pictures.cacheHits + pictures.shared} own=${own.take().toFixed(1)}`,
    );
    delay.reset();
  }, 1000).unref();
}
