import { GAME_UIS } from "../../src/bot/ui/index.js";
import type { AnyGameUi } from "../../src/bot/ui/types.js";
import { type AnyEngine, ENGINES } from "../../src/engine/games/index.js";

/**
 * The games the benches play, read from the bot's registries here and nowhere else in scripts/:
 * the UIs in `/play` order, and the engines by id in the registry's own order.
 */
export type { AnyEngine, AnyGameUi };

export { GAME_UIS };

export const ALL_GAMES: readonly string[] = GAME_UIS.map((ui) => ui.gameType);

const UIS = new Map<string, AnyGameUi>(GAME_UIS.map((ui) => [ui.gameType, ui]));

/** The UI module of a game type (its engine is `.engine`); throws on a type no registry knows. */
export function uiOf(gameType: string): AnyGameUi {
  const ui = UIS.get(gameType);
  if (!ui) throw new Error(`unknown game type "${gameType}"`);
  return ui;
}

/** Every engine with its id, in the registry's order (the order the quick bench prints them in). */
export const ENGINE_ENTRIES: readonly [string, AnyEngine][] = Object.entries(ENGINES);
