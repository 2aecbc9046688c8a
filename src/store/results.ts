import type { Outcome, ScoreSpec } from "../engine/core/game.js";
import type { Db, Queries } from "./db.js";
import { type EndReason, type GameRecord, type HistoryRow, isHuman, type ResultRecord } from "./records.js";

/** Ended games' results, credited to the people who played them: history, stats and leaderboards. */
export class ResultRepository {
  constructor(private readonly db: Db) {}

  /** Records the result of `game`, ended at `at`; inside the transaction that ends it. */
  async record(
    tx: Queries,
    game: GameRecord,
    status: "finished" | "abandoned",
    outcome: Outcome | null,
    reason: EndReason,
    at: number,
  ): Promise<void> {
    const gameId = game.id;
    await tx
      .sql(
        "INSERT INTO results (game_id, game_type, guild_id, status, score, summary, finished_at, bot_seats) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        gameId,
        game.gameType,
        game.guildId,
        status,
        outcome?.score ?? null,
        outcome ? JSON.stringify(outcome.summary) : JSON.stringify(reason),
        at,
        game.players.filter((p) => p.kind === "bot").length,
      );
    // Results follow the people: each seat is credited to the member who held it last (for a
    // stand-in's seat, the one who left it).
    const holders = new Map(
      (
        (await tx
          .sql(
            `SELECT user_id AS "seatId", COALESCE(member_id, user_id) AS "memberId" FROM game_players WHERE game_id = ?`,
          )
          .all(gameId)) as { seatId: string; memberId: string }[]
      ).map((h) => [h.seatId, h.memberId]),
    );
    // People's own seats first: a member who left one seat and later took over another is credited
    // with the one they played to the end.
    const credited = [...game.players.filter(isHuman), ...game.players.filter((p) => !isHuman(p))];
    for (const p of credited) {
      // A robot's own seat has no player to credit; a leaver's seat counts as left for the leaver.
      if (p.kind === "bot" && p.standsInFor === null) continue;
      const r = outcome?.results[p.userId];
      await tx
        .sql(
          "INSERT INTO result_players (game_id, user_id, result, score) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .run(
          gameId,
          holders.get(p.userId) ?? p.userId,
          p.kind === "bot" ? "left" : (r?.result ?? "abandoned"),
          p.kind === "bot" ? null : (r?.score ?? null),
        );
    }
    // Who handed a seat over: the game stays in their history (a member credited above keeps that).
    await tx
      .sql(
        `INSERT INTO result_players (game_id, user_id, result, score)
           SELECT game_id, member_id, 'handed', NULL FROM seat_handovers WHERE game_id = ? ON CONFLICT DO NOTHING`,
      )
      .run(gameId);
  }

  async getResult(gameId: number): Promise<ResultRecord | undefined> {
    const row = (await this.db
      .sql(
        `SELECT game_id AS "gameId", game_type AS "gameType", status, score, summary, finished_at AS "finishedAt" FROM results WHERE game_id = ?`,
      )
      .get(gameId)) as Omit<ResultRecord, "players"> | undefined;
    if (!row) return undefined;
    const players = (await this.db
      .sql(`SELECT user_id AS "userId", result, score FROM result_players WHERE game_id = ?`)
      .all(gameId)) as ResultRecord["players"];
    return { ...row, players };
  }

  /**
   * Per game type: how many games the user finished, won and left to a robot, how many had robots at
   * the table, and their best score, the right way round for each game (`scores`: each game's
   * score spec; a game without one has no best).
   */
  async statsForUser(
    userId: string,
    scores: Readonly<Record<string, ScoreSpec>>,
  ): Promise<
    {
      gameType: string;
      played: number;
      won: number;
      left: number;
      withRobots: number;
      best: number | null;
    }[]
  > {
    const rows = (await this.db
      .sql(
        `SELECT r.game_type AS "gameType", COUNT(*) AS played,
                  SUM(CASE WHEN rp.result = 'win' THEN 1 ELSE 0 END) AS won,
                  SUM(CASE WHEN rp.result = 'left' THEN 1 ELSE 0 END) AS "left",
                  SUM(CASE WHEN r.bot_seats > 0 THEN 1 ELSE 0 END) AS "withRobots",
                  MIN(rp.score) AS lowest, MAX(rp.score) AS highest
           FROM result_players rp JOIN results r ON r.game_id = rp.game_id
           WHERE rp.user_id = ? AND r.status = 'finished' AND rp.result <> 'handed'
           GROUP BY r.game_type ORDER BY r.game_type`,
      )
      .all(userId)) as {
      gameType: string;
      played: number;
      won: number;
      left: number;
      withRobots: number;
      lowest: number | null;
      highest: number | null;
    }[];
    return rows.map(({ gameType, played, won, left, withRobots, lowest, highest }) => {
      const better = scores[gameType]?.better;
      return {
        gameType,
        played,
        won,
        left,
        withRobots,
        best: better === "higher" ? highest : better === "lower" ? lowest : null,
      };
    });
  }

  /**
   * The user's ended games with their own result, newest first: `result` is the engine's (`win`,
   * `loss`, `draw`), `left` (a robot played their seat on), `handed` (they handed their seat to
   * another member) or `abandoned` (ended before its finish).
   */
  async historyForUser(userId: string, limit: number): Promise<HistoryRow[]> {
    const rows = (await this.db
      .sql(
        `SELECT r.game_id AS "gameId", r.game_type AS "gameType", r.guild_id AS "guildId", r.status,
                r.finished_at AS "finishedAt", rp.result, rp.score, r.bot_seats AS "robotSeats", g.end_reason AS "endReason"
           FROM result_players rp JOIN results r ON r.game_id = rp.game_id JOIN games g ON g.id = r.game_id
           WHERE rp.user_id = ? ORDER BY r.finished_at DESC, r.game_id DESC LIMIT ?`,
      )
      .all(userId, limit)) as (Omit<HistoryRow, "endReason"> & { endReason: string | null })[];
    return rows.map((r) => ({
      ...r,
      endReason: r.endReason === null ? null : (JSON.parse(r.endReason) as EndReason),
    }));
  }

  /**
   * A server's leaderboard: per game type, its `top` players of finished games, most wins first,
   * then the best win rate (fewer games for as many wins), in rank order.
   */
  async leaderboard(
    guildId: string,
    top: number,
  ): Promise<{ gameType: string; userId: string; played: number; won: number }[]> {
    return (await this.db
      .sql(
        `SELECT "gameType", "userId", played, won FROM (
           SELECT r.game_type AS "gameType", rp.user_id AS "userId", COUNT(*) AS played,
                  SUM(CASE WHEN rp.result = 'win' THEN 1 ELSE 0 END) AS won,
                  ROW_NUMBER() OVER (PARTITION BY r.game_type
                    ORDER BY SUM(CASE WHEN rp.result = 'win' THEN 1 ELSE 0 END) DESC,
                      SUM(CASE WHEN rp.result = 'win' THEN 1 ELSE 0 END) * 1.0 / COUNT(*) DESC, rp.user_id) AS rank
             FROM result_players rp JOIN results r ON r.game_id = rp.game_id
             WHERE r.guild_id = ? AND r.status = 'finished' AND rp.result <> 'handed'
             GROUP BY r.game_type, rp.user_id) AS ranked
         WHERE rank <= ? ORDER BY "gameType", rank`,
      )
      .all(guildId, top)) as { gameType: string; userId: string; played: number; won: number }[];
  }
}
