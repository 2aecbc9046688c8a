import { ordinal, rate, rating } from "openskill";
import type { AnyEngine, PlayerId, Side } from "../engine/core/game.js";
import { type Db, forUpdate, jsonList, type Queries } from "./db.js";
import { type GameRecord, isHuman, memberOf } from "./records.js";

/** The scope of a player's rating across every server; any other scope is one server's id. */
export const EVERYWHERE = "*";

/** A rating is provisional until its player has played this many rated games of it in its scope. */
export const PROVISIONAL_GAMES = 10;

/** How many of a player's last rated games the trend looks back over. */
export const TREND_GAMES = 5;

/**
 * The rating players see: 1000 + 40 × the ordinal (mu − 3σ, the skill the method is nearly sure
 * of), rounded. A newcomer (mu 25, σ 25/3) shows 1000, and ten points are a quarter of a point of
 * skill: whole numbers that still tell close players apart, in the range people know from chess.
 */
export function shownRating(skill: { mu: number; sigma: number }): number {
  return shownOrdinal(ordinal(skill));
}

function shownOrdinal(ordinal: number): number {
  return Math.round(1000 + 40 * ordinal);
}

/** A player's rating in one game and scope, as a board or `/stats me` shows it. */
export interface PlayerRating {
  gameType: string;
  scope: string;
  userId: string;
  /** The player's display name as last seen in a rated game. */
  name: string;
  mu: number;
  sigma: number;
  /** Rated games of this game in this scope. */
  games: number;
  /** `shownRating` now. */
  rating: number;
  provisional: boolean;
  /** The shown rating's change over the player's last `TREND_GAMES` rated games (fewer when they have played fewer). */
  trend: number;
}

interface RatingRow {
  gameType: string;
  scope: string;
  userId: string;
  name: string;
  mu: number;
  sigma: number;
  games: number;
  trendFrom: number | null;
}

/**
 * The ratings as rows (`SELECT … FROM`), each with the ordinal its player had before the oldest of
 * their last `TREND_GAMES` rated games: where the trend starts.
 */
const RATINGS_WITH_TREND = `r.game_type AS "gameType", r.scope, r.user_id AS "userId", r.display_name AS name,
  r.mu, r.sigma, r.games, c.ordinal_before AS "trendFrom"
  FROM ratings r LEFT JOIN rating_changes c ON c.game_type = r.game_type AND c.scope = r.scope
    AND c.user_id = r.user_id AND c.games = CASE WHEN r.games > ${TREND_GAMES} THEN r.games - ${TREND_GAMES - 1} ELSE 1 END`;

function playerRating(row: RatingRow): PlayerRating {
  const shown = shownRating(row);
  const { trendFrom, ...rest } = row;
  return {
    ...rest,
    rating: shown,
    provisional: row.games < PROVISIONAL_GAMES,
    trend: trendFrom === null ? 0 : shown - shownOrdinal(trendFrom),
  };
}

/**
 * Players' ratings (OpenSkill's Weng-Lin method, Plackett-Luce model) per game type, in each server
 * and across all of them. A finished game of a rated game (its engine tells its sides) changes them
 * in the transaction that records its result.
 */
export class RatingRepository {
  constructor(
    private readonly db: Db,
    private readonly engines: Readonly<Record<string, AnyEngine>>,
  ) {}

  /** The people at an ended game were last seen under their names there: their ratings show those. */
  async noteNames(tx: Queries, game: GameRecord): Promise<void> {
    const rename = tx.sql("UPDATE ratings SET display_name = ? WHERE user_id = ? AND display_name <> ?");
    // In one order for every game: two games ending at once lock the same players' rows alike.
    const seats = game.players
      .map((seat) => ({ member: memberOf(seat), name: seat.displayName }))
      .filter((seat): seat is { member: string; name: string } => seat.member !== null)
      .sort((a, b) => (a.member < b.member ? -1 : a.member > b.member ? 1 : 0));
    for (const { member, name } of seats) await rename.run(name, member, name);
  }

  /**
   * Rates `game`, finished at `at`, among the people who played their own seat to its end: a
   * robot's seat (from the start, or a leaver's) and a seat handed to another member count for
   * nobody. A game with fewer than two sides that have such people changes no rating.
   */
  async rate(tx: Queries, game: GameRecord, at: number): Promise<void> {
    const sides = this.engines[game.gameType]?.sides?.(game.state);
    if (!sides) return;
    // A seat that changed hands, even if it came back to its first holder, was not one person's play.
    const handed = new Set(
      (
        (await tx
          .sql(`SELECT member_id AS "memberId" FROM seat_handovers WHERE game_id = ?`)
          .all(game.id)) as { memberId: string }[]
      ).map((h) => h.memberId),
    );
    const names = new Map(
      game.players
        .filter((p) => isHuman(p) && p.memberId === p.userId && !handed.has(p.userId))
        .map((p) => [p.userId, p.displayName]),
    );
    const rated = sides
      .map((side) => ({ place: side.place, players: side.players.filter((p) => names.has(p)) }))
      .filter((side) => side.players.length > 0);
    if (rated.length < 2) return;
    for (const scope of [game.guildId, EVERYWHERE]) await this.#rateIn(tx, game, scope, rated, names, at);
  }

  async #rateIn(
    tx: Queries,
    game: GameRecord,
    scope: string,
    sides: readonly Side[],
    names: ReadonlyMap<PlayerId, string>,
    at: number,
  ): Promise<void> {
    // Sorted, so two games ending at once lock their players' rows in the same order.
    const userIds = sides.flatMap((side) => side.players).sort();
    const fresh = rating();
    const add = tx.sql(
      "INSERT INTO ratings (game_type, scope, user_id, mu, sigma, games, display_name, updated_at) VALUES (?, ?, ?, ?, ?, 0, ?, ?) ON CONFLICT DO NOTHING",
    );
    for (const userId of userIds)
      await add.run(game.gameType, scope, userId, fresh.mu, fresh.sigma, names.get(userId), at);
    const rows = (await tx
      .sql(
        `SELECT user_id AS "userId", mu, sigma, games FROM ratings
           WHERE game_type = ? AND scope = ? AND user_id IN (${jsonList(tx)}) ORDER BY user_id${forUpdate(tx)}`,
      )
      .all(game.gameType, scope, JSON.stringify(userIds))) as {
      userId: string;
      mu: number;
      sigma: number;
      games: number;
    }[];
    const before = new Map(rows.map((row) => [row.userId, row]));
    const teams = sides.map((side) => side.players.map((p) => before.get(p)!));
    const after = rate(
      teams.map((team) => team.map(({ mu, sigma }) => ({ mu, sigma }))),
      { rank: sides.map((side) => side.place) },
    );
    const update = tx.sql(
      "UPDATE ratings SET mu = ?, sigma = ?, games = ?, display_name = ?, updated_at = ? WHERE game_type = ? AND scope = ? AND user_id = ?",
    );
    const change = tx.sql(
      "INSERT INTO rating_changes (game_type, scope, user_id, games, game_id, ordinal_before) VALUES (?, ?, ?, ?, ?, ?)",
    );
    for (const [i, team] of teams.entries()) {
      for (const [j, old] of team.entries()) {
        const now = after[i]![j]!;
        const games = old.games + 1;
        await update.run(
          now.mu,
          now.sigma,
          games,
          names.get(old.userId),
          at,
          game.gameType,
          scope,
          old.userId,
        );
        await change.run(game.gameType, scope, old.userId, games, game.id, ordinal(old));
      }
    }
  }

  /** A game's board in one scope: its `limit` best rated players, by ordinal, highest first. */
  async board(gameType: string, scope: string, limit: number): Promise<PlayerRating[]> {
    const rows = (await this.db
      .sql(
        `SELECT ${RATINGS_WITH_TREND} WHERE r.game_type = ? AND r.scope = ? AND r.games > 0
           ORDER BY r.mu - 3 * r.sigma DESC, r.games DESC, r.user_id LIMIT ?`,
      )
      .all(gameType, scope, limit)) as RatingRow[];
    return rows.map(playerRating);
  }

  /** The user's ratings in this server (`guildId`, none outside one) and across every server, by game type. */
  async forUser(userId: string, guildId: string | null): Promise<PlayerRating[]> {
    const rows = (await this.db
      .sql(
        `SELECT ${RATINGS_WITH_TREND} WHERE r.user_id = ? AND r.scope IN (?, ?) AND r.games > 0
           ORDER BY r.game_type, CASE WHEN r.scope = ? THEN 1 ELSE 0 END`,
      )
      .all(userId, guildId ?? EVERYWHERE, EVERYWHERE, EVERYWHERE)) as RatingRow[];
    return rows.map(playerRating);
  }
}
