import { createBot } from "./bot/client.js";
import { createLogger } from "./bot/log.js";
import { ConfigError, loadConfig } from "./config.js";
import { ensureFonts } from "./render/fonts.js";
import { Store, StoreUnavailableError } from "./store/store.js";

/** Entry point: config → store → client → login. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(config.logLevel);
  let store: Store;
  try {
    store = new Store(config.databasePath);
  } catch (err) {
    if (err instanceof StoreUnavailableError) {
      console.error(`${err.message}\nCheck DATABASE_PATH in .env and that its folder is writable.`);
      process.exit(1);
    }
    throw err;
  }
  ensureFonts();
  const { client } = createBot(config, store, log);
  const shutdown = (signal: string) => {
    log.info(`${signal}: closing`);
    void client.destroy().finally(() => {
      store.close();
      process.exit(0);
    });
  };
  process.on("unhandledRejection", (err) => log.error("unhandled rejection:", err));
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  await client.login(config.token);
}

main().catch((err) => {
  console.error("fatal:", err);
  process.exit(1);
});
