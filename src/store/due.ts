import {
  type Db,
  EVERY_ROW,
  guildParam,
  indexedBy,
  inGuilds,
  jsonField,
  jsonList,
  jsonRows,
  limitOf,
  type Page,
} from "./db.js";
import type { DueRow } from "./settings.js";

/** The column list that reads a due row as a `DueRow`. */
const DUE_COLUMNS = `game_id AS "gameId", guild_id AS "guildId", seat_id AS "seatId", kind, version, due_at AS "dueAt"`;

/**
 * The scheduler's queue: each timed thing (turn notice, reminder, turn timer) owed one seat of one
 * game at one version, kept once handled so nothing is sent twice; and which game versions it planned.
 */
export class DueRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /**
   * Active games whose current version the scheduler has not planned yet (after a restart, or a
   * change it missed) and the version to plan, in id order, a page at a time (found through their
   * own index, so a page costs what it holds however many games are planned). The planner reads
   * each game when it comes to it. `guildIds` keeps a shard to its own guilds' games (filtered in SQL).
   */
  async gamesToPlan(
    guildIds?: readonly string[],
    page: Page = EVERY_ROW,
  ): Promise<{ id: number; version: number }[]> {
    return (await this.db
      .sql(
        // The planner would walk every active game by status; this index holds only those to plan.
        `SELECT g.id, g.version FROM games g${indexedBy(this.db, "games_to_plan")} WHERE g.status = 'active'
         AND (g.reminded_version IS NULL OR g.reminded_version <> g.version)
         AND g.id > ?${inGuilds(this.db, guildIds)} ORDER BY g.id LIMIT ?`,
      )
      .all(page.after, ...guildParam(guildIds), limitOf(this.db, page))) as { id: number; version: number }[];
  }

  /** The scheduler planned the timed things of this version of the game. */
  async markPlanned(gameId: number, version: number): Promise<void> {
    await this.db.sql("UPDATE games SET reminded_version = ? WHERE id = ?").run(version, gameId);
  }

  /**
   * Owes these timed things (or records them as handled already, `done`); one that is already owed
   * or was handled for the same seat, kind and version is left as it is, so rescheduling after a
   * restart never sends anything twice.
   */
  schedule(rows: readonly (DueRow & { done?: boolean })[]): Promise<void> {
    return this.plan(rows, []);
  }

  /** Every timed thing kept for a game (its current and last planned versions), with whether it was handled. */
  async dueOf(gameId: number): Promise<(DueRow & { done: boolean })[]> {
    return (
      (await this.db
        .sql(
          `SELECT ${DUE_COLUMNS}, CASE WHEN done_at IS NULL THEN 0 ELSE 1 END AS done FROM due WHERE game_id = ?`,
        )
        .all(gameId)) as (DueRow & { done: number })[]
    ).map((r) => ({ ...r, done: r.done === 1 }));
  }

  /** Every timed thing kept for these games, with whether it was handled: one query for many games. */
  async dueOfGames(gameIds: readonly number[]): Promise<(DueRow & { done: boolean })[]> {
    if (gameIds.length === 0) return [];
    return (
      (await this.db
        .sql(
          `SELECT ${DUE_COLUMNS}, CASE WHEN done_at IS NULL THEN 0 ELSE 1 END AS done FROM due
             WHERE game_id IN (${jsonList(this.db, "ids")})`,
        )
        .all(JSON.stringify(gameIds))) as (DueRow & { done: number })[]
    ).map((r) => ({ ...r, done: r.done === 1 }));
  }

  /**
   * Writes what the scheduler planned for many game versions at once: the timed things owed (one
   * already kept is left as it is), each game's rows of versions before `keepFrom` forgotten, and
   * each `planned` version marked planned. One statement on PostgreSQL, so planning the changes of
   * many clicks costs one round trip.
   */
  async plan(
    rows: readonly (DueRow & { done?: boolean })[],
    games: readonly { gameId: number; keepFrom: number; planned: number | null }[],
  ): Promise<void> {
    if (rows.length === 0 && games.length === 0) return;
    // One entry per game (the last given), and no row the same call prunes: the same on both databases.
    const byGame = new Map(games.map((g) => [g.gameId, g]));
    const kept = rows.filter((r) => r.version >= (byGame.get(r.gameId)?.keepFrom ?? r.version));
    const at = this.now();
    const due = JSON.stringify(
      kept.map((r) => ({
        gameId: r.gameId,
        guildId: r.guildId,
        seatId: r.seatId,
        kind: r.kind,
        version: r.version,
        dueAt: r.dueAt,
        doneAt: r.done ? at : null,
      })),
    );
    const planned = JSON.stringify([...byGame.values()]);
    const num = (key: string) => jsonField(this.db, key, true);
    const text = (key: string) => jsonField(this.db, key);
    const insert = `INSERT INTO due (game_id, guild_id, seat_id, kind, version, due_at, done_at)
      SELECT ${num("gameId")}, ${text("guildId")}, ${text("seatId")}, ${text("kind")}, ${num("version")},
             ${num("dueAt")}, ${num("doneAt")}
        FROM ${jsonRows(this.db)} WHERE true ON CONFLICT DO NOTHING`;
    // Led by the listed games through the due rows' key: a condition on each due row (EXISTS over
    // the list) read every row of every game, 0.4 s at 100,000 games, on every batch of clicks.
    const prune = `DELETE FROM due WHERE game_id IN (SELECT ${num("gameId")} FROM ${jsonRows(this.db)})
      AND version < (SELECT ${num("keepFrom")} FROM ${jsonRows(this.db)} WHERE ${num("gameId")} = due.game_id)`;
    const mark = `UPDATE games SET reminded_version = (SELECT ${num("planned")} FROM ${jsonRows(this.db)}
        WHERE ${num("gameId")} = games.id)
      WHERE id IN (SELECT ${num("gameId")} FROM ${jsonRows(this.db)} WHERE ${num("planned")} IS NOT NULL)`;
    if (this.db.dialect === "postgres") {
      // Each part sees the tables as they were before the statement: the rows inserted are of the
      // planned versions, never older than what is pruned.
      await this.db
        .sql(`WITH inserted AS (${insert} RETURNING 1), pruned AS (${prune} RETURNING 1) ${mark}`)
        .run(due, planned, planned, planned, planned);
      return;
    }
    await this.db.transaction(async (tx) => {
      await tx.sql(insert).run(due);
      await tx.sql(prune).run(planned, planned);
      await tx.sql(mark).run(planned, planned);
    });
  }

  /** Pending timed things of the seats a member holds as a person, in active games. */
  async pendingDueOfMember(memberId: string): Promise<DueRow[]> {
    return (await this.db
      .sql(
        `SELECT d.game_id AS "gameId", d.guild_id AS "guildId", d.seat_id AS "seatId", d.kind, d.version, d.due_at AS "dueAt"
           FROM due d JOIN game_players p ON p.game_id = d.game_id AND p.user_id = d.seat_id
           WHERE d.done_at IS NULL AND p.kind = 'human' AND COALESCE(p.member_id, p.user_id) = ?`,
      )
      .all(memberId)) as DueRow[];
  }

  /**
   * A server's settings changed: its games' pending reminders and timers are forgotten and the
   * games planned again. Handled ones stay, so nothing is sent twice.
   */
  unplanGuild(guildId: string): Promise<void> {
    return this.db.transaction(async (tx) => {
      await tx
        .sql("DELETE FROM due WHERE guild_id = ? AND done_at IS NULL AND kind IN ('reminder', 'timer')")
        .run(guildId);
      await tx
        .sql("UPDATE games SET reminded_version = NULL WHERE guild_id = ? AND status = 'active'")
        .run(guildId);
    });
  }

  /** Timed things due by `now` and not handled, of some guilds or all, soonest first. */
  async dueBy(now: number, guildIds?: readonly string[]): Promise<DueRow[]> {
    return (await this.db
      .sql(
        `SELECT ${DUE_COLUMNS} FROM due g WHERE done_at IS NULL AND due_at <= ?${inGuilds(this.db, guildIds)} ORDER BY due_at LIMIT 200`,
      )
      .all(now, ...guildParam(guildIds))) as DueRow[];
  }

  /** When the next pending timed thing falls due, of some guilds or all; null = none. */
  async nextDueAt(guildIds?: readonly string[]): Promise<number | null> {
    const row = (await this.db
      .sql(`SELECT MIN(due_at) AS at FROM due g WHERE done_at IS NULL${inGuilds(this.db, guildIds)}`)
      .get(...guildParam(guildIds))) as { at: number | null };
    return row.at;
  }

  /**
   * Records a timed thing as handled; true only for the one caller that changed it from owed, so
   * of two processes that found it due (two sessions of a shard in a rolling deploy) one sends it.
   */
  async markDone(row: DueRow): Promise<boolean> {
    return (
      (
        await this.db
          .sql(
            "UPDATE due SET done_at = ? WHERE game_id = ? AND seat_id = ? AND kind = ? AND version = ? AND done_at IS NULL",
          )
          .run(this.now(), row.gameId, row.seatId, row.kind, row.version)
      ).changes === 1
    );
  }

  /** Holds a timed thing back until `dueAt` (quiet hours, a player away). */
  async postpone(row: DueRow, dueAt: number): Promise<void> {
    await this.db
      .sql("UPDATE due SET due_at = ? WHERE game_id = ? AND seat_id = ? AND kind = ? AND version = ?")
      .run(dueAt, row.gameId, row.seatId, row.kind, row.version);
  }

  /** Forgets the timed things of a game's older versions (they can no longer fall due). */
  async pruneDue(gameId: number, version: number): Promise<void> {
    await this.db.sql("DELETE FROM due WHERE game_id = ? AND version < ?").run(gameId, version);
  }
}
