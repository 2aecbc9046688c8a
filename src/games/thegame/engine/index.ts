import { RuleError } from "../../../engine/core/errors.js";
import { defineGame, type GameEngine } from "../../../engine/core/game.js";
import {
  activePlayer,
  applyMove,
  isOutOfTurnMove,
  legalMoves,
  MAX_PLAYERS,
  MIN_PLAYERS,
  migrateState,
  parseMove,
  setupGame,
} from "./rules.js";
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
  maySignal,
  minimumReachable,
  minimumThisTurn,
  PILE_MARKER,
  parseMove,
  pileTops,
  signalMoves,
  signalOf,
  strandingPlays,
  wouldStrand,
} from "./rules.js";
export * from "./types.js";
export { outcome, privateView, publicView } from "./views.js";

export const theGame: GameEngine<TheGameState, TheGameMove, TheGamePublicView, TheGamePrivateView> =
  defineGame({
    id: "thegame",
    minPlayers: MIN_PLAYERS,
    maxPlayers: MAX_PLAYERS,
    options: [
      { name: "expert", kind: "boolean", descriptionKey: "thegame.option.expert", default: false },
      {
        name: "smallerHands",
        kind: "boolean",
        descriptionKey: "thegame.option.smallerHands",
        default: false,
      },
    ],
    /** Cooperative: everyone's score is the cards not played, so lower is better. */
    score: { better: "lower", unitKey: "thegame.scoreUnit" },
    setup: setupGame,
    players: (state) => state.players,
    actors(state) {
      if (state.phase === "claim") return [...state.players];
      const active = activePlayer(state);
      return active === null ? [] : [active];
    },
    // A claim after someone else claimed the first turn: say so, rather than "not your turn".
    notActorError: (state, _player, move) =>
      new RuleError(
        move?.type === "claimStart" && state.phase !== "claim"
          ? "thegame.alreadyClaimed"
          : "core.notYourTurn",
      ),
    parseMove,
    legalMoves,
    // Table signals may be given whatever the turn; applyMove still judges them.
    outOfTurn: (_state, _player, move) => isOutOfTurnMove(move),
    // Version 2 added the table signals.
    stateVersion: 2,
    migrate: migrateState,
    applyMove,
    // Alone, a card played this turn shows nobody anything; with others, hands are private, so every
    // card played was shown to them. Ending the turn draws cards, and claims and signals tell the table.
    finality: (state, _player, move) =>
      state.players.length > 1 ? "revealed" : move.type === "play" ? "undoable" : "turnPassed",
    publicView,
    privateView,
    outcome,
  });
