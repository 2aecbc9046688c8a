import type { Catalog } from "./catalog.js";
import { addCommandWords, type CommandWords } from "./commands.js";
import { addWords } from "./index.js";
import type { Locale } from "./locale.js";

/** Everything a game says: its catalogs (the same keys in every language), its Dutch command words, its rules. */
export interface GameWords {
  catalogs: Readonly<Record<Locale, Catalog>>;
  commands: CommandWords;
  /** What `/rules <id>` shows (Discord markdown, at most 4,000 characters). */
  rules: Readonly<Record<Locale, string>>;
}

/**
 * A game's words, added to the catalogs and the command words. A game's words module calls this as
 * it loads, and its UI and renderer import that module: every thread that shows the game's words
 * (the bot's, a render worker's) has them.
 */
export function gameWords(words: GameWords): GameWords {
  addWords(words.catalogs);
  addCommandWords(words.commands);
  return words;
}
