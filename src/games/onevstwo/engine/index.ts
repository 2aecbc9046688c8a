import { defineGame, type GameEngine, HINTS_OPTION } from "../../../engine/core/game.js";
import { actors, applyMove, notActorError, ONEVSTWO_ID, parseMove, setupGame } from "./engine.js";
import { legalMoves, MAX_PLAYERS, MIN_PLAYERS } from "./rules.js";
import type { OnevstwoMove, OnevstwoPrivateView, OnevstwoPublicView, OnevstwoState } from "./types.js";
import { outcome, privateView, publicView, sides } from "./views.js";

export {
  actors,
  dealStacks,
  matchSummary,
  notActorError,
  ONEVSTWO_ID,
  parseMove,
  readOptions,
  setupGame,
} from "./engine.js";
export * from "./rules.js";
export * from "./types.js";
export { gameNumber, outcome, privateView, publicView, sides } from "./views.js";

export type OnevstwoEngine = GameEngine<OnevstwoState, OnevstwoMove, OnevstwoPublicView, OnevstwoPrivateView>;

/**
 * One versus Two (docs/RULES.md §7): a boss with an open dummy against two lice (3 players), or pair
 * against pair with the servant playing the dummy (4 players), over a match of 9 or 16 games.
 */
export const onevstwo: OnevstwoEngine = defineGame({
  id: ONEVSTWO_ID,
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  options: [
    { name: "shortMatch", kind: "boolean", descriptionKey: "onevstwo.option.shortMatch", default: false },
    { name: "autoplay", kind: "boolean", descriptionKey: "onevstwo.option.autoplay", default: false },
    HINTS_OPTION,
  ],
  /** A player's match total (3 players) or their pair's total (4 players). */
  score: { better: "higher", unitKey: "onevstwo.scoreUnit" },
  setup: setupGame,
  players: (state) => state.players,
  actors,
  notActorError,
  parseMove,
  legalMoves,
  applyMove,
  publicView,
  privateView,
  outcome,
  sides,
});
