import { type Db, EVERY_ROW, guildParam, indexedBy, inGuilds, limitOf, type Page } from "./db.js";
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
  gamesToPlan(guildIds?: readonly string[], page: Page = EVERY_ROW): { id: number; version: number }[] {
    return this.db
      .sql(
        // The planner would walk every active game by status; this index holds only those to plan.
        `SELECT g.id, g.version FROM games g${indexedBy(this.db, "games_to_plan")} WHERE g.status = 'active'
         AND (g.reminded_version IS NULL OR g.reminded_version <> g.version)
         AND g.id > ?${inGuilds(this.db, guildIds)} ORDER BY g.id LIMIT ?`,
      )
      .all(page.after, ...guildParam(guildIds), limitOf(this.db, page)) as { id: number; version: number }[];
  }

  /** The scheduler planned the timed things of this version of the game. */
  markPlanned(gameId: number, version: number): void {
    this.db.sql("UPDATE games SET reminded_version = ? WHERE id = ?").run(version, gameId);
  }

  /**
   * Owes these timed things (or records them as handled already, `done`); one that is already owed
   * or was handled for the same seat, kind and version is left as it is, so rescheduling after a
   * restart never sends anything twice.
   */
  schedule(rows: readonly (DueRow & { done?: boolean })[]): void {
    const insert = this.db.sql(
      `INSERT INTO due (game_id, guild_id, seat_id, kind, version, due_at, done_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    );
    this.db.deferred(() => {
      for (const r of rows)
        insert.run(r.gameId, r.guildId, r.seatId, r.kind, r.version, r.dueAt, r.done ? this.now() : null);
    });
  }

  /** Every timed thing kept for a game (its current and last planned versions), with whether it was handled. */
  dueOf(gameId: number): (DueRow & { done: boolean })[] {
    return (
      this.db
        .sql(
          `SELECT ${DUE_COLUMNS}, CASE WHEN done_at IS NULL THEN 0 ELSE 1 END AS done FROM due WHERE game_id = ?`,
        )
        .all(gameId) as (DueRow & { done: number })[]
    ).map((r) => ({ ...r, done: r.done === 1 }));
  }

  /** Pending timed things of the seats a member holds as a person, in active games. */
  pendingDueOfMember(memberId: string): DueRow[] {
    return this.db
      .sql(
        `SELECT d.game_id AS "gameId", d.guild_id AS "guildId", d.seat_id AS "seatId", d.kind, d.version, d.due_at AS "dueAt"
           FROM due d JOIN game_players p ON p.game_id = d.game_id AND p.user_id = d.seat_id
           WHERE d.done_at IS NULL AND p.kind = 'human' AND COALESCE(p.member_id, p.user_id) = ?`,
      )
      .all(memberId) as DueRow[];
  }

  /**
   * A server's settings changed: its games' pending reminders and timers are forgotten and the
   * games planned again. Handled ones stay, so nothing is sent twice.
   */
  unplanGuild(guildId: string): void {
    this.db.deferred(() => {
      this.db
        .sql("DELETE FROM due WHERE guild_id = ? AND done_at IS NULL AND kind IN ('reminder', 'timer')")
        .run(guildId);
      this.db
        .sql("UPDATE games SET reminded_version = NULL WHERE guild_id = ? AND status = 'active'")
        .run(guildId);
    });
  }

  /** Timed things due by `now` and not handled, of some guilds or all, soonest first. */
  dueBy(now: number, guildIds?: readonly string[]): DueRow[] {
    return this.db
      .sql(
        `SELECT ${DUE_COLUMNS} FROM due g WHERE done_at IS NULL AND due_at <= ?${inGuilds(this.db, guildIds)} ORDER BY due_at LIMIT 200`,
      )
      .all(now, ...guildParam(guildIds)) as DueRow[];
  }

  /** When the next pending timed thing falls due, of some guilds or all; null = none. */
  nextDueAt(guildIds?: readonly string[]): number | null {
    const row = this.db
      .sql(`SELECT MIN(due_at) AS at FROM due g WHERE done_at IS NULL${inGuilds(this.db, guildIds)}`)
      .get(...guildParam(guildIds)) as { at: number | null };
    return row.at;
  }

  /**
   * Records a timed thing as handled; true only for the one caller that changed it from owed, so
   * of two processes that found it due (two sessions of a shard in a rolling deploy) one sends it.
   */
  markDone(row: DueRow): boolean {
    return (
      this.db
        .sql(
          "UPDATE due SET done_at = ? WHERE game_id = ? AND seat_id = ? AND kind = ? AND version = ? AND done_at IS NULL",
        )
        .run(this.now(), row.gameId, row.seatId, row.kind, row.version).changes === 1
    );
  }

  /** Holds a timed thing back until `dueAt` (quiet hours, a player away). */
  postpone(row: DueRow, dueAt: number): void {
    this.db
      .sql("UPDATE due SET due_at = ? WHERE game_id = ? AND seat_id = ? AND kind = ? AND version = ?")
      .run(dueAt, row.gameId, row.seatId, row.kind, row.version);
  }

  /** Forgets the timed things of a game's older versions (they can no longer fall due). */
  pruneDue(gameId: number, version: number): void {
    this.db.sql("DELETE FROM due WHERE game_id = ? AND version < ?").run(gameId, version);
  }
}
