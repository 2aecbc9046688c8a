import { gameManifest } from "../../bot/manifest.js";
import { theGame } from "./engine/index.js";
import { theGameRobot } from "./engine/robot.js";
import { theGameTable } from "./render.js";
import { theGameUi } from "./ui.js";
import { theGameWords } from "./words/index.js";

/** The Game: everything the bot knows of it. */
export const theGameManifest = gameManifest({
  id: "thegame",
  engine: theGame,
  ui: theGameUi,
  robot: {
    player: theGameRobot,
    module: { url: new URL("./engine/robot.js", import.meta.url).href, name: "theGameRobot" },
    seats: true,
  },
  painters: { all: [theGameTable], module: new URL("./render.js", import.meta.url).href },
  words: theGameWords,
  // The share line's bar: 98 cards to play.
  daily: { bar: 98 },
});
