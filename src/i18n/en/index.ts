import type { Catalog } from "../catalog.js";
import { alt } from "./alt.js";
import { bot } from "./bot.js";
import { core } from "./core.js";
import { fourkings } from "./fourkings.js";
import { onevstwo } from "./onevstwo.js";
import { replies } from "./replies.js";
import { sirtommy } from "./sirtommy.js";
import { stapelen } from "./stapelen.js";
import { thegame } from "./thegame.js";
import { troubadour } from "./troubadour.js";
import { twelves } from "./twelves.js";

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
