import { fourkings } from "../../games/fourkings/words/en.js";
import { onevstwo } from "../../games/onevstwo/words/en.js";
import { sirtommy } from "../../games/sirtommy/words/en.js";
import { stapelen } from "../../games/stapelen/words/en.js";
import { thegame } from "../../games/thegame/words/en.js";
import { troubadour } from "../../games/troubadour/words/en.js";
import { twelves } from "../../games/twelves/words/en.js";
import type { Catalog } from "../catalog.js";
import { alt } from "./alt.js";
import { bot } from "./bot.js";
import { core } from "./core.js";
import { replies } from "./replies.js";

/** English catalog: one file per area, merged here. */
export const en: Catalog = {
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
