import { gameManifest } from "../../bot/manifest.js";
import { fourKings } from "./engine/index.js";
import { fourKingsRobot } from "./engine/robot.js";
import { fourKingsTable } from "./render.js";
import { fourKingsUi } from "./ui.js";
import { fourKingsWords } from "./words/index.js";

/** Four Kings: everything the bot knows of it. */
export const fourKingsManifest = gameManifest({
  id: "fourkings",
  engine: fourKings,
  ui: fourKingsUi,
  robot: {
    player: fourKingsRobot,
    module: { url: new URL("./engine/robot.js", import.meta.url).href, name: "fourKingsRobot" },
    // A solo game: its robot only gives hints.
    seats: false,
  },
  painters: { all: [fourKingsTable], module: new URL("./render.js", import.meta.url).href },
  words: fourKingsWords,
  // The share line's bar: 52 cards controlled.
  daily: { bar: 52 },
});
