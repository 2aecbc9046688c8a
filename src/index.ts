import "./bot/gatewayTurns.js";
import { GAMES } from "./games/index.js";
import { runBot } from "./main.js";

/** Entry point: the bot with every game. */
runBot(GAMES).catch((err) => {
  console.error("fatal:", err);
  process.exit(1);
});
