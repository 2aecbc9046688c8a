import { gameManifest } from "../../bot/manifest.js";
import { sirTommy } from "./engine/index.js";
import { sirTommyRobot } from "./engine/robot.js";
import { sirTommyTable } from "./render.js";
import { sirTommyUi } from "./ui.js";
import { sirTommyWords } from "./words/index.js";

/** Sir Tommy for two: everything the bot knows of it. */
export const sirTommyManifest = gameManifest({
  id: "sirtommy",
  engine: sirTommy,
  ui: sirTommyUi,
  robot: {
    player: sirTommyRobot,
    module: { url: new URL("./engine/robot.js", import.meta.url).href, name: "sirTommyRobot" },
    seats: true,
  },
  painters: { all: [sirTommyTable], module: new URL("./render.js", import.meta.url).href },
  words: sirTommyWords,
  // The share line's bar: half the 52 cards on own foundations.
  daily: { bar: 26 },
});
