import { gameManifest } from "../../bot/manifest.js";
import { onevstwo } from "./engine/index.js";
import { onevstwoRobot } from "./engine/robot.js";
import { onevstwoTable } from "./render/index.js";
import { onevstwoUi } from "./ui.js";
import { onevstwoWords } from "./words/index.js";

/** One versus Two: everything the bot knows of it. */
export const onevstwoManifest = gameManifest({
  id: "onevstwo",
  engine: onevstwo,
  ui: onevstwoUi,
  robot: {
    player: onevstwoRobot,
    module: { url: new URL("./engine/robot.js", import.meta.url).href, name: "onevstwoRobot" },
    seats: true,
  },
  painters: {
    all: [onevstwoTable],
    module: new URL("./render/index.js", import.meta.url).href,
  },
  words: onevstwoWords,
});
