import { Games } from "../../src/bot/manifest.js";
import { GAMES } from "../../src/games/index.js";
import { runBot } from "../../src/main.js";
import { higherLowerManifest } from "./manifest.js";

/** The bot with every game and Higher or Lower: the example game's end-to-end test runs this, built. */
runBot(new Games([...GAMES.list, higherLowerManifest])).catch((err) => {
  console.error("fatal:", err);
  process.exit(1);
});
