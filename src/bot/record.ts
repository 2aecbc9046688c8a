import type { AnyEngine, GameEvent } from "../engine/core/game.js";
import { replayMoves } from "../engine/core/undo.js";
import type { GameRecord } from "../store/store.js";

/**
 * A game's public record, found by replaying its stored moves from the seed: the events each move
 * caused, exactly as the channel saw them (a take-back says what it took back). Moves that caused
 * none (a Troubadour pick changed before the reveal) stay out, so the record shows nothing the
 * table did not. A move stored by an older release that no longer replays ends the record there.
 */
export function replayEvents(
  engine: AnyEngine,
  game: GameRecord,
  moves: readonly { seq: number; userId: string; move: unknown }[],
): { seq: number; events: GameEvent[] }[] {
  const record: { seq: number; events: GameEvent[] }[] = [];
  replayMoves(engine, setupOf(engine, game), moves, (m, _state, events) => {
    if (events.length > 0) record.push({ seq: m.seq, events });
  });
  return record;
}

/**
 * The game's state right after the stored move `version` (its set-up state before any), or null if
 * it no longer replays. A take-back up to `version` counts: its move no longer stands.
 */
export function stateAt(
  engine: AnyEngine,
  game: GameRecord,
  moves: readonly { seq: number; userId: string; move: unknown }[],
  version: number,
): unknown {
  return replayMoves(
    engine,
    setupOf(engine, game),
    moves.filter((m) => m.seq <= version),
  );
}

/** The game's state before any move. */
export function setupOf(engine: AnyEngine, game: GameRecord): unknown {
  return engine.setup(
    game.players.map((p) => p.userId),
    game.options,
    game.seed,
  );
}

/** Only the kind of a move, for log lines: its values could be private. */
export function moveKind(move: unknown): string {
  return typeof move === "object" && move !== null && "type" in move ? String(move.type) : "move";
}
