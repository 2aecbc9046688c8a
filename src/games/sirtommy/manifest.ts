import { gameManifest } from "../../bot/manifest.js";
import { sirTommyBot } from "./engine/bot.js";
import { sirTommy } from "./engine/index.js";
import { sirTommyPanel, sirTommyTable } from "./render.js";
import { sirTommyUi } from "./ui.js";
import { sirTommyWords } from "./words/index.js";

/** Sir Tommy for two: everything the bot knows of it. */
export const sirTommyManifest = gameManifest({
  id: "sirtommy",
  engine: sirTommy,
  ui: sirTommyUi,
  bot: {
    player: sirTommyBot,
    module: { url: new URL("./engine/bot.js", import.meta.url).href, name: "sirTommyBot" },
    seats: true,
  },
  painters: { all: [sirTommyTable, sirTommyPanel], module: new URL("./render.js", import.meta.url).href },
  words: sirTommyWords,
});
