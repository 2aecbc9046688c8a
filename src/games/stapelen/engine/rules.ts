import type { Card, Rank } from "../../../engine/core/cards.js";
import {
  type Foundation,
  foundationsTaking,
  foundationTop,
  type PlacementRule,
} from "../../../engine/core/foundations.js";
import type { PlayerId } from "../../../engine/core/game.js";
import { topCards } from "../../../engine/core/tableau.js";
import type { StapelenMove, StapelenState } from "./types.js";

export const FOUNDATIONS_PER_PLAYER = 3;

/** The rank that follows `rank` on a foundation: one higher, and after the King the Ace again. */
export function nextRank(rank: number): number {
  return (rank % 13) + 1;
}

/**
 * An empty foundation takes any card; otherwise the card must be exactly one higher than the top,
 * wrapping K→A→2. Suits never matter and there is no limit to a foundation's height.
 */
export const stackingRule: PlacementRule = (foundation, card: Card) => {
  const top = foundationTop(foundation);
  return top === null || card.rank === nextRank(top.rank);
};

/** The rank a foundation takes next: one higher than its top; null when it is empty (any card). */
export function foundationNeeds(foundation: Foundation): Rank | null {
  const top = foundationTop(foundation);
  return top ? nextRank(top.rank) : null;
}

export function activePlayer(state: StapelenState): PlayerId | null {
  return state.phase === "play" ? (state.players[state.activeSeat] ?? null) : null;
}

/** Every top card `player` could put on one of their own foundations, whoever's turn it is. */
export function placements(state: StapelenState, player: PlayerId): StapelenMove[] {
  const own = state.foundations[player];
  if (!own) return [];
  return topCards(state.columns).flatMap(({ column, card }) =>
    foundationsTaking(own, card, stackingRule).map(
      (foundation): StapelenMove => ({ type: "place", column, foundation }),
    ),
  );
}

/** Whether some top card fits one of `player`'s own foundations (the end check after every move). */
export function canPlace(state: StapelenState, player: PlayerId): boolean {
  const own = state.foundations[player] ?? [];
  return state.columns.some((column) => {
    const card = column[column.length - 1];
    return card !== undefined && own.some((foundation) => stackingRule(foundation, card));
  });
}

/**
 * Every move `player` may make now, in column order then foundation order: only the active player
 * moves, and there is no passing. At most 13 × 3 = 39 (at the start, every foundation empty).
 */
export function legalMoves(state: StapelenState, player: PlayerId): StapelenMove[] {
  return activePlayer(state) === player ? placements(state, player) : [];
}
