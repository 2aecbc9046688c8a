import { Games } from "../bot/manifest.js";
import { fourKingsManifest } from "./fourkings/manifest.js";
import { onevstwoManifest } from "./onevstwo/manifest.js";
import { sirTommyManifest } from "./sirtommy/manifest.js";
import { stapelenManifest } from "./stapelen/manifest.js";
import { theGameManifest } from "./thegame/manifest.js";
import { troubadourManifest } from "./troubadour/manifest.js";
import { twelvesManifest } from "./twelves/manifest.js";

/** Every game the bot offers, in the order `/play` lists them: add a game's manifest here. */
export const GAMES = new Games([
  theGameManifest,
  twelvesManifest,
  stapelenManifest,
  sirTommyManifest,
  fourKingsManifest,
  troubadourManifest,
  onevstwoManifest,
]);
