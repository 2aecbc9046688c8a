import { fourKingsUi } from "./fourkings.js";
import { onevstwoUi } from "./onevstwo.js";
import { sirTommyUi } from "./sirtommy.js";
import { stapelenUi } from "./stapelen.js";
import { theGameUi } from "./thegame.js";
import { troubadourUi } from "./troubadour.js";
import { twelvesUi } from "./twelves.js";
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
