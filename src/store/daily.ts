import type { GameEngine, GameOptions, Outcome, ScoreSpec } from "../engine/core/game.js";
import type { Db, Queries } from "./db.js";
import type { GameRepository } from "./games.js";
import type { GameRecord } from "./records.js";

/** One player's attempt at a day's deal of one game; `result` and the rest stay null while it is played. */
export interface DailyAttempt {
  day: string;
  gameType: string;
  userId: string;
  guildId: string;
  gameId: number;
  /** The engine's result for the player (`win`, `loss`, `draw`), or `abandoned` (left or ended: given up). */
  result: string | null;
  score: number | null;
  finishedAt: number | null;
}

/** An attempt on a server's board, with the name the player had at the table. */
export interface BoardAttempt extends DailyAttempt {
  displayName: string;
}

/** What starting an attempt needs: the deal (day, game, seed), where it is played, and who plays it. */
export interface DailyStart {
  day: string;
  gameType: string;
  guildId: string;
  channelId: string;
  seed: number;
  options: GameOptions;
  player: { userId: string; displayName: string };
  /** A robot partner in the second seat (the games for two). */
  robot: boolean;
}

const ATTEMPT_COLUMNS = `a.day, a.game_type AS "gameType", a.user_id AS "userId", a.guild_id AS "guildId",
  a.game_id AS "gameId", a.result, a.score, a.finished_at AS "finishedAt"`;

/** Thrown inside the start's transaction when another start of the same attempt came first: nothing is kept. */
class AttemptTaken extends Error {}

/** The daily deals' attempts: one scored attempt per player, day and game, across every server. */
export class DailyRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly games: GameRepository,
  ) {}

  async attempt(day: string, gameType: string, userId: string): Promise<DailyAttempt | undefined> {
    return (await this.db
      .sql(
        `SELECT ${ATTEMPT_COLUMNS} FROM daily_attempts a WHERE a.day = ? AND a.game_type = ? AND a.user_id = ?`,
      )
      .get(day, gameType, userId)) as DailyAttempt | undefined;
  }

  async ofGame(gameId: number): Promise<DailyAttempt | undefined> {
    return (await this.db
      .sql(`SELECT ${ATTEMPT_COLUMNS} FROM daily_attempts a WHERE a.game_id = ?`)
      .get(gameId)) as DailyAttempt | undefined;
  }

  /**
   * Starts the player's attempt: the game, already dealt and active, its seats (the player first,
   * then the robot partner) and the attempt, in one transaction. When the player already has this
   * attempt (made here before, or by another host at the same moment) nothing is stored and that
   * attempt is returned.
   */
  async start(
    input: DailyStart,
    engine: GameEngine<unknown, unknown, unknown, unknown>,
  ): Promise<{ ok: true; game: GameRecord } | { ok: false; attempt: DailyAttempt }> {
    const { day, gameType, player } = input;
    const known = await this.attempt(day, gameType, player.userId);
    if (known) return { ok: false, attempt: known };
    try {
      const game = await this.db.transaction(async (tx) => {
        const at = this.now();
        const seats = [player.userId, ...(input.robot ? [ROBOT_ID] : [])];
        const state = engine.setup(seats, input.options, input.seed);
        const { id } = (await tx
          .sql(
            `INSERT INTO games (guild_id, channel_id, game_type, options, seed, status, host_id, version, state, state_version, created_at, updated_at)
               VALUES (?, ?, ?, ?, ?, 'active', ?, 1, ?, ?, ?, ?) RETURNING id`,
          )
          .get(
            input.guildId,
            input.channelId,
            gameType,
            JSON.stringify(input.options),
            input.seed,
            player.userId,
            JSON.stringify(state),
            engine.stateVersion,
            at,
            at,
          )) as { id: number };
        await tx
          .sql("INSERT INTO game_players (game_id, seat, user_id, display_name) VALUES (?, 0, ?, ?)")
          .run(id, player.userId, player.displayName);
        if (input.robot)
          await tx
            .sql(
              "INSERT INTO game_players (game_id, seat, user_id, display_name, kind) VALUES (?, 1, ?, ?, 'bot')",
            )
            .run(id, ROBOT_ID, ROBOT_NAME);
        const claimed = await tx
          .sql(
            `INSERT INTO daily_attempts (day, game_type, user_id, guild_id, game_id)
               VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING game_id`,
          )
          .get(day, gameType, player.userId, input.guildId, id);
        if (!claimed) throw new AttemptTaken();
        return (await this.games.getGame(id, { on: tx }))!;
      });
      return { ok: true, game };
    } catch (err) {
      if (!(err instanceof AttemptTaken)) throw err;
      return { ok: false, attempt: (await this.attempt(day, gameType, player.userId))! };
    }
  }

  /**
   * Scores the attempt `game` is, if it is one, inside the transaction that ends it: the player's
   * result and score, or `abandoned` (given up) when it ended without an outcome.
   */
  async recordEnd(tx: Queries, game: GameRecord, outcome: Outcome | null, at: number): Promise<void> {
    const player = game.players.find((p) => p.seat === 0);
    const mine = player && outcome?.results[player.userId];
    await tx
      .sql(
        "UPDATE daily_attempts SET result = ?, score = ?, finished_at = ? WHERE game_id = ? AND finished_at IS NULL",
      )
      .run(mine?.result ?? "abandoned", mine?.score ?? null, at, game.id);
  }

  /**
   * A server's attempts at one day's deal of a game, best first: scored attempts by `score`'s
   * better way, then the earlier finish; then those given up; then those still being played.
   */
  async board(guildId: string, gameType: string, day: string, score: ScoreSpec): Promise<BoardAttempt[]> {
    const rows = (await this.db
      .sql(
        `SELECT ${ATTEMPT_COLUMNS}, p.display_name AS "displayName"
           FROM daily_attempts a JOIN game_players p ON p.game_id = a.game_id AND p.seat = 0
           WHERE a.guild_id = ? AND a.game_type = ? AND a.day = ?`,
      )
      .all(guildId, gameType, day)) as BoardAttempt[];
    const group = (a: BoardAttempt) => (a.finishedAt === null ? 2 : a.score === null ? 1 : 0);
    const sign = score.better === "higher" ? -1 : 1;
    return rows.sort(
      (a, b) =>
        group(a) - group(b) ||
        sign * ((a.score ?? 0) - (b.score ?? 0)) ||
        (a.finishedAt ?? 0) - (b.finishedAt ?? 0) ||
        a.gameId - b.gameId,
    );
  }
}

/** The robot partner's seat, named as a robot the host seats in a lobby is (`SeatRepository.addRobot`). */
const ROBOT_ID = "bot:1";
const ROBOT_NAME = "🤖 Bot 1";
