import { game } from "./game.js";
import { help } from "./help.js";
import { notify } from "./notify.js";
import { play } from "./play.js";
import { rules } from "./rules.js";
import { settings } from "./settings.js";
import { stats } from "./stats.js";
import type { Command } from "./types.js";

export const COMMANDS: readonly Command[] = [play, game, rules, help, stats, notify, settings];

export function commandMap(): Map<string, Command> {
  return new Map(COMMANDS.map((c) => [c.data.name, c]));
}
