import type { PlayerId } from "../../core/game.js";
import { activePlayer, boardOf, powerError, turnMoveError } from "./engine.js";
import { buildingCards, CASTLE_COUNT, POWER_NOBLES, POWERS, runLength, trioHas } from "./rules.js";
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

/** Every move worth checking for the active player; `legalActions` keeps the legal ones. */
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

/**
 * Every legal move for `player` now, except `pickNobles` (during the pick phase any 3 of the 12
 * nobles may be chosen, so this is empty). Empty when it is not the player's turn.
 */
export function legalActions(state: TroubadourState, player: PlayerId): TroubadourMove[] {
  if (activePlayer(state) !== player) return [];
  return candidates(state, player).filter((move) => turnMoveError(state, player, move) === null);
}

/**
 * The powers in `player`'s revealed trio, each with why it cannot be used now or its legal moves.
 * `legal` may pass `legalActions(state, player)` when the caller has it already.
 */
export function nobleUses(
  state: TroubadourState,
  player: PlayerId,
  legal: readonly TroubadourMove[] = legalActions(state, player),
): NobleUse[] {
  if (state.phase !== "play") return [];
  const trio = state.picks[player] ?? null;
  const active = activePlayer(state) === player;
  return POWERS.filter((power) => trioHas(trio, POWER_NOBLES[power])).map((power) => ({
    power,
    unavailable: active ? (powerError(state, player, power)?.key ?? null) : "core.notYourTurn",
    moves: legal.filter((move) => powerOf(move) === power),
  }));
}
