import type { GameEngine } from "../../core/game.js";
import { activePlayer, applyMove, setupGame } from "./engine.js";
import { MAX_PLAYERS, MIN_PLAYERS } from "./rules.js";
import type {
  TroubadourMove,
  TroubadourPrivateView,
  TroubadourPublicView,
  TroubadourState,
} from "./types.js";
import { outcome, privateView, publicView } from "./views.js";

export { activePlayer, parseMove, powerError, turnMoveError } from "./engine.js";
export { legalActions, nobleUses, powerOf } from "./legal.js";
export {
  allNobles,
  CASTLE_COUNT,
  castleSlotFor,
  compareTrios,
  fitsVillage,
  NOBLE_SUIT_ORDER,
  nobleValue,
  POWER_LABEL,
  POWER_NOBLES,
  POWERS,
  ROUND_CAP,
  runLength,
  sortTrio,
  TRIO_SIZE,
  VILLAGE_COUNT,
} from "./rules.js";
export * from "./types.js";
export { outcome, privateView, publicView } from "./views.js";

export const troubadour: GameEngine<
  TroubadourState,
  TroubadourMove,
  TroubadourPublicView,
  TroubadourPrivateView
> = {
  id: "troubadour",
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  options: [],
  setup: setupGame,
  actors(state) {
    if (state.phase === "pick") return [...state.players];
    const active = activePlayer(state);
    return active === null ? [] : [active];
  },
  apply: applyMove,
  publicView,
  privateView,
  outcome,
};
