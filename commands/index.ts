import type { Command } from "../src/bot/command.js";
import type { Games } from "../src/bot/manifest.js";
import { dailyCommand } from "./daily.js";
import { game } from "./game.js";
import { help } from "./help.js";
import { notify } from "./notify.js";
import { playCommand } from "./play.js";
import { rulesCommand } from "./rules.js";
import { settings } from "./settings.js";
import { statsCommand } from "./stats.js";

/** Every slash command, `/play` and `/rules` offering these games. */
export function commandsFor(games: Games): readonly Command[] {
  return [
    playCommand(games),
    game,
    rulesCommand(games),
    help,
    statsCommand(games),
    notify,
    settings,
    dailyCommand(games),
  ];
}
