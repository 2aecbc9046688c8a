import type { GameEngine, GameEvent, PlayerId } from "./game.js";

/**
 * Taking a move back. A take-back is stored as a move row of its own (`UNDO_MOVE`, by the player),
 * so the moves stay append-only and the game's version still rises. Every replay of stored moves
 * reads an undo row as removing that player's latest move still standing: `standingMoves` and
 * `replayMoves` are the one place that says so.
 */

/** The stored move of a take-back. No game has a move of this type. */
export const UNDO_MOVE = { type: "undo" } as const;

/** A stored move, as a replay reads it. */
export interface StoredMove {
  userId: PlayerId;
  move: unknown;
}

/** Why a move may not be taken back. */
export type UndoRefusal = "competitive" | "nothing" | "revealed" | "turnPassed" | "gameOver";

/** The catalog key of a refusal (`src/i18n/en/undo.ts`). */
export function undoRefusalKey(reason: UndoRefusal): string {
  return `undo.refused.${reason}`;
}

export function isUndo(move: unknown): boolean {
  return (
    typeof move === "object" &&
    move !== null &&
    (move as { type?: unknown }).type === UNDO_MOVE.type &&
    Object.keys(move).length === 1
  );
}

/** The moves still standing, in order: each undo row removes its player's latest standing move, and itself. */
export function standingMoves<T extends StoredMove>(moves: readonly T[]): T[] {
  const standing: T[] = [];
  for (const m of moves) {
    if (!isUndo(m.move)) {
      standing.push(m);
      continue;
    }
    const undone = standing.findLastIndex((s) => s.userId === m.userId);
    if (undone >= 0) standing.splice(undone, 1);
  }
  return standing;
}

/** What the table says of a take-back: one line per event of the move taken back. */
export function tookBackEvents(player: PlayerId, undone: readonly GameEvent[]): GameEvent[] {
  if (undone.length === 0) return [{ key: "undo.event.tookBackMove", params: { player } }];
  return undone.map((event) => {
    const params: Record<string, string | number> = { player, "move.key": event.key };
    for (const [name, value] of Object.entries(event.params ?? {})) params[`move.${name}`] = value;
    return { key: "undo.event.tookBack", params };
  });
}

/**
 * Replays stored moves from `start` in their stored order, undo rows included, calling `step`
 * after each with the state it left and the events the table saw (for an undo row: what was taken
 * back). Returns the final state, or null at a move that no longer replays (an older release's).
 */
export function replayMoves<S, T extends StoredMove>(
  engine: GameEngine<S, unknown, unknown, unknown>,
  start: S,
  moves: readonly T[],
  step: (move: T, state: S, events: GameEvent[]) => void = () => {},
): S | null {
  let state = start;
  const standing: { move: T; events: GameEvent[] }[] = [];
  for (const m of moves) {
    if (isUndo(m.move)) {
      const undone = standing.findLastIndex((s) => s.move.userId === m.userId);
      if (undone < 0) return null;
      const [taken] = standing.splice(undone, 1);
      // Rare, and only within a turn: the state before it is found again from the start.
      let again: S | null = start;
      for (const s of standing) {
        const result = engine.apply(again, s.move.userId, s.move.move);
        again = result.ok ? result.state : null;
        if (again === null) return null;
      }
      state = again;
      step(m, state, tookBackEvents(m.userId, taken?.events ?? []));
      continue;
    }
    const result = engine.apply(state, m.userId, m.move);
    if (!result.ok) return null;
    state = result.state;
    standing.push({ move: m, events: result.events });
    step(m, state, result.events);
  }
  return state;
}

/**
 * Who may take back the move `player` just made, which left `after`: that player when the game
 * goes on, they still act and the game's rule finds the move revealed nothing; else null.
 */
export function takeBackBy<S>(
  engine: GameEngine<S, unknown, unknown, unknown>,
  after: S,
  player: PlayerId,
  move: unknown,
): PlayerId | null {
  if (!engine.finality || engine.outcome(after) !== null || !engine.actors(after).includes(player))
    return null;
  return engine.finality(after, player, move) === "undoable" ? player : null;
}

/**
 * The move a take-back by `player` would remove, or why there is none: the game must allow taking
 * back and not be over, their move must be the latest still standing, they must still act, and
 * the game's own rule must find that the move revealed nothing and kept the turn. `current` is the
 * state that move left, so this needs no replay.
 */
export function moveToTakeBack<S, T extends StoredMove>(
  engine: GameEngine<S, unknown, unknown, unknown>,
  current: S,
  moves: readonly T[],
  player: PlayerId,
): { ok: true; move: T } | { ok: false; reason: UndoRefusal } {
  if (!engine.finality) return { ok: false, reason: "competitive" };
  if (engine.outcome(current) !== null) return { ok: false, reason: "gameOver" };
  const standing = standingMoves(moves);
  const last = standing.at(-1);
  if (last?.userId !== player) {
    const ownLater = standing.some((m) => m.userId === player);
    return { ok: false, reason: ownLater ? "turnPassed" : "nothing" };
  }
  if (!engine.actors(current).includes(player)) return { ok: false, reason: "turnPassed" };
  const finality = engine.finality(current, player, last.move);
  return finality === "undoable" ? { ok: true, move: last } : { ok: false, reason: finality };
}

/**
 * A take-back by `player` on the game at `current`, after the stored `moves` from `start`: the
 * state to restore (the one before their latest standing move) and what the table says, or why
 * not. The engine is deterministic, so the state before is found by replaying the moves that stand.
 */
export function takeBack<S, T extends StoredMove>(
  engine: GameEngine<S, unknown, unknown, unknown>,
  start: S,
  current: S,
  moves: readonly T[],
  player: PlayerId,
): { ok: true; state: S; events: GameEvent[] } | { ok: false; reason: UndoRefusal } {
  const found = moveToTakeBack(engine, current, moves, player);
  if (!found.ok) return found;
  const standing = standingMoves(moves);
  // A stored move that no longer replays (an older release's) leaves nothing to take back.
  let before: S | null = start;
  for (const m of standing.slice(0, -1)) {
    const result = engine.apply(before, m.userId, m.move);
    before = result.ok ? result.state : null;
    if (before === null) return { ok: false, reason: "nothing" };
  }
  const undone = engine.apply(before, player, found.move.move);
  if (!undone.ok) return { ok: false, reason: "nothing" };
  return { ok: true, state: before, events: tookBackEvents(player, undone.events) };
}
