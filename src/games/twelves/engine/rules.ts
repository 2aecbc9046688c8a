import { canConfirm } from "../../../engine/core/agreement.js";
import type { Card, Rank } from "../../../engine/core/cards.js";
import type { PlayerId } from "../../../engine/core/game.js";
import { isRecord } from "../../../engine/core/shape.js";
import { topCards } from "../../../engine/core/tableau.js";
import type { TwelvesMove, TwelvesRole, TwelvesState } from "./types.js";

const QUEEN = 12;
const KING = 13;

/** The sum of a role's pairs (the twelves' Q+K aside). */
export const TARGET: Readonly<Record<TwelvesRole, number>> = { twelve: 12, fourteen: 14 };

/** Each role's pairs by rank, as players are reminded of them: Q+K first, the one pair of twelves that does not add up. */
export const ROLE_PAIRS: Readonly<Record<TwelvesRole, readonly (readonly [Rank, Rank])[]>> = {
  twelve: [
    [12, 13],
    [1, 11],
    [2, 10],
    [3, 9],
    [4, 8],
    [5, 7],
    [6, 6],
  ],
  fourteen: [
    [1, 13],
    [2, 12],
    [3, 11],
    [4, 10],
    [5, 9],
    [6, 8],
    [7, 7],
  ],
};

/**
 * Does this pair belong to `role`? Fourteens: values adding up to 14 (A=1, J=11, Q=12, K=13).
 * Twelves: values adding up to 12, plus the special pair Q+K, which counts as twelve.
 * Suits and colours never matter.
 */
export function isRolePair(role: TwelvesRole, a: Card, b: Card): boolean {
  const sum = a.rank + b.rank;
  if (role === "fourteen") return sum === TARGET.fourteen;
  return sum === TARGET.twelve || (Math.min(a.rank, b.rank) === QUEEN && Math.max(a.rank, b.rank) === KING);
}

/** Every pair of different columns (lower column first) whose top cards form one of `role`'s pairs. */
export function legalPairs(state: Pick<TwelvesState, "columns">, role: TwelvesRole): [number, number][] {
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

/**
 * Every move `player` may make now, in a stable order. While agreeing: the four proposals (who
 * collects twelves × who starts, in seat order), then Confirm when the other player proposed.
 * In play, for the active player: each legal pair, lower column first, then the same two cards
 * taken the other way round (the pair is kept in the order taken).
 */
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
  if (activePlayer(state) !== player || !role) return [];
  return legalPairs(state, role).flatMap(([a, b]): TwelvesMove[] => [
    { type: "takePair", columns: [a, b] },
    { type: "takePair", columns: [b, a] },
  ]);
}

/** Has `value` exactly these keys (no more, no fewer)? */
function hasExactKeys(value: Record<string, unknown>, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((k) => Object.hasOwn(value, k));
}

/**
 * The move if it has a known shape, else null (moves arrive from untrusted custom_ids): exactly
 * the fields of one kind of move, of the right types. Whether the players and columns exist is a
 * rule, checked by `apply`.
 */
export function parseMove(move: unknown): TwelvesMove | null {
  if (!isRecord(move)) return null;
  switch (move.type) {
    case "propose":
      return hasExactKeys(move, ["type", "twelves", "starter"]) &&
        typeof move.twelves === "string" &&
        typeof move.starter === "string"
        ? { type: "propose", twelves: move.twelves, starter: move.starter }
        : null;
    case "confirm":
      return hasExactKeys(move, ["type"]) ? { type: "confirm" } : null;
    case "takePair": {
      const columns = move.columns;
      if (!hasExactKeys(move, ["type", "columns"]) || !Array.isArray(columns) || columns.length !== 2)
        return null;
      const [a, b] = columns as unknown[];
      return typeof a === "number" && typeof b === "number" ? { type: "takePair", columns: [a, b] } : null;
    }
    default:
      return null;
  }
}
