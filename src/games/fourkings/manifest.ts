import { gameManifest } from "../../bot/manifest.js";
import { fourKingsBot } from "./engine/bot.js";
import { fourKings } from "./engine/index.js";
import { fourKingsPanel, fourKingsTable } from "./render.js";
import { fourKingsUi } from "./ui.js";
import { fourKingsWords } from "./words/index.js";

/** Four Kings: everything the bot knows of it. */
export const fourKingsManifest = gameManifest({
  id: "fourkings",
  engine: fourKings,
  ui: fourKingsUi,
  bot: {
    player: fourKingsBot,
    module: { url: new URL("./engine/bot.js", import.meta.url).href, name: "fourKingsBot" },
    // A solo game: its bot only gives hints.
    seats: false,
  },
  painters: { all: [fourKingsTable, fourKingsPanel], module: new URL("./render.js", import.meta.url).href },
  words: fourKingsWords,
});
