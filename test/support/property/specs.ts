/// <reference types="vite/client" />
import type { PropertySpec } from "./spec.js";

/** A game's spec module, `test/games/<id>/property.ts`. */
interface SpecModule {
  spec?: PropertySpec<unknown, unknown>;
}

const modules = import.meta.glob<SpecModule>("../../games/*/property.ts", { eager: true });

/**
 * Every game's property spec by game id, found by its folder (so a new game needs no line here):
 * the kit's suite and the alt-text leak checks share them.
 */
export const PROPERTY_SPECS: Record<string, PropertySpec<unknown, unknown>> = Object.fromEntries(
  Object.entries(modules).flatMap(([path, module]) => {
    const id = path.split("/").at(-2);
    return id && module.spec ? [[id, module.spec]] : [];
  }),
);
