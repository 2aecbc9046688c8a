import type { GameEngine, PlayerId } from "../../src/engine/core/game.js";
import { type StoredMove, takeBack, UNDO_MOVE, type UndoRefusal } from "../../src/engine/core/undo.js";

/** A game played from `start` as the store keeps it: the state now and the stored moves, take-backs included. */
export class Played<S> {
  state: S;
  readonly moves: StoredMove[] = [];

  constructor(
    readonly engine: GameEngine<S, unknown, unknown, unknown>,
    readonly start: S,
  ) {
    this.state = start;
  }

  /** A move that must be legal. */
  play(player: PlayerId, move: unknown): this {
    const result = this.engine.apply(this.state, player, move);
    if (!result.ok) throw new Error(`move refused: ${result.error.key}`);
    this.state = result.state;
    this.moves.push({ userId: player, move });
    return this;
  }

  /** A take-back by `player`: the state it restores, or why it is refused (nothing changes then). */
  takeBack(player: PlayerId): { ok: true; state: S } | { ok: false; reason: UndoRefusal } {
    const taken = takeBack(this.engine, this.start, this.state, this.moves, player);
    if (!taken.ok) return taken;
    this.state = taken.state;
    this.moves.push({ userId: player, move: UNDO_MOVE });
    return { ok: true, state: taken.state };
  }

  /** Why a take-back by `player` is refused; fails when it is allowed. */
  refusal(player: PlayerId): UndoRefusal {
    const taken = this.takeBack(player);
    if (taken.ok) throw new Error("the take-back was allowed");
    return taken.reason;
  }
}
