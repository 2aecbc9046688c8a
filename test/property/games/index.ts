import type { PropertySpec } from "../spec.js";
import { spec as fourkings } from "./fourkings.js";
import { spec as onevstwo } from "./onevstwo.js";
import { spec as sirtommy } from "./sirtommy.js";
import { spec as stapelen } from "./stapelen.js";
import { spec as thegame } from "./thegame.js";
import { spec as troubadour } from "./troubadour.js";
import { spec as twelves } from "./twelves.js";

/** Every game's property spec by game id: the property harness and the alt-text leak checks share it. */
export const PROPERTY_SPECS: Record<string, PropertySpec<unknown, unknown>> = {
  thegame,
  twelves,
  stapelen,
  sirtommy,
  fourkings,
  troubadour,
  onevstwo,
} as unknown as Record<string, PropertySpec<unknown, unknown>>;
