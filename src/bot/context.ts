import type { Client, REST } from "discord.js";
import type { Config } from "../config.js";
import type { Painter } from "../render/pool.js";
import type { Store } from "../store/store.js";
import type { Logger } from "./log.js";
import type { Thinker } from "./thinker.js";
import type { AnyGameUi } from "./ui/types.js";

export interface BotContext {
  client: Client;
  store: Store;
  config: Config;
  log: Logger;
  uis: ReadonlyMap<string, AnyGameUi>;
  /** Draws every picture off the event loop. */
  painter: Painter;
  /** Fills in deferred answers (interaction webhooks), outside the global rate limit's queue. */
  webhookRest: REST;
  /** Where bots decide, off the event loop. */
  thinker: Thinker;
}
