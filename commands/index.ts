import type { Command } from "../src/bot/command.js";
import { game } from "./game.js";
import { help } from "./help.js";
import { notify } from "./notify.js";
import { play } from "./play.js";
import { rules } from "./rules.js";
import { settings } from "./settings.js";
import { stats } from "./stats.js";

export const COMMANDS: readonly Command[] = [play, game, rules, help, stats, notify, settings];
