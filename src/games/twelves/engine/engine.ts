import {
  agreementActors,
  agreementNotActorError,
  canConfirm,
  confirmProposal,
  propose,
} from "../../../engine/core/agreement.js";
import { cardLabel } from "../../../engine/core/cards.js";
import { RuleError } from "../../../engine/core/errors.js";
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
import { copyPiles } from "../../../engine/core/piles.js";
import { createRng } from "../../../engine/core/rng.js";
import {
  dealTableau,
  isColumnIndex,
  tableauCount,
  takeTopCard,
  topCard,
} from "../../../engine/core/tableau.js";
import { activePlayer, isRolePair, legalMoves, legalPairs, parseMove, TARGET } from "./rules.js";
import type {
  TwelvesMove,
  TwelvesPair,
  TwelvesPrivateView,
  TwelvesPublicView,
  TwelvesState,
  TwelvesTerms,
} from "./types.js";

export const TWELVES_ID = "twelves";

function setup(players: readonly PlayerId[], _options: GameOptions, seed: number): TwelvesState {
  if (players.length !== 2 || players[0] === players[1]) {
    throw new Error("Twelves and Fourteens needs exactly two different players");
  }
  const rng = createRng(seed);
  const columns = dealTableau(rng);
  return {
    phase: "agree",
    rng,
    players: [...players],
    columns,
    proposal: null,
    roles: null,
    activeSeat: 0,
    pairs: Object.fromEntries(players.map((p) => [p, []])),
    endReason: null,
  };
}

function actors(state: TwelvesState): PlayerId[] {
  if (state.phase === "agree") return agreementActors(state.players);
  const active = activePlayer(state);
  return active ? [active] : [];
}

function copyPairs(pairs: Record<PlayerId, TwelvesPair[]>): Record<PlayerId, TwelvesPair[]> {
  return Object.fromEntries(
    Object.entries(pairs).map(([player, list]) => [
      player,
      list.map(([a, b]): TwelvesPair => [{ ...a }, { ...b }]),
    ]),
  );
}

/** A deep copy to work on, so `apply` stays pure (a plain copy: far cheaper than structuredClone). */
function draftOf(state: TwelvesState): TwelvesState {
  return {
    phase: state.phase,
    rng: { ...state.rng },
    players: [...state.players],
    columns: copyPiles(state.columns),
    proposal: state.proposal && { by: state.proposal.by, terms: { ...state.proposal.terms } },
    roles: state.roles && { ...state.roles },
    activeSeat: state.activeSeat,
    pairs: copyPairs(state.pairs),
    endReason: state.endReason,
  };
}

/** Ends the game when the (new) active player has no pair to take: both lose. */
function checkStuck(draft: TwelvesState, events: GameEvent[]): void {
  const active = activePlayer(draft);
  const role = active ? draft.roles?.[active] : undefined;
  if (!active || !role || legalPairs(draft, role).length > 0) return;
  draft.phase = "over";
  draft.endReason = "noPair";
  events.push({
    key: "twelves.event.noPair",
    params: { player: active, cardsLeft: tableauCount(draft.columns) },
  });
}

function applyPropose(state: TwelvesState, player: PlayerId, terms: TwelvesTerms): ApplyResult<TwelvesState> {
  if (state.phase !== "agree") return fail(new RuleError("core.wrongPhase"));
  if (!state.players.includes(terms.twelves) || !state.players.includes(terms.starter)) {
    return fail(new RuleError("twelves.notAPlayer"));
  }
  const draft = draftOf(state);
  draft.proposal = propose(player, { twelves: terms.twelves, starter: terms.starter });
  return ok(draft, [{ key: "twelves.event.proposed", params: { player, ...terms } }]);
}

function applyConfirm(state: TwelvesState, player: PlayerId): ApplyResult<TwelvesState> {
  if (state.phase !== "agree") return fail(new RuleError("core.wrongPhase"));
  const confirmed = confirmProposal(state.proposal, player, TWELVES_ID);
  if (confirmed instanceof RuleError) return fail(confirmed);
  const { twelves, starter } = confirmed.terms;
  const draft = draftOf(state);
  draft.roles = Object.fromEntries(draft.players.map((p) => [p, p === twelves ? "twelve" : "fourteen"]));
  draft.activeSeat = draft.players.indexOf(starter);
  draft.proposal = null;
  draft.phase = "play";
  const events: GameEvent[] = [{ key: "twelves.event.agreed", params: { twelves, starter } }];
  checkStuck(draft, events);
  return ok(draft, events);
}

function applyTakePair(
  state: TwelvesState,
  player: PlayerId,
  columns: [number, number],
): ApplyResult<TwelvesState> {
  if (state.phase === "agree") return fail(new RuleError("twelves.agreeFirst"));
  const [a, b] = columns;
  if (!isColumnIndex(state.columns, a) || !isColumnIndex(state.columns, b)) {
    return fail(new RuleError("twelves.noSuchColumn"));
  }
  if (a === b) return fail(new RuleError("twelves.sameColumn"));
  const first = topCard(state.columns, a);
  const second = topCard(state.columns, b);
  if (!first || !second) {
    return fail(new RuleError("twelves.emptyColumn", { column: (first ? b : a) + 1 }));
  }
  const role = state.roles?.[player] ?? "twelve";
  if (!isRolePair(role, first, second)) {
    return fail(
      new RuleError("twelves.notYourPair", {
        first: cardLabel(first),
        second: cardLabel(second),
        target: TARGET[role],
      }),
    );
  }
  const draft = draftOf(state);
  takeTopCard(draft.columns, a);
  takeTopCard(draft.columns, b);
  draft.pairs[player]?.push([first, second]);
  const events: GameEvent[] = [
    { key: "twelves.event.tookPair", params: { player, first: cardLabel(first), second: cardLabel(second) } },
  ];
  if (tableauCount(draft.columns) === 0) {
    draft.phase = "over";
    draft.endReason = "allTaken";
    events.push({ key: "twelves.event.allTaken" });
  } else {
    draft.activeSeat = 1 - draft.activeSeat;
    checkStuck(draft, events);
  }
  return ok(draft, events);
}

/** A move that passed the shared guard: the game is running, `player` is seated and may act. */
function applyMove(state: TwelvesState, player: PlayerId, move: TwelvesMove): ApplyResult<TwelvesState> {
  switch (move.type) {
    case "propose":
      return applyPropose(state, player, { twelves: move.twelves, starter: move.starter });
    case "confirm":
      return applyConfirm(state, player);
    case "takePair":
      return applyTakePair(state, player, move.columns);
  }
}

function publicView(state: TwelvesState): TwelvesPublicView {
  return {
    phase: state.phase,
    players: [...state.players],
    columns: copyPiles(state.columns),
    proposal: state.proposal && { by: state.proposal.by, terms: { ...state.proposal.terms } },
    roles: state.roles && { ...state.roles },
    active: activePlayer(state),
    pairs: copyPairs(state.pairs),
    cardsLeft: tableauCount(state.columns),
    endReason: state.endReason,
  };
}

function privateView(state: TwelvesState, player: PlayerId): TwelvesPrivateView {
  return {
    ...publicView(state),
    viewer: player,
    role: state.roles?.[player] ?? null,
    canConfirm: state.phase === "agree" && canConfirm(state.proposal, player),
    legalMoves: legalMoves(state, player),
  };
}

/**
 * Cooperative: both players get the same result. Each player's score is the number of pairs
 * they took (higher is better: 13 in a won game); the game's score is the number of cards left
 * on the tableau (0 for a win).
 */
function outcome(state: TwelvesState): Outcome | null {
  if (state.phase !== "over") return null;
  const won = state.endReason === "allTaken";
  const cardsLeft = tableauCount(state.columns);
  return {
    results: Object.fromEntries(
      state.players.map((p) => [p, { result: won ? "win" : "loss", score: state.pairs[p]?.length ?? 0 }]),
    ),
    summary: won
      ? { key: "twelves.outcome.won" }
      : { key: "twelves.outcome.lost", params: { player: state.players[state.activeSeat] ?? "", cardsLeft } },
    score: cardsLeft,
  };
}

export type TwelvesEngine = GameEngine<TwelvesState, TwelvesMove, TwelvesPublicView, TwelvesPrivateView>;

export const twelves: TwelvesEngine = defineGame({
  id: TWELVES_ID,
  minPlayers: 2,
  maxPlayers: 2,
  options: [],
  score: { better: "higher", unitKey: "twelves.scoreUnit" },
  setup,
  players: (state) => state.players,
  actors,
  parseMove,
  legalMoves,
  applyMove,
  // A turn is one pair, and the turn passes with it (a proposal is the other player's to answer).
  finality: () => "turnPassed",
  notActorError: (_state, _player, move) => agreementNotActorError(move),
  publicView,
  privateView,
  outcome,
});
