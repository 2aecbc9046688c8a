import { cardLabel } from "../../../engine/core/cards.js";
import { RuleError } from "../../../engine/core/errors.js";
import {
  emptyFoundations,
  foundationCount,
  foundationTop,
  isFoundationIndex,
} from "../../../engine/core/foundations.js";
import {
  type ApplyResult,
  defineGame,
  fail,
  type GameEngine,
  type GameEvent,
  type GameOptions,
  type Outcome,
  ok,
  type PlayerId,
} from "../../../engine/core/game.js";
import { copyPiles, copyPilesByPlayer } from "../../../engine/core/piles.js";
import { createRng } from "../../../engine/core/rng.js";
import { isRecord } from "../../../engine/core/shape.js";
import {
  dealTableau,
  isColumnIndex,
  tableauCount,
  takeTopCard,
  topCard,
} from "../../../engine/core/tableau.js";
import {
  activePlayer,
  canPlace,
  FOUNDATIONS_PER_PLAYER,
  foundationNeeds,
  legalMoves,
  stackingRule,
} from "./rules.js";
import type { StapelenMove, StapelenPrivateView, StapelenPublicView, StapelenState } from "./types.js";

export const STAPELEN_ID = "stapelen";

function setup(players: readonly PlayerId[], _options: GameOptions, seed: number): StapelenState {
  if (players.length !== 2 || players[0] === players[1]) {
    throw new Error("Stacking needs exactly two different players");
  }
  const rng = createRng(seed);
  const columns = dealTableau(rng);
  return {
    phase: "play",
    rng,
    players: [...players],
    columns,
    foundations: Object.fromEntries(players.map((p) => [p, emptyFoundations(FOUNDATIONS_PER_PLAYER)])),
    activeSeat: 0,
    endReason: null,
  };
}

function actors(state: StapelenState): PlayerId[] {
  const active = activePlayer(state);
  return active ? [active] : [];
}

/** `{ type: "place", column, foundation }` with numbers and no other field; the rules check the indices. */
function parseMove(move: unknown): StapelenMove | null {
  if (!isRecord(move) || move.type !== "place" || Object.keys(move).length !== 3) return null;
  const { column, foundation } = move;
  return typeof column === "number" && typeof foundation === "number"
    ? { type: "place", column, foundation }
    : null;
}

/** A copy of the state to change: copying its piles is far cheaper than structuredClone. */
function draftOf(state: StapelenState): StapelenState {
  return {
    ...state,
    rng: { ...state.rng },
    players: [...state.players],
    columns: copyPiles(state.columns),
    foundations: copyPilesByPlayer(state.foundations),
  };
}

/** The shared guard has checked: the game runs, `player` is the active player, the move has its shape. */
function applyMove(state: StapelenState, player: PlayerId, move: StapelenMove): ApplyResult<StapelenState> {
  const own = state.foundations[player] ?? [];
  if (!isColumnIndex(state.columns, move.column)) return fail(new RuleError("stapelen.noSuchColumn"));
  if (!isFoundationIndex(own, move.foundation)) return fail(new RuleError("stapelen.noSuchFoundation"));
  const card = topCard(state.columns, move.column);
  if (!card) return fail(new RuleError("stapelen.emptyColumn", { column: move.column + 1 }));
  const foundation = own[move.foundation] ?? [];
  if (!stackingRule(foundation, card)) {
    const top = foundationTop(foundation);
    return fail(
      new RuleError("stapelen.doesNotFit", {
        card: cardLabel(card),
        foundation: move.foundation + 1,
        top: top ? cardLabel(top) : "",
      }),
    );
  }
  const draft = draftOf(state);
  takeTopCard(draft.columns, move.column);
  draft.foundations[player]?.[move.foundation]?.push(card);
  const events: GameEvent[] = [
    {
      key: "stapelen.event.placed",
      params: { player, card: cardLabel(card), foundation: move.foundation + 1 },
    },
  ];
  if (tableauCount(draft.columns) === 0) {
    draft.phase = "over";
    draft.endReason = "allTaken";
    events.push({ key: "stapelen.event.allTaken" });
    return ok(draft, events);
  }
  draft.activeSeat = 1 - draft.activeSeat;
  const next = draft.players[draft.activeSeat] as PlayerId;
  // Strict: the game is lost when the player to move cannot place, even if the other player could.
  if (!canPlace(draft, next)) {
    draft.phase = "over";
    draft.endReason = "stuck";
    events.push({
      key: "stapelen.event.stuck",
      params: { player: next, cardsLeft: tableauCount(draft.columns) },
    });
  }
  return ok(draft, events);
}

function publicView(state: StapelenState): StapelenPublicView {
  return {
    phase: state.phase,
    players: [...state.players],
    columns: copyPiles(state.columns),
    foundations: copyPilesByPlayer(state.foundations),
    needs: Object.fromEntries(
      state.players.map((p) => [p, (state.foundations[p] ?? []).map(foundationNeeds)]),
    ),
    active: activePlayer(state),
    cardsLeft: tableauCount(state.columns),
    endReason: state.endReason,
  };
}

function privateView(state: StapelenState, player: PlayerId): StapelenPrivateView {
  return { ...publicView(state), viewer: player, legalMoves: legalMoves(state, player) };
}

/**
 * Cooperative: both players get the same result. Each player's score is the number of cards on
 * their own foundations (higher is better); the game's score is the number of cards left on the
 * tableau (0 for a win).
 */
function outcome(state: StapelenState): Outcome | null {
  if (state.phase !== "over") return null;
  const won = state.endReason === "allTaken";
  const cardsLeft = tableauCount(state.columns);
  return {
    results: Object.fromEntries(
      state.players.map((p) => [
        p,
        { result: won ? "win" : "loss", score: foundationCount(state.foundations[p] ?? []) },
      ]),
    ),
    summary: won
      ? { key: "stapelen.outcome.won" }
      : {
          key: "stapelen.outcome.lost",
          params: { player: state.players[state.activeSeat] ?? "", cardsLeft },
        },
    score: cardsLeft,
  };
}

export type StapelenEngine = GameEngine<StapelenState, StapelenMove, StapelenPublicView, StapelenPrivateView>;

export const stapelen: StapelenEngine = defineGame({
  id: STAPELEN_ID,
  minPlayers: 2,
  maxPlayers: 2,
  options: [],
  score: { better: "higher", unitKey: "stapelen.scoreUnit" },
  setup,
  players: (state) => state.players,
  actors,
  parseMove,
  legalMoves,
  applyMove,
  // A turn is one card, and the turn passes with it.
  finality: () => "turnPassed",
  publicView,
  privateView,
  outcome,
});
