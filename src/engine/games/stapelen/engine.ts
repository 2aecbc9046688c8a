import { cardLabel } from "../../core/cards.js";
import { RuleError } from "../../core/errors.js";
import {
  emptyFoundations,
  foundationCount,
  foundationTop,
  isFoundationIndex,
} from "../../core/foundations.js";
import {
  type ApplyResult,
  cloneState,
  fail,
  type GameEngine,
  type GameEvent,
  type GameOptions,
  type Outcome,
  ok,
  type PlayerId,
} from "../../core/game.js";
import { copyPiles, copyPilesByPlayer } from "../../core/piles.js";
import { createRng } from "../../core/rng.js";
import { isRecord } from "../../core/shape.js";
import { dealTableau, isColumnIndex, tableauCount, takeTopCard, topCard } from "../../core/tableau.js";
import { activePlayer, FOUNDATIONS_PER_PLAYER, legalMoves, placements, stackingRule } from "./rules.js";
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

/** The move if it has a known shape, else null (moves arrive from untrusted custom_ids). */
function parseMove(move: unknown): StapelenMove | null {
  if (!isRecord(move) || move.type !== "place") return null;
  const { column, foundation } = move;
  return typeof column === "number" && typeof foundation === "number"
    ? { type: "place", column, foundation }
    : null;
}

function apply(state: StapelenState, player: PlayerId, move: StapelenMove): ApplyResult<StapelenState> {
  if (!state.players.includes(player)) return fail(new RuleError("core.notSeated"));
  if (state.phase === "over") return fail(new RuleError("core.gameOver"));
  const parsed = parseMove(move);
  if (!parsed) return fail(new RuleError("core.malformedMove"));
  if (activePlayer(state) !== player) return fail(new RuleError("core.notYourTurn"));
  const own = state.foundations[player] ?? [];
  if (!isColumnIndex(state.columns, parsed.column)) return fail(new RuleError("stapelen.noSuchColumn"));
  if (!isFoundationIndex(own, parsed.foundation)) return fail(new RuleError("stapelen.noSuchFoundation"));
  const card = topCard(state.columns, parsed.column);
  if (!card) return fail(new RuleError("stapelen.emptyColumn", { column: parsed.column + 1 }));
  const foundation = own[parsed.foundation] ?? [];
  if (!stackingRule(foundation, card)) {
    const top = foundationTop(foundation);
    return fail(
      new RuleError("stapelen.doesNotFit", {
        card: cardLabel(card),
        foundation: parsed.foundation + 1,
        top: top ? cardLabel(top) : "",
      }),
    );
  }
  const draft = cloneState(state);
  takeTopCard(draft.columns, parsed.column);
  draft.foundations[player]?.[parsed.foundation]?.push(card);
  const events: GameEvent[] = [
    {
      key: "stapelen.event.placed",
      params: { player, card: cardLabel(card), foundation: parsed.foundation + 1 },
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
  if (placements(draft, next).length === 0) {
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
 * their own foundations; the game's score is the number of cards left on the tableau (0 for a win).
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

export type StapelenEngine = GameEngine<
  StapelenState,
  StapelenMove,
  StapelenPublicView,
  StapelenPrivateView
> & {
  legalMoves(state: StapelenState, player: PlayerId): StapelenMove[];
};

export const stapelen: StapelenEngine = {
  id: STAPELEN_ID,
  minPlayers: 2,
  maxPlayers: 2,
  options: [],
  setup,
  actors,
  apply,
  publicView,
  privateView,
  outcome,
  legalMoves,
};
