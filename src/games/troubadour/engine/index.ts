import { RuleError } from "../../../engine/core/errors.js";
import { defineGame, type GameEngine, HINTS_OPTION } from "../../../engine/core/game.js";
import { activePlayer, applyMove, parseMove, setupGame } from "./engine.js";
import { legalMoves } from "./legal.js";
import { MAX_PLAYERS, MIN_PLAYERS } from "./rules.js";
import type {
  TroubadourMove,
  TroubadourPrivateView,
  TroubadourPublicView,
  TroubadourState,
} from "./types.js";
import { outcome, privateView, publicView, sides } from "./views.js";

export { activePlayer, moveKey, parseMove, powerError, turnMoveError } from "./engine.js";
export { legalMoves, nobleUses, powerOf, turnMoves } from "./legal.js";
export {
  ATTACK_BLOCKER,
  allNobles,
  CASTLE_COUNT,
  castleSlotFor,
  compareTrios,
  fitsVillage,
  isAttack,
  NOBLE_SUIT_ORDER,
  nobleRole,
  nobleValue,
  POWER_LABEL,
  POWER_NOBLES,
  POWERS,
  ROUND_CAP,
  runLength,
  shieldAgainst,
  sortTrio,
  TRIO_SIZE,
  VILLAGE_COUNT,
} from "./rules.js";
export * from "./types.js";
export { outcome, privateView, publicView, sides } from "./views.js";

export const troubadour: GameEngine<
  TroubadourState,
  TroubadourMove,
  TroubadourPublicView,
  TroubadourPrivateView
> = defineGame({
  id: "troubadour",
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  options: [HINTS_OPTION],
  /** Each player's score is the number of cards on their castles (40 when all four are complete). */
  score: { better: "higher", unitKey: "troubadour.scoreUnit" },
  setup: setupGame,
  players: (state) => state.players,
  actors(state) {
    if (state.phase === "pick") return [...state.players];
    const active = activePlayer(state);
    return active === null ? [] : [active];
  },
  // Picks belong to the pick phase: after the reveal a pick is out of phase, whoever's turn it is.
  notActorError: (_state, _player, move) =>
    new RuleError(move?.type === "pickNobles" ? "core.wrongPhase" : "core.notYourTurn"),
  parseMove,
  legalMoves,
  applyMove,
  publicView,
  privateView,
  outcome,
  sides,
});
