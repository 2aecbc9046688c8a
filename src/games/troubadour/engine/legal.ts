import type { Card } from "../../../engine/core/cards.js";
import type { Message } from "../../../engine/core/errors.js";
import type { PlayerId } from "../../../engine/core/game.js";
import { activePlayer, boardOf, powerError, turnMoveError } from "./engine.js";
import {
  allNobles,
  buildingCards,
  CASTLE_COUNT,
  isAttack,
  POWER_NOBLES,
  POWERS,
  runLength,
  TRIO_SIZE,
  trioHas,
} from "./rules.js";
import type {
  BuildSource,
  BuildTarget,
  NoblePower,
  NobleUse,
  TroubadourMove,
  TroubadourState,
} from "./types.js";

/** The noble (or combination) a move announces, or null for moves that use none. */
export function powerOf(move: TroubadourMove): NoblePower | null {
  switch (move.type) {
    case "draw":
      return move.clubsJack ? "clubsJack" : null;
    case "clubsQueen":
    case "clubsKing":
    case "heartsJack":
    case "heartsQueen":
    case "heartsQueenKing":
    case "spadesJack":
    case "spadesQueen":
    case "spadesTrio":
      return move.type;
    default:
      return null;
  }
}

/** Every turn move worth checking for the active player; `turnMoves` keeps the legal ones. */
function candidates(state: TroubadourState, player: PlayerId): TroubadourMove[] {
  const board = boardOf(state, player);
  // Per-power candidates only when the power could be announced at all: keeps the list cheap.
  const can = (power: NoblePower) => powerError(state, player, power) === null;
  const moves: TroubadourMove[] = [
    { type: "draw" },
    { type: "draw", clubsJack: true },
    { type: "clubsQueen" },
    { type: "clubsKing" },
    { type: "extraDraw" },
    { type: "heartsQueenAce" },
  ];
  const targets: BuildTarget[] = [
    { kind: "castle" },
    ...board.villages.map((_, village): BuildTarget => ({ kind: "village", village })),
  ];
  const sources: BuildSource[] = [{ kind: "waste" }];
  board.villages.forEach((v, village) => {
    for (let count = 1; count <= runLength(v); count++) sources.push({ kind: "village", village, count });
  });
  for (const from of sources) for (const to of targets) moves.push({ type: "build", from, to });
  board.villages.forEach((v, village) => {
    v.forEach((_, position) => {
      if (can("heartsJack"))
        for (const to of targets) moves.push({ type: "heartsJack", village, position, to });
      if (can("heartsQueen")) moves.push({ type: "heartsQueen", village, position });
    });
  });
  if (can("heartsQueenKing"))
    for (const card of buildingCards()) moves.push({ type: "heartsQueenKing", card });
  for (const target of state.players) {
    if (target === player) continue;
    if (can("spadesQueen")) moves.push({ type: "spadesQueen", target });
    if (can("spadesJack"))
      for (let village = 0; village < board.villages.length; village++)
        moves.push({ type: "spadesJack", target, village });
    if (can("spadesTrio"))
      for (let castle = 0; castle < CASTLE_COUNT; castle++)
        moves.push({ type: "spadesTrio", target, castle });
  }
  moves.push({ type: "endTurn" });
  return moves;
}

/** Every trio of the twelve nobles (220), each lowest noble first, in a fixed order. */
export const TRIOS: readonly (readonly Card[])[] = (() => {
  const nobles = allNobles();
  const trios: Card[][] = [];
  const grow = (from: number, trio: Card[]) => {
    if (trio.length === TRIO_SIZE) trios.push(trio);
    else for (let i = from; i < nobles.length; i++) grow(i + 1, [...trio, nobles[i] as Card]);
  };
  grow(0, []);
  return trios;
})();

/** Every legal turn move for `player` now (picks aside): empty when it is not their turn. */
export function turnMoves(state: TroubadourState, player: PlayerId): TroubadourMove[] {
  if (activePlayer(state) !== player) return [];
  return candidates(state, player).filter((move) => turnMoveError(state, player, move) === null);
}

/**
 * Every legal move for `player` now. In the pick phase that is every trio of nobles for every
 * seated player, also for one who has picked already (a pick may change until the last player has
 * chosen); in the play phase the active player's turn moves; nothing once the game is over.
 */
export function legalMoves(state: TroubadourState, player: PlayerId): TroubadourMove[] {
  if (state.phase === "pick") {
    if (!state.players.includes(player)) return [];
    return TRIOS.map((trio) => ({
      type: "pickNobles",
      nobles: trio.map((c) => ({ rank: c.rank, suit: c.suit })),
    }));
  }
  return turnMoves(state, player);
}

function message(err: { key: string; params?: Message["params"] }): Message {
  return { key: err.key, params: { ...err.params } };
}

/**
 * The powers in `player`'s revealed trio, each with why it cannot be used now or its legal moves.
 * `legal` may pass `turnMoves(state, player)` when the caller has it already.
 */
export function nobleUses(
  state: TroubadourState,
  player: PlayerId,
  legal: readonly TroubadourMove[] = turnMoves(state, player),
): NobleUse[] {
  if (state.phase !== "play") return [];
  const trio = state.picks[player] ?? null;
  const active = activePlayer(state) === player;
  return POWERS.filter((power) => trioHas(trio, POWER_NOBLES[power])).map((power) => {
    const why = active ? powerError(state, player, power) : { key: "core.notYourTurn" };
    return {
      power,
      attack: isAttack(power),
      unavailable: why && message(why),
      moves: legal.filter((move) => powerOf(move) === power),
    };
  });
}
