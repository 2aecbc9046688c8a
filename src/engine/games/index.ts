import type { GameEngine } from "../core/game.js";
import { fourKings } from "./fourkings/index.js";
import { onevstwo } from "./onevstwo/index.js";
import { sirTommy } from "./sirtommy/index.js";
import { stapelen } from "./stapelen/index.js";
import { theGame } from "./thegame/index.js";
import { troubadour } from "./troubadour/index.js";
import { twelves } from "./twelves/index.js";

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
