import { fourkings } from "../../games/fourkings/words/nl.js";
import { onevstwo } from "../../games/onevstwo/words/nl.js";
import { sirtommy } from "../../games/sirtommy/words/nl.js";
import { stapelen } from "../../games/stapelen/words/nl.js";
import { thegame } from "../../games/thegame/words/nl.js";
import { troubadour } from "../../games/troubadour/words/nl.js";
import { twelves } from "../../games/twelves/words/nl.js";
import type { Catalog } from "../catalog.js";
import { alt } from "./alt.js";
import { bot } from "./bot.js";
import { core } from "./core.js";
import { replies } from "./replies.js";

/** Dutch catalog: one file per area, as in English, merged here. */
export const nl: Catalog = {
  ...core,
  ...bot,
  ...replies,
  ...fourkings,
  ...thegame,
  ...twelves,
  ...stapelen,
  ...troubadour,
  ...sirtommy,
  ...onevstwo,
  ...alt,
};
