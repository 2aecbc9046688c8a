import type { PropertySpec } from "../../../src/engine/core/property.js";
import { spec as fourkings } from "../../../src/games/fourkings/property.js";
import { spec as onevstwo } from "../../../src/games/onevstwo/property.js";
import { spec as sirtommy } from "../../../src/games/sirtommy/property.js";
import { spec as stapelen } from "../../../src/games/stapelen/property.js";
import { spec as thegame } from "../../../src/games/thegame/property.js";
import { spec as troubadour } from "../../../src/games/troubadour/property.js";
import { spec as twelves } from "../../../src/games/twelves/property.js";

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
