/// <reference types="vite/client" />
/**
 * Every game's words, as the bot has them: a game's words module adds them to the catalogs as it
 * loads, and the bot loads every game. A test of an engine alone (its refusals, its score's unit)
 * reads them too.
 */
import.meta.glob("../../src/games/*/words/index.ts", { eager: true });
