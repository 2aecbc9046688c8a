import type { Catalog } from "../index.js";
import { core } from "./core.js";

/** English catalog: one file per area, merged here. */
export const en: Catalog = { ...core };
