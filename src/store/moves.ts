import type { GameEngine, Outcome, PlayerId } from "../engine/core/game.js";
import type { Db } from "./db.js";
import type { GameGuard, GameRepository } from "./games.js";
import type { EndReason, GameRecord, LobbyOutcome, MoveOutcome } from "./records.js";
import type { ResultRepository } from "./results.js";
import { IN_LOBBY } from "./seats.js";

/** Only an open game (in its lobby or in play) can be ended; for any other there is no answer. */
const ENDABLE: GameGuard<undefined> = { status: ["lobby", "active"], refuse: () => undefined };

/** A game's play: its start, each move with its row, and its end with its result. */
export class MoveRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly games: GameRepository,
    private readonly results: ResultRepository,
  ) {}

  /** The host starts: the engine's set-up state is stored and the game becomes active. */
  startGame(
    gameId: number,
    userId: string,
    engine: GameEngine<unknown, unknown, unknown, unknown>,
  ): LobbyOutcome {
    return this.games.inGame(gameId, IN_LOBBY, (game): LobbyOutcome => {
      if (game.hostId !== userId) return { ok: false, reason: "notHost" };
      if (game.players.length < engine.minPlayers) return { ok: false, reason: "tooFew" };
      const state = engine.setup(
        game.players.map((p) => p.userId),
        game.options,
        game.seed,
      );
      this.db
        .sql(
          "UPDATE games SET status = 'active', state = ?, state_version = ?, version = version + 1, updated_at = ? WHERE id = ?",
        )
        .run(JSON.stringify(state), engine.stateVersion, this.now(), gameId);
      const done = engine.outcome(state);
      if (done) this.finish(game, "finished", done, { kind: "finished" }, this.now());
      return { ok: true, game: this.games.getGame(gameId)! };
    });
  }

  /**
   * One move, atomically: refuses a stale version (double clicks, old buttons), lets the engine
   * judge the move, then writes state, move row and version+1 in one transaction.
   */
  applyMove(
    gameId: number,
    userId: PlayerId,
    expectedVersion: number,
    move: unknown,
    engine: GameEngine<unknown, unknown, unknown, unknown>,
  ): MoveOutcome {
    const guard: GameGuard<MoveOutcome> = {
      status: ["active"],
      seat: userId,
      version: expectedVersion,
      refuse: (refusal) =>
        refusal.why === "notFound"
          ? { ok: false, reason: "notFound" }
          : { ok: false, reason: refusal.why === "status" ? "notActive" : refusal.why, game: refusal.game },
    };
    return this.games.inGame(gameId, guard, (game): MoveOutcome => {
      const result = engine.apply(game.state, userId, move);
      if (!result.ok) return { ok: false, reason: "rule", error: result.error, game };
      const at = this.now();
      const version = game.version + 1;
      this.db
        .sql("UPDATE games SET state = ?, state_version = ?, version = ?, updated_at = ? WHERE id = ?")
        .run(JSON.stringify(result.state), engine.stateVersion, version, at, gameId);
      this.db
        .sql("INSERT INTO moves (game_id, seq, user_id, move, at) VALUES (?, ?, ?, ?, ?)")
        .run(gameId, version, userId, JSON.stringify(move), at);
      const outcome = engine.outcome(result.state);
      // The state was read and written once: the new record is built here, not read back.
      const moved: GameRecord = { ...game, state: result.state, version, updatedAt: at };
      const ended = outcome ? this.finish(moved, "finished", outcome, { kind: "finished" }, at) : moved;
      return { ok: true, game: ended, events: result.events, outcome };
    });
  }

  /** Ends an open game without a result of play (left, ended by host or admin). */
  abandon(gameId: number, reason: Exclude<EndReason, { kind: "finished" }>): GameRecord | undefined {
    return this.games.inGame(gameId, ENDABLE, (game) => {
      if (game.status === "lobby") {
        this.db
          .sql("UPDATE games SET status = 'abandoned', version = version + 1, updated_at = ? WHERE id = ?")
          .run(this.now(), gameId);
      } else {
        this.finish(game, "abandoned", null, reason, this.now());
      }
      return this.games.getGame(gameId);
    });
  }

  /** Ends `game` at `at` and records its result; returns the record as it now is. */
  private finish(
    game: GameRecord,
    status: "finished" | "abandoned",
    outcome: Outcome | null,
    reason: EndReason,
    at: number,
  ): GameRecord {
    this.db
      .sql("UPDATE games SET status = ?, end_reason = ?, version = version + ?, updated_at = ? WHERE id = ?")
      .run(status, JSON.stringify(reason), status === "abandoned" ? 1 : 0, at, game.id);
    this.results.record(game, status, outcome, reason, at);
    const version = game.version + (status === "abandoned" ? 1 : 0);
    return { ...game, status, endReason: reason, version, updatedAt: at };
  }

  /** Whether anyone has moved in the game since it started. */
  hasMoves(gameId: number): boolean {
    return this.db.sql("SELECT 1 FROM moves WHERE game_id = ? LIMIT 1").get(gameId) !== undefined;
  }

  /** The move that took the game to `version`, and who made it (double clicks are told apart from stale ones). */
  moveAt(gameId: number, version: number): { userId: string; move: unknown } | undefined {
    const row = this.db
      .sql(`SELECT user_id AS "userId", move FROM moves WHERE game_id = ? AND seq = ?`)
      .get(gameId, version) as { userId: string; move: string } | undefined;
    return row && { userId: row.userId, move: JSON.parse(row.move) };
  }

  moves(gameId: number): { seq: number; userId: string; move: unknown; at: number }[] {
    return (
      this.db
        .sql(`SELECT seq, user_id AS "userId", move, at FROM moves WHERE game_id = ? ORDER BY seq`)
        .all(gameId) as { seq: number; userId: string; move: string; at: number }[]
    ).map((m) => ({ ...m, move: JSON.parse(m.move) }));
  }
}
