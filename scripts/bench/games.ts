import type { AnyGameUi } from "../../src/bot/ui/types.js";
import type { AnyEngine } from "../../src/engine/core/game.js";
import { GAMES } from "../../src/games/index.js";

/**
 * The games the benches play, read from the games' list here and nowhere else in scripts/: the UIs
 * in `/play` order, and the engines by id in the same order.
 */
export type { AnyEngine, AnyGameUi };

export { GAMES };

export const GAME_UIS: readonly AnyGameUi[] = GAMES.list.map((game) => game.ui);

export const ALL_GAMES: readonly string[] = GAMES.ids;

/** The UI module of a game type (its engine is `.engine`); throws on a type no game has. */
export function uiOf(gameType: string): AnyGameUi {
  const ui = GAMES.get(gameType)?.ui;
  if (!ui) throw new Error(`unknown game type "${gameType}"`);
  return ui;
}

/** Every engine with its id, in the games' order (the order the quick bench prints them in). */
export const ENGINE_ENTRIES: readonly [string, AnyEngine][] = Object.entries(GAMES.engines());
