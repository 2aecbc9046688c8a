import { fourKings } from "../../games/fourkings/engine/index.js";
import { onevstwo } from "../../games/onevstwo/engine/index.js";
import { sirTommy } from "../../games/sirtommy/engine/index.js";
import { stapelen } from "../../games/stapelen/engine/index.js";
import { theGame } from "../../games/thegame/engine/index.js";
import { troubadour } from "../../games/troubadour/engine/index.js";
import { twelves } from "../../games/twelves/engine/index.js";
import type { GameEngine } from "../core/game.js";

/** Method parameters are bivariant, so every concrete engine fits this type. */
export type AnyEngine = GameEngine<unknown, unknown, unknown, unknown>;

/** Every playable game by id. Each game folder adds its engine here. */
export const ENGINES: Record<string, AnyEngine> = {
  fourkings: fourKings,
  onevstwo,
  sirtommy: sirTommy,
  stapelen,
  thegame: theGame,
  troubadour,
  twelves,
};

export function engineFor(gameId: string): AnyEngine | undefined {
  return ENGINES[gameId];
}
