import { gameManifest } from "../../bot/manifest.js";
import { twelves } from "./engine/index.js";
import { twelvesReview } from "./engine/review.js";
import { twelvesRobot } from "./engine/robot.js";
import { twelvesTable } from "./render.js";
import { twelvesUi } from "./ui.js";
import { twelvesWords } from "./words/index.js";

/** Twelves and Fourteens: everything the bot knows of it. */
export const twelvesManifest = gameManifest({
  id: "twelves",
  engine: twelves,
  ui: twelvesUi,
  robot: {
    player: twelvesRobot,
    module: { url: new URL("./engine/robot.js", import.meta.url).href, name: "twelvesRobot" },
    seats: true,
    review: {
      run: twelvesReview,
      module: { url: new URL("./engine/review.js", import.meta.url).href, name: "twelvesReview" },
    },
  },
  painters: { all: [twelvesTable], module: new URL("./render.js", import.meta.url).href },
  words: twelvesWords,
  // The share line's bar: 13 pairs each in a won game.
  daily: { bar: 13 },
});
