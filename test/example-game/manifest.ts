import { gameManifest } from "../../src/bot/manifest.js";
import { higherLower } from "./engine/index.js";
import { higherLowerRobot } from "./engine/robot.js";
import { higherLowerTable } from "./render.js";
import { higherLowerUi } from "./ui.js";
import { higherLowerWords } from "./words/index.js";

/** Higher or Lower, the example game of docs/adding-a-game.md: everything the bot knows of it. */
export const higherLowerManifest = gameManifest({
  id: "higherlower",
  engine: higherLower,
  ui: higherLowerUi,
  robot: {
    player: higherLowerRobot,
    module: { url: new URL("./engine/robot.js", import.meta.url).href, name: "higherLowerRobot" },
    seats: true,
  },
  painters: { all: [higherLowerTable], module: new URL("./render.js", import.meta.url).href },
  words: higherLowerWords,
});
