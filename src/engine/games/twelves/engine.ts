import { agreementActors, canConfirm, confirmProposal, propose } from "../../core/agreement.js";
import { cardLabel } from "../../core/cards.js";
import { RuleError } from "../../core/errors.js";
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
import { copyPiles } from "../../core/piles.js";
import { createRng } from "../../core/rng.js";
import { isRecord } from "../../core/shape.js";
import { dealTableau, isColumnIndex, tableauCount, takeTopCard, topCard } from "../../core/tableau.js";
import { activePlayer, isRolePair, legalMoves, legalPairs } from "./rules.js";
import type {
  TwelvesMove,
  TwelvesPair,
  TwelvesPrivateView,
  TwelvesPublicView,
  TwelvesRole,
  TwelvesState,
  TwelvesTerms,
} from "./types.js";

export const TWELVES_ID = "twelves";

const TARGET: Record<TwelvesRole, number> = { twelve: 12, fourteen: 14 };

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

/** The move if it has a known shape, else null (moves arrive from untrusted custom_ids). */
function parseMove(move: unknown): TwelvesMove | null {
  if (!isRecord(move)) return null;
  switch (move.type) {
    case "propose":
      return typeof move.twelves === "string" && typeof move.starter === "string"
        ? { type: "propose", twelves: move.twelves, starter: move.starter }
        : null;
    case "confirm":
      return { type: "confirm" };
    case "takePair": {
      const columns = move.columns;
      if (!Array.isArray(columns) || columns.length !== 2) return null;
      const [a, b] = columns as unknown[];
      return typeof a === "number" && typeof b === "number" ? { type: "takePair", columns: [a, b] } : null;
    }
    default:
      return null;
  }
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
  const draft = cloneState(state);
  draft.proposal = propose(player, { twelves: terms.twelves, starter: terms.starter });
  return ok(draft, [{ key: "twelves.event.proposed", params: { player, ...terms } }]);
}

function applyConfirm(state: TwelvesState, player: PlayerId): ApplyResult<TwelvesState> {
  if (state.phase !== "agree") return fail(new RuleError("core.wrongPhase"));
  const confirmed = confirmProposal(state.proposal, player, TWELVES_ID);
  if (confirmed instanceof RuleError) return fail(confirmed);
  const { twelves, starter } = confirmed.terms;
  const draft = cloneState(state);
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
  if (activePlayer(state) !== player) return fail(new RuleError("core.notYourTurn"));
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
  const draft = cloneState(state);
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

function apply(state: TwelvesState, player: PlayerId, move: TwelvesMove): ApplyResult<TwelvesState> {
  if (!state.players.includes(player)) return fail(new RuleError("core.notSeated"));
  if (state.phase === "over") return fail(new RuleError("core.gameOver"));
  const parsed = parseMove(move);
  if (!parsed) return fail(new RuleError("core.malformedMove"));
  switch (parsed.type) {
    case "propose":
      return applyPropose(state, player, parsed);
    case "confirm":
      return applyConfirm(state, player);
    case "takePair":
      return applyTakePair(state, player, parsed.columns);
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
    pairs: Object.fromEntries(
      Object.entries(state.pairs).map(([player, pairs]) => [
        player,
        pairs.map(([a, b]): TwelvesPair => [{ ...a }, { ...b }]),
      ]),
    ),
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
 * they collected; the game's score is the number of cards left on the tableau (0 for a win).
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

export type TwelvesEngine = GameEngine<TwelvesState, TwelvesMove, TwelvesPublicView, TwelvesPrivateView> & {
  legalMoves(state: TwelvesState, player: PlayerId): TwelvesMove[];
};

export const twelves: TwelvesEngine = {
  id: TWELVES_ID,
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
