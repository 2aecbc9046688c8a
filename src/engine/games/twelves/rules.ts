import { canConfirm } from "../../core/agreement.js";
import type { Card } from "../../core/cards.js";
import type { PlayerId } from "../../core/game.js";
import { topCards } from "../../core/tableau.js";
import type { TwelvesMove, TwelvesRole, TwelvesState } from "./types.js";

const QUEEN = 12;
const KING = 13;

/**
 * Does this pair belong to `role`? Fourteens: values adding up to 14 (A=1, J=11, Q=12, K=13).
 * Twelves: values adding up to 12, plus the special pair Q+K, which counts as twelve.
 * Suits and colours never matter.
 */
export function isRolePair(role: TwelvesRole, a: Card, b: Card): boolean {
  const sum = a.rank + b.rank;
  if (role === "fourteen") return sum === 14;
  return sum === 12 || (Math.min(a.rank, b.rank) === QUEEN && Math.max(a.rank, b.rank) === KING);
}

/** Every pair of different columns (lower column first) whose top cards form one of `role`'s pairs. */
export function legalPairs(state: TwelvesState, role: TwelvesRole): [number, number][] {
  const tops = topCards(state.columns);
  const pairs: [number, number][] = [];
  tops.forEach((a, i) => {
    for (const b of tops.slice(i + 1)) {
      if (isRolePair(role, a.card, b.card)) pairs.push([a.column, b.column]);
    }
  });
  return pairs;
}

export function activePlayer(state: TwelvesState): PlayerId | null {
  return state.phase === "play" ? (state.players[state.activeSeat] ?? null) : null;
}

/** Every move `player` may make now. */
export function legalMoves(state: TwelvesState, player: PlayerId): TwelvesMove[] {
  if (!state.players.includes(player)) return [];
  if (state.phase === "agree") {
    const moves: TwelvesMove[] = [];
    for (const twelves of state.players) {
      for (const starter of state.players) moves.push({ type: "propose", twelves, starter });
    }
    if (canConfirm(state.proposal, player)) moves.push({ type: "confirm" });
    return moves;
  }
  const role = state.roles?.[player];
  if (state.phase !== "play" || activePlayer(state) !== player || !role) return [];
  return legalPairs(state, role).map((columns) => ({ type: "takePair", columns }));
}
