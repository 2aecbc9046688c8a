import { fourKingsUi } from "../../games/fourkings/ui.js";
import { onevstwoUi } from "../../games/onevstwo/ui.js";
import { sirTommyUi } from "../../games/sirtommy/ui.js";
import { stapelenUi } from "../../games/stapelen/ui.js";
import { theGameUi } from "../../games/thegame/ui.js";
import { troubadourUi } from "../../games/troubadour/ui.js";
import { twelvesUi } from "../../games/twelves/ui.js";
import type { AnyGameUi } from "./types.js";

/** Every game the bot offers, in the order `/play` lists them. */
export const GAME_UIS: readonly AnyGameUi[] = [
  theGameUi,
  twelvesUi,
  stapelenUi,
  sirTommyUi,
  fourKingsUi,
  troubadourUi,
  onevstwoUi,
];

export function uiMap(): Map<string, AnyGameUi> {
  return new Map(GAME_UIS.map((ui) => [ui.gameType, ui]));
}
