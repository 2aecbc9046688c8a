import {
  agreementActors,
  agreementNotActorError,
  canConfirm,
  confirmProposal,
  propose,
} from "../../../engine/core/agreement.js";
import { type Card, cardLabel, standardDeck } from "../../../engine/core/cards.js";
import { type Message, RuleError } from "../../../engine/core/errors.js";
import { emptyFoundations, foundationTop } from "../../../engine/core/foundations.js";
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
import { copyCards, copyPiles, copyPilesByPlayer } from "../../../engine/core/piles.js";
import { createRng, shuffle } from "../../../engine/core/rng.js";
import { hasExactKeys, isIndex, isRecord } from "../../../engine/core/shape.js";
import {
  activePlayer,
  canEndTurn,
  canPass,
  DRAW_SIZE,
  directionOf,
  FOUNDATION_MAX,
  FOUNDATIONS_PER_PLAYER,
  foundationCards,
  foundationMoves,
  legalMoves,
  onlyRowsLeft,
  ROWS,
  ruleOf,
  SUPER_WINNER_CARDS,
  sourceCard,
} from "./rules.js";
import type {
  SirTommyMove,
  SirTommyPrivateView,
  SirTommyPublicView,
  SirTommySource,
  SirTommyState,
} from "./types.js";

export const SIRTOMMY_ID = "sirtommy";

function setup(players: readonly PlayerId[], _options: GameOptions, seed: number): SirTommyState {
  if (players.length !== 2 || players[0] === players[1]) {
    throw new Error("Sir Tommy for two needs exactly two different players");
  }
  const rng = createRng(seed);
  const stock = shuffle(rng, standardDeck());
  return {
    phase: "agree",
    rng,
    players: [...players],
    proposal: null,
    ascending: null,
    stock,
    rows: Array.from({ length: ROWS }, () => []),
    drawn: [],
    foundations: Object.fromEntries(players.map((p) => [p, emptyFoundations(FOUNDATIONS_PER_PLAYER)])),
    activeSeat: 0,
    turnKind: null,
    movedThisTurn: 0,
    passesInRow: 0,
    endReason: null,
  };
}

/**
 * A deep copy for `apply` to work on. Written out instead of `cloneState` because a turn takes
 * many small moves and structuredClone made every move several times slower; listing every
 * field makes the compiler flag a new one.
 */
function cloneSirTommy(state: SirTommyState): SirTommyState {
  return {
    phase: state.phase,
    rng: { ...state.rng },
    players: [...state.players],
    proposal: state.proposal && { by: state.proposal.by, terms: { ...state.proposal.terms } },
    ascending: state.ascending,
    stock: copyCards(state.stock),
    rows: copyPiles(state.rows),
    drawn: copyCards(state.drawn),
    foundations: copyPilesByPlayer(state.foundations),
    activeSeat: state.activeSeat,
    turnKind: state.turnKind,
    movedThisTurn: state.movedThisTurn,
    passesInRow: state.passesInRow,
    endReason: state.endReason,
  };
}

function actors(state: SirTommyState): PlayerId[] {
  if (state.phase === "agree") return agreementActors(state.players);
  const active = activePlayer(state);
  return active ? [active] : [];
}

function parseSource(from: unknown): SirTommySource | null {
  if (!isRecord(from)) return null;
  if (from.kind === "drawn" && hasExactKeys(from, ["kind", "index"]) && typeof from.index === "number") {
    return { kind: "drawn", index: from.index };
  }
  if (from.kind === "row" && hasExactKeys(from, ["kind", "row"]) && typeof from.row === "number") {
    return { kind: "row", row: from.row };
  }
  return null;
}

/**
 * The move if it has exactly a known shape, else null. Numbers are only type-checked here: an
 * index out of range gets the game's own reason ("there are four rows") from `applyMove`.
 */
function parseMove(move: unknown): SirTommyMove | null {
  if (!isRecord(move)) return null;
  switch (move.type) {
    case "propose":
      return hasExactKeys(move, ["type", "ascending"]) && typeof move.ascending === "string"
        ? { type: "propose", ascending: move.ascending }
        : null;
    case "confirm":
    case "endTurn":
    case "pass":
      return hasExactKeys(move, ["type"]) ? { type: move.type } : null;
    case "toFoundation": {
      const from = parseSource(move.from);
      return from && hasExactKeys(move, ["type", "from", "foundation"]) && typeof move.foundation === "number"
        ? { type: "toFoundation", from, foundation: move.foundation }
        : null;
    }
    case "toRow":
      return hasExactKeys(move, ["type", "drawnIndex", "row"]) &&
        typeof move.drawnIndex === "number" &&
        typeof move.row === "number"
        ? { type: "toRow", drawnIndex: move.drawnIndex, row: move.row }
        : null;
    default:
      return null;
  }
}

/** Cards not on a foundation yet: in the stock, drawn, or in the rows. */
function cardsLeft(state: SirTommyState): number {
  return state.stock.length + state.drawn.length + state.rows.reduce((n, row) => n + row.length, 0);
}

/** Ends the game when all 52 cards are on foundations, or when only row cards are left and nobody can move one. */
function checkEnd(draft: SirTommyState, events: GameEvent[]): void {
  if (cardsLeft(draft) === 0) {
    draft.phase = "over";
    draft.endReason = "allPlaced";
    events.push({ key: "sirtommy.event.allPlaced" });
    return;
  }
  if (onlyRowsLeft(draft) && draft.players.every((p) => foundationMoves(draft, p).length === 0)) {
    draft.phase = "over";
    draft.endReason = "noMoves";
    events.push({ key: "sirtommy.event.noMoves", params: { cardsLeft: cardsLeft(draft) } });
  }
}

/** Starts the active player's turn: draw up to 3 cards from the stock automatically, if any are left. */
function startTurn(draft: SirTommyState, events: GameEvent[]): void {
  const player = draft.players[draft.activeSeat] as PlayerId;
  draft.movedThisTurn = 0;
  if (draft.stock.length > 0) {
    const drawn: Card[] = [];
    while (drawn.length < DRAW_SIZE && draft.stock.length > 0) drawn.push(draft.stock.pop() as Card);
    draft.drawn = drawn;
    draft.turnKind = "draw";
    events.push({
      key: "sirtommy.event.drew",
      params: {
        player,
        count: drawn.length,
        cards: drawn.map(cardLabel).join(" "),
        stockCount: draft.stock.length,
      },
    });
  } else {
    draft.turnKind = "clear";
  }
  checkEnd(draft, events);
}

function nextTurn(draft: SirTommyState, events: GameEvent[]): void {
  draft.activeSeat = 1 - draft.activeSeat;
  startTurn(draft, events);
}

function applyPropose(
  state: SirTommyState,
  player: PlayerId,
  ascending: PlayerId,
): ApplyResult<SirTommyState> {
  if (state.phase !== "agree") return fail(new RuleError("core.wrongPhase"));
  if (!state.players.includes(ascending)) return fail(new RuleError("sirtommy.notAPlayer"));
  const draft = cloneSirTommy(state);
  draft.proposal = propose(player, { ascending });
  return ok(draft, [{ key: "sirtommy.event.proposed", params: { player, ascending } }]);
}

function applyConfirm(state: SirTommyState, player: PlayerId): ApplyResult<SirTommyState> {
  if (state.phase !== "agree") return fail(new RuleError("core.wrongPhase"));
  const confirmed = confirmProposal(state.proposal, player, SIRTOMMY_ID);
  if (confirmed instanceof RuleError) return fail(confirmed);
  const { ascending } = confirmed.terms;
  const draft = cloneSirTommy(state);
  draft.ascending = ascending;
  draft.proposal = null;
  draft.phase = "play";
  // Ascending starts.
  draft.activeSeat = draft.players.indexOf(ascending);
  const events: GameEvent[] = [{ key: "sirtommy.event.agreed", params: { ascending } }];
  startTurn(draft, events);
  return ok(draft, events);
}

/** Why `card` cannot go on the foundation, or null when it fits. */
function placementRefusal(
  state: SirTommyState,
  player: PlayerId,
  card: Card,
  index: number,
): RuleError | null {
  const direction = directionOf(state, player) ?? "ascending";
  const foundation = state.foundations[player]?.[index] ?? [];
  if (ruleOf(direction)(foundation, card)) return null;
  const params = { card: cardLabel(card), foundation: index + 1 };
  const top = foundationTop(foundation);
  if (top === null)
    return new RuleError(direction === "ascending" ? "sirtommy.needsAce" : "sirtommy.needsKing", params);
  if (foundation.length >= FOUNDATION_MAX) return new RuleError("sirtommy.foundationFull", params);
  return new RuleError(direction === "ascending" ? "sirtommy.needsOneHigher" : "sirtommy.needsOneLower", {
    ...params,
    top: cardLabel(top),
  });
}

function applyToFoundation(
  state: SirTommyState,
  player: PlayerId,
  from: SirTommySource,
  foundation: number,
): ApplyResult<SirTommyState> {
  if (from.kind === "drawn" && !isIndex(from.index, state.drawn.length)) {
    return fail(new RuleError("sirtommy.noSuchDrawnCard"));
  }
  if (from.kind === "row" && !isIndex(from.row, ROWS)) return fail(new RuleError("sirtommy.noSuchRow"));
  if (!isIndex(foundation, FOUNDATIONS_PER_PLAYER)) return fail(new RuleError("sirtommy.noSuchFoundation"));
  if (from.kind === "row" && state.rows[from.row]?.length === 0) {
    return fail(new RuleError("sirtommy.emptyRow", { row: from.row + 1 }));
  }
  const card = sourceCard(state, from) as Card;
  const refusal = placementRefusal(state, player, card, foundation);
  if (refusal) return fail(refusal);
  const draft = cloneSirTommy(state);
  if (from.kind === "drawn") draft.drawn.splice(from.index, 1);
  else draft.rows[from.row]?.pop();
  draft.foundations[player]?.[foundation]?.push(card);
  draft.movedThisTurn++;
  const params = { player, card: cardLabel(card), foundation: foundation + 1 };
  const events: GameEvent[] = [
    from.kind === "drawn"
      ? { key: "sirtommy.event.drawnToFoundation", params }
      : { key: "sirtommy.event.rowToFoundation", params: { ...params, row: from.row + 1 } },
  ];
  checkEnd(draft, events);
  return ok(draft, events);
}

function applyToRow(
  state: SirTommyState,
  player: PlayerId,
  drawnIndex: number,
  row: number,
): ApplyResult<SirTommyState> {
  if (!isIndex(drawnIndex, state.drawn.length)) return fail(new RuleError("sirtommy.noSuchDrawnCard"));
  if (!isIndex(row, ROWS)) return fail(new RuleError("sirtommy.noSuchRow"));
  const draft = cloneSirTommy(state);
  const [card] = draft.drawn.splice(drawnIndex, 1) as [Card];
  draft.rows[row]?.push(card);
  const events: GameEvent[] = [
    { key: "sirtommy.event.toRow", params: { player, card: cardLabel(card), row: row + 1 } },
  ];
  checkEnd(draft, events);
  return ok(draft, events);
}

function applyEndTurn(state: SirTommyState, player: PlayerId): ApplyResult<SirTommyState> {
  if (state.drawn.length > 0)
    return fail(new RuleError("sirtommy.drawnCardsLeft", { count: state.drawn.length }));
  if (!canEndTurn(state, player)) return fail(new RuleError("sirtommy.passInstead"));
  const draft = cloneSirTommy(state);
  draft.passesInRow = 0;
  const events: GameEvent[] = [
    { key: "sirtommy.event.endedTurn", params: { player, moved: state.movedThisTurn } },
  ];
  nextTurn(draft, events);
  return ok(draft, events);
}

function applyPass(state: SirTommyState, player: PlayerId): ApplyResult<SirTommyState> {
  if (state.turnKind === "draw") return fail(new RuleError("sirtommy.noPassWhileDrawing"));
  if (!canPass(state, player)) return fail(new RuleError("sirtommy.endTurnInstead"));
  const draft = cloneSirTommy(state);
  draft.passesInRow++;
  const events: GameEvent[] = [{ key: "sirtommy.event.passed", params: { player } }];
  if (draft.passesInRow >= 2) {
    draft.phase = "over";
    draft.endReason = "twoPasses";
    events.push({ key: "sirtommy.event.twoPasses", params: { cardsLeft: cardsLeft(draft) } });
  } else {
    nextTurn(draft, events);
  }
  return ok(draft, events);
}

/** The shared guard has checked: the game runs, `player` is seated and may act, the move has its shape. */
function applyMove(state: SirTommyState, player: PlayerId, move: SirTommyMove): ApplyResult<SirTommyState> {
  if (move.type === "propose") return applyPropose(state, player, move.ascending);
  if (move.type === "confirm") return applyConfirm(state, player);
  if (state.phase === "agree") return fail(new RuleError("sirtommy.agreeFirst"));
  switch (move.type) {
    case "toFoundation":
      return applyToFoundation(state, player, move.from, move.foundation);
    case "toRow":
      return applyToRow(state, player, move.drawnIndex, move.row);
    case "endTurn":
      return applyEndTurn(state, player);
    case "pass":
      return applyPass(state, player);
  }
}

/** The player with 30 or more foundation cards once all 52 are placed, else null. */
export function superWinner(state: SirTommyState): PlayerId | null {
  if (state.endReason !== "allPlaced") return null;
  return state.players.find((p) => foundationCards(state, p) >= SUPER_WINNER_CARDS) ?? null;
}

/** Everything except the stock: only its size. The RNG is left out too, since it could reveal the order. */
function publicView(state: SirTommyState): SirTommyPublicView {
  return {
    phase: state.phase,
    players: [...state.players],
    proposal: state.proposal && { by: state.proposal.by, terms: { ...state.proposal.terms } },
    ascending: state.ascending,
    active: activePlayer(state),
    turnKind: state.turnKind,
    stockCount: state.stock.length,
    rows: copyPiles(state.rows),
    drawn: copyCards(state.drawn),
    foundations: copyPilesByPlayer(state.foundations),
    foundationCounts: Object.fromEntries(state.players.map((p) => [p, foundationCards(state, p)])),
    movedThisTurn: state.movedThisTurn,
    passesInRow: state.passesInRow,
    endReason: state.endReason,
    superWinner: superWinner(state),
  };
}

function privateView(state: SirTommyState, player: PlayerId): SirTommyPrivateView {
  return {
    ...publicView(state),
    viewer: player,
    direction: directionOf(state, player),
    canConfirm: state.phase === "agree" && canConfirm(state.proposal, player),
    canEndTurn: canEndTurn(state, player),
    canPass: canPass(state, player),
    legalMoves: legalMoves(state, player),
  };
}

/**
 * Cooperative with a competitive edge: both players win or both lose; each player's score is the
 * number of cards on their own foundations (higher is better); the game's score is the number of
 * cards not on a foundation (0 for a win). A won game may have a super-winner (30 or more cards),
 * named in the summary's params (`player`) and in the public view.
 */
function outcome(state: SirTommyState): Outcome | null {
  if (state.phase !== "over") return null;
  const won = state.endReason === "allPlaced";
  const left = cardsLeft(state);
  const best = superWinner(state);
  const summary: Message = best
    ? { key: "sirtommy.outcome.superWinner", params: { player: best, cards: foundationCards(state, best) } }
    : won
      ? { key: "sirtommy.outcome.won" }
      : { key: `sirtommy.outcome.${state.endReason}`, params: { cardsLeft: left } };
  return {
    results: Object.fromEntries(
      state.players.map((p) => [p, { result: won ? "win" : "loss", score: foundationCards(state, p) }]),
    ),
    summary,
    score: left,
  };
}

export type SirTommyEngine = GameEngine<SirTommyState, SirTommyMove, SirTommyPublicView, SirTommyPrivateView>;

export const sirTommy: SirTommyEngine = defineGame({
  id: SIRTOMMY_ID,
  minPlayers: 2,
  maxPlayers: 2,
  options: [],
  score: { better: "higher", unitKey: "sirtommy.scoreUnit" },
  players: (state: SirTommyState) => state.players,
  setup,
  actors,
  notActorError: (_state, _player, move) => agreementNotActorError(move),
  parseMove,
  legalMoves,
  applyMove,
  // Rows are face up, so a card placed within the turn may be taken back; ending the turn or passing
  // passes it, and agreeing on the directions draws the first cards.
  finality: (_state, _player, move) =>
    move.type === "toFoundation" || move.type === "toRow"
      ? "undoable"
      : move.type === "endTurn" || move.type === "pass"
        ? "turnPassed"
        : "revealed",
  publicView,
  privateView,
  outcome,
});
