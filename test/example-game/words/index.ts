import { gameWords } from "../../../src/i18n/games.js";
import { commands } from "./commands.js";
import { en } from "./en.js";
import { nl } from "./nl.js";
import { rules } from "./rules.js";

/** The game's words, added to the catalogs as this module loads (its UI and renderer import it). */
export const higherLowerWords = gameWords({ catalogs: { en, nl }, commands, rules });
