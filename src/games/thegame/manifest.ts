import { gameManifest } from "../../bot/manifest.js";
import { theGameBot } from "./engine/bot.js";
import { theGame } from "./engine/index.js";
import { theGameHand, theGameTable } from "./render.js";
import { theGameUi } from "./ui.js";
import { theGameWords } from "./words/index.js";

/** The Game: everything the bot knows of it. */
export const theGameManifest = gameManifest({
  id: "thegame",
  engine: theGame,
  ui: theGameUi,
  bot: {
    player: theGameBot,
    module: { url: new URL("./engine/bot.js", import.meta.url).href, name: "theGameBot" },
    seats: true,
  },
  painters: { all: [theGameTable, theGameHand], module: new URL("./render.js", import.meta.url).href },
  words: theGameWords,
});
