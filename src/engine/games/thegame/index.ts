import type { GameEngine } from "../../core/game.js";
import { activePlayer, applyMove, MAX_PLAYERS, MIN_PLAYERS, setupGame } from "./rules.js";
import type { TheGameMove, TheGamePrivateView, TheGamePublicView, TheGameState } from "./types.js";
import { outcome, privateView, publicView } from "./views.js";

export {
  CARD_COUNT,
  canPlayOn,
  cardsLeft,
  HIGHEST_CARD,
  handSizeFor,
  LOWEST_CARD,
  legalMoves,
  minimumReachable,
  minimumThisTurn,
  PILE_MARKER,
  pileTops,
  wouldStrand,
} from "./rules.js";
export * from "./types.js";
export { outcome, privateView, publicView } from "./views.js";

export const theGame: GameEngine<TheGameState, TheGameMove, TheGamePublicView, TheGamePrivateView> = {
  id: "thegame",
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  options: [
    { name: "expert", kind: "boolean", descriptionKey: "thegame.option.expert", default: false },
    { name: "smallerHands", kind: "boolean", descriptionKey: "thegame.option.smallerHands", default: false },
  ],
  setup: setupGame,
  actors(state) {
    if (state.phase === "claim") return [...state.players];
    const active = activePlayer(state);
    return active === null ? [] : [active];
  },
  apply: applyMove,
  publicView,
  privateView,
  outcome,
};
