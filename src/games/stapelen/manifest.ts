import { gameManifest } from "../../bot/manifest.js";
import { stapelen } from "./engine/index.js";
import { stapelenReview } from "./engine/review.js";
import { stapelenRobot } from "./engine/robot.js";
import { stapelenTable } from "./render.js";
import { stapelenUi } from "./ui.js";
import { stapelenWords } from "./words/index.js";

/** Stacking: everything the bot knows of it. */
export const stapelenManifest = gameManifest({
  id: "stapelen",
  engine: stapelen,
  ui: stapelenUi,
  robot: {
    player: stapelenRobot,
    module: { url: new URL("./engine/robot.js", import.meta.url).href, name: "stapelenRobot" },
    seats: true,
    review: {
      run: stapelenReview,
      module: { url: new URL("./engine/review.js", import.meta.url).href, name: "stapelenReview" },
    },
  },
  painters: { all: [stapelenTable], module: new URL("./render.js", import.meta.url).href },
  words: stapelenWords,
  // The share line's bar: half the 52 cards stacked.
  daily: { bar: 26 },
});
