import { RuleError } from "../engine/core/errors.js";
import type { GameEngine, Outcome, PlayerId } from "../engine/core/game.js";
import { moveToTakeBack, takeBack, takeBackBy, UNDO_MOVE, undoRefusalKey } from "../engine/core/undo.js";
import type { DailyRepository } from "./daily.js";
import { beforeDeadline, type Db, jsonField, jsonRows, type Queries } from "./db.js";
import { type GameGuard, type GameRepository, refusalOf } from "./games.js";
import type { RatingRepository } from "./ratings.js";
import {
  type EndReason,
  type GameRecord,
  type LobbyOutcome,
  type MoveOutcome,
  StoreUnavailableError,
} from "./records.js";
import type { ResultRepository } from "./results.js";
import { IN_LOBBY } from "./seats.js";
import { countMove } from "./tally.js";

/** How many games `hasMoves` remembers as moved. */
const REMEMBERED_GAMES = 100_000;

/** Only an open game (in its lobby or in play) can be ended; for any other there is no answer. */
const ENDABLE: GameGuard<undefined> = { status: ["lobby", "active"], refuse: () => undefined };

/** A game's play: its start, each move with its row, and its end with its result. */
export class MoveRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly games: GameRepository,
    private readonly results: ResultRepository,
    private readonly daily: DailyRepository,
    private readonly ratings: RatingRepository,
  ) {}

  /** The host starts: the engine's set-up state is stored and the game becomes active. */
  startGame(
    gameId: number,
    userId: string,
    engine: GameEngine<unknown, unknown, unknown, unknown>,
  ): Promise<LobbyOutcome> {
    return this.games.inGame(gameId, IN_LOBBY, async (game, tx): Promise<LobbyOutcome> => {
      if (game.hostId !== userId) return { ok: false, reason: "notHost" };
      if (game.players.length < engine.minPlayers) return { ok: false, reason: "tooFew" };
      const state = engine.setup(
        game.players.map((p) => p.userId),
        game.options,
        game.seed,
      );
      await tx
        .sql(
          "UPDATE games SET status = 'active', state = ?, state_version = ?, version = version + 1, updated_at = ? WHERE id = ?",
        )
        .run(JSON.stringify(state), engine.stateVersion, this.now(), gameId);
      const done = engine.outcome(state);
      if (done) await this.finish(tx, { ...game, state }, "finished", done, { kind: "finished" }, this.now());
      return { ok: true, game: (await this.games.getGame(gameId, { on: tx }))! };
    });
  }

  /**
   * One move, atomically: refuses a stale version (double clicks, old buttons), lets the engine
   * judge the move, then writes state, move row and version+1 together. `known`: the game as the
   * caller just read it, so a move costs one round trip to the database, not a read as well.
   *
   * The write is one statement that changes the game only while it is still at the version the
   * engine judged (compare and set): the row is locked for that statement alone, never while the
   * engine runs or a round trip is out, and another host's move to the same version makes this one
   * stale. A move that ends the game also records its result, in a transaction on the locked game.
   */
  async applyMove(
    gameId: number,
    userId: PlayerId,
    expectedVersion: number,
    move: unknown,
    engine: GameEngine<unknown, unknown, unknown, unknown>,
    known?: GameRecord,
  ): Promise<MoveOutcome> {
    const guard: GameGuard<MoveOutcome> = {
      status: ["active"],
      seat: userId,
      version: expectedVersion,
      refuse: (refusal) =>
        refusal.why === "notFound"
          ? { ok: false, reason: "notFound" }
          : { ok: false, reason: refusal.why === "status" ? "notActive" : refusal.why, game: refusal.game },
    };
    const game = known?.id === gameId ? known : await this.games.getGame(gameId);
    const refusal = refusalOf(game, guard);
    if (refusal) return guard.refuse(refusal);
    const judged = engine.apply(game!.state, userId, move);
    if (!judged.ok) return { ok: false, reason: "rule", error: judged.error, game: game! };
    const outcome = engine.outcome(judged.state);
    if (outcome) return this.#finishingMove(gameId, userId, guard, move, engine);
    const at = this.now();
    const version = expectedVersion + 1;
    const state = JSON.stringify(judged.state);
    const mayTakeBack = takeBackBy(engine, judged.state, userId, move);
    const made = { state, version, at, userId, move, seenAt: game!.updatedAt, takeBackBy: mayTakeBack };
    if (!(await this.#compareAndSet(gameId, expectedVersion, made, engine))) {
      // Another move came first (or the game ended, or the server answered too late): as it is now.
      const now = await this.games.getGame(gameId);
      const stillDue = now?.status === "active" && now.version === expectedVersion;
      // The seats changed at the same version (a stand-in): judged again on the game as it is.
      if (stillDue && now.updatedAt !== made.seenAt)
        return this.applyMove(gameId, userId, expectedVersion, move, engine, now);
      if (stillDue) throw new StoreUnavailableError("the database did not make the move in time");
      const why = refusalOf(now, guard);
      return why ? guard.refuse(why) : { ok: false, reason: "stale", game: now! };
    }
    countMove();
    this.#remember(gameId);
    // The state was read and written once: the new record is built here, not read back.
    const moved: GameRecord = {
      ...game!,
      state: judged.state,
      version,
      updatedAt: at,
      takeBackBy: mayTakeBack,
    };
    return { ok: true, game: moved, events: judged.events, outcome: null };
  }

  /**
   * Writes a move if the game is still active at `expected` and unchanged since it was read at
   * `seenAt` (a stand-in changes the seats, not the version); whether it did.
   */
  async #compareAndSet(
    gameId: number,
    expected: number,
    made: {
      state: string;
      version: number;
      at: number;
      userId: string;
      move: unknown;
      seenAt: number;
      takeBackBy: string | null;
    },
    engine: GameEngine<unknown, unknown, unknown, unknown>,
  ): Promise<boolean> {
    const late = beforeDeadline(this.db);
    const changeParams = [
      made.state,
      engine.stateVersion,
      made.version,
      made.at,
      made.takeBackBy,
      gameId,
      expected,
      made.seenAt,
    ];
    const moveParams = [made.userId, JSON.stringify(made.move)];
    if (this.db.dialect === "postgres") {
      // One statement, one round trip: the move row is written only when the game row was.
      const written = await this.db
        .sql(
          `WITH moved AS (
             UPDATE games SET state = ?, state_version = ?, version = ?, updated_at = ?, take_back_by = ?
               WHERE id = ? AND version = ? AND updated_at = ? AND status = 'active'${late.condition}
               RETURNING id, version, updated_at)
           INSERT INTO moves (game_id, seq, user_id, move, at)
             SELECT id, version, ?, ?, updated_at FROM moved`,
        )
        .run(...changeParams, ...late.params, ...moveParams);
      return written.changes === 1;
    }
    return this.db.transaction(async (tx) => {
      const changed = await tx
        .sql(
          "UPDATE games SET state = ?, state_version = ?, version = ?, updated_at = ?, take_back_by = ? WHERE id = ? AND version = ? AND updated_at = ? AND status = 'active'",
        )
        .run(...changeParams);
      if (changed.changes !== 1) return false;
      await tx
        .sql("INSERT INTO moves (game_id, seq, user_id, move, at) VALUES (?, ?, ?, ?, ?)")
        .run(gameId, made.version, ...moveParams, made.at);
      return true;
    });
  }

  /** The game's last move: judged again on the locked game, written with its result. */
  #finishingMove(
    gameId: number,
    userId: PlayerId,
    guard: GameGuard<MoveOutcome>,
    move: unknown,
    engine: GameEngine<unknown, unknown, unknown, unknown>,
  ): Promise<MoveOutcome> {
    return this.games.inGame(gameId, guard, async (game, tx): Promise<MoveOutcome> => {
      const result = engine.apply(game.state, userId, move);
      if (!result.ok) return { ok: false, reason: "rule", error: result.error, game };
      const at = this.now();
      const version = game.version + 1;
      await tx
        .sql(
          "UPDATE games SET state = ?, state_version = ?, version = ?, updated_at = ?, take_back_by = NULL WHERE id = ?",
        )
        .run(JSON.stringify(result.state), engine.stateVersion, version, at, gameId);
      await tx
        .sql("INSERT INTO moves (game_id, seq, user_id, move, at) VALUES (?, ?, ?, ?, ?)")
        .run(gameId, version, userId, JSON.stringify(move), at);
      const outcome = engine.outcome(result.state);
      const moved: GameRecord = { ...game, state: result.state, version, updatedAt: at, takeBackBy: null };
      const ended = outcome
        ? await this.finish(tx, moved, "finished", outcome, { kind: "finished" }, at)
        : moved;
      countMove();
      this.#remember(gameId);
      return { ok: true, game: ended, events: result.events, outcome };
    });
  }

  /**
   * `userId` takes back their latest move still standing, in one transaction on the locked game:
   * refused when stale, like a move, or when the game's rules do not allow it; else the state
   * before that move (found by replaying the moves that stand), an undo row and version+1 are
   * written together. The moves stay append-only.
   */
  takeBack(
    gameId: number,
    userId: PlayerId,
    expectedVersion: number,
    engine: GameEngine<unknown, unknown, unknown, unknown>,
  ): Promise<MoveOutcome> {
    const guard: GameGuard<MoveOutcome> = {
      status: ["active"],
      seat: userId,
      version: expectedVersion,
      refuse: (refusal) =>
        refusal.why === "notFound"
          ? { ok: false, reason: "notFound" }
          : { ok: false, reason: refusal.why === "status" ? "notActive" : refusal.why, game: refusal.game },
    };
    return this.games.inGame(gameId, guard, async (game, tx): Promise<MoveOutcome> => {
      const start = engine.setup(
        game.players.map((p) => p.userId),
        game.options,
        game.seed,
      );
      const stored = await this.moves(gameId, tx);
      const taken = takeBack(engine, start, game.state, stored, userId);
      if (!taken.ok) {
        return { ok: false, reason: "rule", error: new RuleError(undoRefusalKey(taken.reason)), game };
      }
      const at = this.now();
      const version = game.version + 1;
      // Whether the move now latest may be taken back too (one step further within the turn).
      const further = moveToTakeBack(engine, taken.state, [...stored, { userId, move: UNDO_MOVE }], userId);
      const next = further.ok ? userId : null;
      await tx
        .sql(
          "UPDATE games SET state = ?, state_version = ?, version = ?, updated_at = ?, take_back_by = ? WHERE id = ?",
        )
        .run(JSON.stringify(taken.state), engine.stateVersion, version, at, next, gameId);
      await tx
        .sql("INSERT INTO moves (game_id, seq, user_id, move, at) VALUES (?, ?, ?, ?, ?)")
        .run(gameId, version, userId, JSON.stringify(UNDO_MOVE), at);
      countMove();
      const moved: GameRecord = { ...game, state: taken.state, version, updatedAt: at, takeBackBy: next };
      return { ok: true, game: moved, events: taken.events, outcome: null };
    });
  }

  /** Ends an open game without a result of play (left, ended by host or admin). */
  abandon(gameId: number, reason: Exclude<EndReason, { kind: "finished" }>): Promise<GameRecord | undefined> {
    return this.games.inGame(gameId, ENDABLE, async (game, tx) => {
      if (game.status === "lobby") {
        await tx
          .sql("UPDATE games SET status = 'abandoned', version = version + 1, updated_at = ? WHERE id = ?")
          .run(this.now(), gameId);
      } else {
        await this.finish(tx, game, "abandoned", null, reason, this.now());
      }
      return this.games.getGame(gameId, { on: tx });
    });
  }

  /** Ends `game` at `at` and records its result; returns the record as it now is. */
  private async finish(
    tx: Queries,
    game: GameRecord,
    status: "finished" | "abandoned",
    outcome: Outcome | null,
    reason: EndReason,
    at: number,
  ): Promise<GameRecord> {
    await tx
      .sql("UPDATE games SET status = ?, end_reason = ?, version = version + ?, updated_at = ? WHERE id = ?")
      .run(status, JSON.stringify(reason), status === "abandoned" ? 1 : 0, at, game.id);
    await this.results.record(tx, game, status, outcome, reason, at);
    await this.daily.recordEnd(tx, game, outcome, at);
    await this.ratings.noteNames(tx, game);
    // Only a game played to its finish is rated: an abandoned one (left, ended, timed out) is not.
    if (status === "finished") await this.ratings.rate(tx, game, at);
    const version = game.version + (status === "abandoned" ? 1 : 0);
    return { ...game, status, endReason: reason, version, updatedAt: at };
  }

  /**
   * Whether anyone has moved in the game since it started. Once true it stays true (moves are never
   * taken back from the store), so this process remembers the games it knows moved and asks the
   * database only about the others: every table shows it.
   */
  async hasMoves(gameId: number): Promise<boolean> {
    if (this.#moved.has(gameId)) return true;
    const moved =
      (await this.db.sql("SELECT 1 FROM moves WHERE game_id = ? LIMIT 1").get(gameId)) !== undefined;
    if (moved) this.#remember(gameId);
    return moved;
  }

  /** Games known to have moves: a bounded memory, forgotten whole when full (a query answers again). */
  readonly #moved = new Set<number>();

  #remember(gameId: number): void {
    if (this.#moved.size >= REMEMBERED_GAMES) this.#moved.clear();
    this.#moved.add(gameId);
  }

  /** The move that took the game to `version`, and who made it (double clicks are told apart from stale ones). */
  async moveAt(gameId: number, version: number): Promise<{ userId: string; move: unknown } | undefined> {
    const row = (await this.db
      .sql(`SELECT user_id AS "userId", move FROM moves WHERE game_id = ? AND seq = ?`)
      .get(gameId, version)) as { userId: string; move: string } | undefined;
    return row && { userId: row.userId, move: JSON.parse(row.move) };
  }

  /** Who made each of these game versions (a version a move did not make is left out): one query for many games. */
  async moversOf(versions: readonly { gameId: number; version: number }[]): Promise<Map<number, string>> {
    if (versions.length === 0) return new Map();
    const rows = (await this.db
      .sql(
        `SELECT m.game_id AS "gameId", m.user_id AS "userId" FROM moves m
           JOIN ${jsonRows(this.db)} ON m.game_id = ${jsonField(this.db, "gameId", true)}
             AND m.seq = ${jsonField(this.db, "version", true)}`,
      )
      .all(JSON.stringify(versions))) as { gameId: number; userId: string }[];
    return new Map(rows.map((r) => [r.gameId, r.userId]));
  }

  async moves(
    gameId: number,
    on: Queries = this.db,
  ): Promise<{ seq: number; userId: string; move: unknown; at: number }[]> {
    return (
      (await on
        .sql(`SELECT seq, user_id AS "userId", move, at FROM moves WHERE game_id = ? ORDER BY seq`)
        .all(gameId)) as { seq: number; userId: string; move: string; at: number }[]
    ).map((m) => ({ ...m, move: JSON.parse(m.move) }));
  }
}
