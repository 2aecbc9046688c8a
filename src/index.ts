import { monitorEventLoopDelay } from "node:perf_hooks";
import { COMMANDS } from "../commands/index.js";
import { createBot } from "./bot/client.js";
import { now } from "./bot/clock.js";
import { createLogger } from "./bot/log.js";
import { ThreadThinker } from "./bot/thinker.js";
import { ConfigError, loadConfig } from "./config.js";
import { ensureFonts } from "./render/fonts.js";
import { RenderPool } from "./render/pool.js";
import { Store, StoreUnavailableError } from "./store/store.js";

/** Entry point: config → store → client → login. */
async function main(): Promise<void> {
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
  const log = createLogger(config.logLevel);
  let store: Store;
  try {
    store = new Store(config.databasePath, { now });
  } catch (err) {
    if (err instanceof StoreUnavailableError) {
      console.error(`${err.message}\nCheck DATABASE_PATH in .env and that its folder is writable.`);
      process.exit(1);
    }
    throw err;
  }
  ensureFonts();
  const painter = new RenderPool({
    onWorkerError: (err) => log.error("a render worker failed and is replaced:", err),
  });
  const thinker = new ThreadThinker();
  const { client } = createBot(config, store, log, painter, thinker, COMMANDS);
  if (process.env.BENCH_LOOP_STATS === "1") reportLoopStalls();
  const shutdown = (signal: string) => {
    log.info(`${signal}: closing`);
    void client
      .destroy()
      .then(() => Promise.all([painter.close(), thinker.close()]))
      .finally(() => {
        store.close();
        process.exit(0);
      });
  };
  process.on("unhandledRejection", (err) => log.error("unhandled rejection:", err));
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  await client.login(config.token);
}

/**
 * For the load bench (BENCH_LOOP_STATS=1): every second, the longest and the 99th-percentile
 * event-loop delay of that second, in ms, on stdout.
 */
function reportLoopStalls(): void {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  setInterval(() => {
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    console.log(`loop-stall max=${ms(delay.max)} p99=${ms(delay.percentile(99))}`);
    delay.reset();
  }, 1000).unref();
}

main().catch((err) => {
  console.error("fatal:", err);
  process.exit(1);
});
