import type { AnyEngine, GameEvent } from "../engine/core/game.js";
import type { GameRecord } from "../store/store.js";

/**
 * A game's public record, found by replaying its stored moves from the seed: the events each move
 * caused, exactly as the channel saw them. Moves that caused none (a Troubadour pick changed
 * before the reveal) stay out, so the record shows nothing the table did not. A move stored by an
 * older release that no longer replays ends the record there.
 */
export function replayEvents(
  engine: AnyEngine,
  game: GameRecord,
  moves: readonly { seq: number; userId: string; move: unknown }[],
): { seq: number; events: GameEvent[] }[] {
  let state: unknown = engine.setup(
    game.players.map((p) => p.userId),
    game.options,
    game.seed,
  );
  const record: { seq: number; events: GameEvent[] }[] = [];
  for (const m of moves) {
    const result = engine.apply(state, m.userId, m.move);
    if (!result.ok) break;
    state = result.state;
    if (result.events.length > 0) record.push({ seq: m.seq, events: result.events });
  }
  return record;
}

/** The game's state right after the stored move `version` (its set-up state before any), or null if it no longer replays. */
export function stateAt(
  engine: AnyEngine,
  game: GameRecord,
  moves: readonly { seq: number; userId: string; move: unknown }[],
  version: number,
): unknown {
  let state: unknown = engine.setup(
    game.players.map((p) => p.userId),
    game.options,
    game.seed,
  );
  for (const m of moves) {
    if (m.seq > version) break;
    const result = engine.apply(state, m.userId, m.move);
    if (!result.ok) return null;
    state = result.state;
  }
  return state;
}

/** Only the kind of a move, for log lines: its values could be private. */
export function moveKind(move: unknown): string {
  return typeof move === "object" && move !== null && "type" in move ? String(move.type) : "move";
}
