import type { Catalog } from "../catalog.js";
import { alt } from "./alt.js";
import { bot } from "./bot.js";
import { core } from "./core.js";
import { daily } from "./daily.js";
import { ratings } from "./ratings.js";
import { replay } from "./replay.js";
import { replies } from "./replies.js";
import { undo } from "./undo.js";

/** Dutch catalog: one file per area, as in English, merged here. */
export const nl: Catalog = {
  ...core,
  ...bot,
  ...replies,
  ...alt,
  ...undo,
  ...replay,
  ...daily,
  ...ratings,
};
