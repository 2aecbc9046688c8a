import { fourKingsBot } from "../../games/fourkings/engine/bot.js";
import { onevstwoBot } from "../../games/onevstwo/engine/bot.js";
import { sirTommyBot } from "../../games/sirtommy/engine/bot.js";
import { stapelenBot } from "../../games/stapelen/engine/bot.js";
import { theGameBot } from "../../games/thegame/engine/bot.js";
import { troubadourBot } from "../../games/troubadour/engine/bot.js";
import { twelvesBot } from "../../games/twelves/engine/bot.js";
import type { AnyBot } from "../core/bot.js";

/** Every game's bot by game id: it fills seats, stands in for leavers and gives hints. */
export const BOTS: Readonly<Record<string, AnyBot>> = {
  fourkings: fourKingsBot,
  onevstwo: onevstwoBot,
  sirtommy: sirTommyBot,
  stapelen: stapelenBot,
  thegame: theGameBot,
  troubadour: troubadourBot,
  twelves: twelvesBot,
};

/** Games a bot may sit in (Four Kings is solo: its bot only gives hints). */
export function seatsBots(gameType: string): boolean {
  return gameType !== "fourkings" && gameType in BOTS;
}
