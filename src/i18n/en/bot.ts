import type { Catalog } from "../index.js";

/** Messages of the Discord layer (keys start with `bot.`). */
export const bot: Catalog = {
  "bot.gameEnded": "The game was ended: {why}.",
};
