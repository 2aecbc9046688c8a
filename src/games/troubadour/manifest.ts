import { gameManifest } from "../../bot/manifest.js";
import { troubadourBot } from "./engine/bot.js";
import { troubadour } from "./engine/index.js";
import { troubadourPanel, troubadourTable } from "./render.js";
import { troubadourUi } from "./ui.js";
import { troubadourWords } from "./words/index.js";

/** Troubadour: everything the bot knows of it. */
export const troubadourManifest = gameManifest({
  id: "troubadour",
  engine: troubadour,
  ui: troubadourUi,
  bot: {
    player: troubadourBot,
    module: { url: new URL("./engine/bot.js", import.meta.url).href, name: "troubadourBot" },
    seats: true,
  },
  painters: { all: [troubadourTable, troubadourPanel], module: new URL("./render.js", import.meta.url).href },
  words: troubadourWords,
});
