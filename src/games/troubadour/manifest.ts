import { gameManifest } from "../../bot/manifest.js";
import { troubadour } from "./engine/index.js";
import { troubadourRobot } from "./engine/robot.js";
import { troubadourTable } from "./render.js";
import { troubadourUi } from "./ui.js";
import { troubadourWords } from "./words/index.js";

/** Troubadour: everything the bot knows of it. */
export const troubadourManifest = gameManifest({
  id: "troubadour",
  engine: troubadour,
  ui: troubadourUi,
  robot: {
    player: troubadourRobot,
    module: { url: new URL("./engine/robot.js", import.meta.url).href, name: "troubadourRobot" },
    seats: true,
  },
  painters: { all: [troubadourTable], module: new URL("./render.js", import.meta.url).href },
  words: troubadourWords,
});
