import { canConfirm } from "../../../engine/core/agreement.js";
import type { Card } from "../../../engine/core/cards.js";
import {
  foundationCount,
  foundationsTaking,
  foundationTop,
  type PlacementRule,
} from "../../../engine/core/foundations.js";
import type { PlayerId } from "../../../engine/core/game.js";
import type { SirTommyDirection, SirTommyMove, SirTommySource, SirTommyState } from "./types.js";

export const ROWS = 4;
export const FOUNDATIONS_PER_PLAYER = 4;
/** Cards drawn at the start of a turn; the last draw has only what is left (52 = 17×3+1). */
export const DRAW_SIZE = 3;
/** A foundation holds at most 13 cards: A..K or K..A, never wrapping around. */
export const FOUNDATION_MAX = 13;
/** A player with this many of the 52 foundation cards in a won game is the super-winner. */
export const SUPER_WINNER_CARDS = 30;

const ACE = 1;
const KING = 13;

/** Ascending: an Ace on an empty foundation, then one higher; suits never matter. */
export const ascendingRule: PlacementRule = (foundation, card: Card) => {
  const top = foundationTop(foundation);
  if (top === null) return card.rank === ACE;
  return foundation.length < FOUNDATION_MAX && card.rank === top.rank + 1;
};

/** Descending: a King on an empty foundation, then one lower; suits never matter. */
export const descendingRule: PlacementRule = (foundation, card: Card) => {
  const top = foundationTop(foundation);
  if (top === null) return card.rank === KING;
  return foundation.length < FOUNDATION_MAX && card.rank === top.rank - 1;
};

export function directionOf(state: SirTommyState, player: PlayerId): SirTommyDirection | null {
  if (state.ascending === null || !state.players.includes(player)) return null;
  return player === state.ascending ? "ascending" : "descending";
}

export function ruleOf(direction: SirTommyDirection): PlacementRule {
  return direction === "ascending" ? ascendingRule : descendingRule;
}

export function activePlayer(state: SirTommyState): PlayerId | null {
  return state.phase === "play" ? (state.players[state.activeSeat] ?? null) : null;
}

/** The card a source names, or null when there is none (no such drawn card, or an empty row). */
export function sourceCard(state: SirTommyState, from: SirTommySource): Card | null {
  if (from.kind === "drawn") return state.drawn[from.index] ?? null;
  const row = state.rows[from.row];
  return row?.[row.length - 1] ?? null;
}

/** Every move of a drawn card or a row top onto one of `player`'s foundations, whoever's turn it is. */
export function foundationMoves(state: SirTommyState, player: PlayerId): SirTommyMove[] {
  const direction = directionOf(state, player);
  const own = state.foundations[player];
  if (!direction || !own) return [];
  const sources: SirTommySource[] = [
    ...state.drawn.map((_, index): SirTommySource => ({ kind: "drawn", index })),
    ...state.rows.flatMap((row, index): SirTommySource[] =>
      row.length > 0 ? [{ kind: "row", row: index }] : [],
    ),
  ];
  return sources.flatMap((from) => {
    const card = sourceCard(state, from) as Card;
    return foundationsTaking(own, card, ruleOf(direction)).map(
      (foundation): SirTommyMove => ({ type: "toFoundation", from, foundation }),
    );
  });
}

/** Is no card left to draw or to place, so that only row tops can still move? */
export function onlyRowsLeft(state: SirTommyState): boolean {
  return state.stock.length === 0 && state.drawn.length === 0;
}

export function canEndTurn(state: SirTommyState, player: PlayerId): boolean {
  if (activePlayer(state) !== player || state.drawn.length > 0) return false;
  return state.turnKind === "draw" || state.movedThisTurn > 0;
}

/** Passing is for clear turns only, and only before a card was moved (after that, end the turn). */
export function canPass(state: SirTommyState, player: PlayerId): boolean {
  return activePlayer(state) === player && state.turnKind === "clear" && state.movedThisTurn === 0;
}

export function foundationCards(state: SirTommyState, player: PlayerId): number {
  return foundationCount(state.foundations[player] ?? []);
}

/** Every move `player` may make now. */
export function legalMoves(state: SirTommyState, player: PlayerId): SirTommyMove[] {
  if (!state.players.includes(player)) return [];
  if (state.phase === "agree") {
    const moves: SirTommyMove[] = state.players.map((ascending) => ({ type: "propose", ascending }));
    if (canConfirm(state.proposal, player)) moves.push({ type: "confirm" });
    return moves;
  }
  if (activePlayer(state) !== player) return [];
  const moves = foundationMoves(state, player);
  state.drawn.forEach((_, drawnIndex) => {
    for (let row = 0; row < ROWS; row++) moves.push({ type: "toRow", drawnIndex, row });
  });
  if (canEndTurn(state, player)) moves.push({ type: "endTurn" });
  if (canPass(state, player)) moves.push({ type: "pass" });
  return moves;
}
