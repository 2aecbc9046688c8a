import type { PropertySpec } from "../../../src/engine/core/property.js";
import { GAMES } from "../../../src/games/index.js";

/** Every game's property spec by game id, from its manifest: the property harness and the alt-text leak checks share it. */
export const PROPERTY_SPECS: Record<string, PropertySpec<unknown, unknown>> = Object.fromEntries(
  GAMES.list.map((game) => [game.id, game.property as PropertySpec<unknown, unknown>]),
);
