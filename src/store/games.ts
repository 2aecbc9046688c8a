import type { AnyEngine, GameOptions } from "../engine/core/game.js";
import {
  type Db,
  EVERY_ROW,
  forUpdate,
  guildParam,
  indexedBy,
  inGuilds,
  joinInOrder,
  jsonList,
  limitOf,
  type Page,
  type Queries,
} from "./db.js";
import type { EndReason, GameRecord, GameStatus, Seat } from "./records.js";

/** A row of the games table as SQLite returns it; listings of other repositories read these too. */
export interface GameRow {
  id: number;
  guild_id: string;
  channel_id: string;
  game_type: string;
  options: string;
  seed: number;
  status: GameStatus;
  host_id: string;
  version: number;
  state: string | null;
  state_version: number;
  end_reason: string | null;
  take_back_by: string | null;
  created_at: number;
  updated_at: number;
}

/** A seat as `Seat` has it; the member of a robot seat (a leaver's, kept for their result) is not its player. */
const SEAT_COLUMNS = `seat, user_id AS "userId",
  CASE kind WHEN 'human' THEN COALESCE(member_id, user_id) END AS "memberId",
  display_name AS "displayName", kind, stands_in_for AS "standsInFor"`;

/** Why a change to a game is refused before it starts; each change words it its own way. */
export type GameRefusal = { why: "notFound" } | { why: "status" | "notSeated" | "stale"; game: GameRecord };

/** What a change needs of its game, and its answer when the game is not so. */
export interface GameGuard<Refused> {
  /** The statuses the change applies in. */
  status: readonly GameStatus[];
  /** The seat that acts must be at the table. */
  seat?: string;
  /** The version the change was asked at (a button carries it); any other is stale. */
  version?: number;
  refuse: (refusal: GameRefusal) => Refused;
}

/** Why `game` is not as a change needs it (status, then seat, then version); null when it is. */
export function refusalOf(game: GameRecord | undefined, guard: GameGuard<unknown>): GameRefusal | null {
  if (!game) return { why: "notFound" };
  if (!guard.status.includes(game.status)) return { why: "status", game };
  if (guard.seat !== undefined && !game.players.some((p) => p.userId === guard.seat)) {
    return { why: "notSeated", game };
  }
  if (guard.version !== undefined && game.version !== guard.version) return { why: "stale", game };
  return null;
}

/** Games as records: reading them, listing them, and changing one inside its own transaction. */
export class GameRepository {
  /** Games left out of listings because their state could not be read, with why. */
  readonly unreadable = new Map<number, string>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly engines: Readonly<Record<string, AnyEngine>>,
  ) {}

  /**
   * Runs `body` on the game as it is now, in one write transaction: the game is read, checked
   * against `guard` (status, then seat, then version) and changed on `tx` with nothing in between.
   */
  inGame<T, Refused>(
    gameId: number,
    guard: GameGuard<Refused>,
    body: (game: GameRecord, tx: Queries) => Promise<T>,
  ): Promise<T | Refused> {
    return this.db.transaction(async (tx) => {
      const game = await this.getGame(gameId, { lock: true, on: tx });
      const refusal = refusalOf(game, guard);
      return refusal ? guard.refuse(refusal) : body(game!, tx);
    });
  }

  /** The game changed: its version moves on, so buttons drawn before are stale. */
  async bump(tx: Queries, id: number): Promise<void> {
    await tx.sql("UPDATE games SET version = version + 1, updated_at = ? WHERE id = ?").run(this.now(), id);
  }

  createLobby(input: {
    guildId: string;
    channelId: string;
    gameType: string;
    options: GameOptions;
    seed: number;
    host: { userId: string; displayName: string };
  }): Promise<{ ok: true; game: GameRecord } | { ok: false; reason: "channelBusy"; game: GameRecord }> {
    return this.db.transaction(async (tx) => {
      const existing = await this.openGameInChannel(input.channelId, tx);
      if (existing) return { ok: false as const, reason: "channelBusy" as const, game: existing };
      const at = this.now();
      // The channel's one open game is also a unique index: on PostgreSQL another host may have
      // opened one since the check above, and then this insert makes nothing.
      const inserted = (await tx
        .sql(
          `INSERT INTO games (guild_id, channel_id, game_type, options, seed, status, host_id, version, state, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, 'lobby', ?, 0, NULL, ?, ?) ON CONFLICT DO NOTHING RETURNING id`,
        )
        .get(
          input.guildId,
          input.channelId,
          input.gameType,
          JSON.stringify(input.options),
          input.seed,
          input.host.userId,
          at,
          at,
        )) as { id: number } | undefined;
      if (!inserted) {
        const taken = (await this.openGameInChannel(input.channelId, tx))!;
        return { ok: false as const, reason: "channelBusy" as const, game: taken };
      }
      const id = inserted.id;
      await tx
        .sql("INSERT INTO game_players (game_id, seat, user_id, display_name) VALUES (?, 0, ?, ?)")
        .run(id, input.host.userId, input.host.displayName);
      return { ok: true as const, game: (await this.getGame(id, { on: tx }))! };
    });
  }

  /**
   * The game with its seats, read in one query (a row per seat; the seat columns' names are not the
   * games table's): every click reads its game, and on PostgreSQL each query is a round trip.
   * `lock`: inside a transaction that changes the game, no other host may change it until that ends.
   * `on`: the transaction it is read in.
   */
  async getGame(id: number, options: { lock?: boolean; on?: Queries } = {}): Promise<GameRecord | undefined> {
    const on = options.on ?? this.db;
    const rows = (await on
      .sql(
        `SELECT g.*, ${SEAT_COLUMNS} FROM games g LEFT JOIN game_players p ON p.game_id = g.id
           WHERE g.id = ? ORDER BY p.seat${options.lock ? forUpdate(this.db, "g") : ""}`,
      )
      .all(id)) as (GameRow & Partial<Seat>)[];
    const first = rows[0];
    if (!first) return undefined;
    const players = rows
      .filter((row) => row.seat !== null && row.seat !== undefined)
      .map(({ seat, userId, memberId, displayName, kind, standsInFor }) => ({
        seat: seat!,
        userId: userId!,
        memberId: memberId ?? null,
        displayName: displayName!,
        kind: kind!,
        standsInFor: standsInFor ?? null,
      }));
    return this.toRecord(first, players);
  }

  async openGameInChannel(channelId: string, on: Queries = this.db): Promise<GameRecord | undefined> {
    const row = (await on
      .sql("SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')")
      .get(channelId)) as GameRow | undefined;
    return row && this.toRecord(row, await this.seats(row.id, on));
  }

  /** The channel's open game, else its most recently started one (a finished game's log is its record). */
  async latestGameInChannel(channelId: string): Promise<GameRecord | undefined> {
    const row = (await this.db
      .sql(
        `SELECT * FROM games WHERE channel_id = ? AND state IS NOT NULL
           ORDER BY status = 'active' DESC, id DESC LIMIT 1`,
      )
      .get(channelId)) as GameRow | undefined;
    return row && this.toRecord(row, await this.seats(row.id));
  }

  /** The channel's newest game that was played and has ended (a replay's default). */
  async latestEndedGameInChannel(channelId: string): Promise<GameRecord | undefined> {
    const row = (await this.db
      .sql(
        `SELECT * FROM games WHERE channel_id = ? AND state IS NOT NULL
           AND status IN ('finished', 'abandoned') ORDER BY id DESC LIMIT 1`,
      )
      .get(channelId)) as GameRow | undefined;
    return row && this.toRecord(row, await this.seats(row.id));
  }

  /** Open games (lobby or active) the user holds a seat in, newest first. */
  async openGamesForUser(userId: string): Promise<GameRecord[]> {
    const rows = (await this.db
      .sql(
        `SELECT g.* FROM games g JOIN game_players p ON p.game_id = g.id
           WHERE COALESCE(p.member_id, p.user_id) = ? AND p.kind = 'human' AND g.status IN ('lobby', 'active') ORDER BY g.updated_at DESC`,
      )
      .all(userId)) as GameRow[];
    return this.readable(rows);
  }

  /**
   * The ids of active games with a robot at the table (a robot may be due to move), of some guilds or
   * all, in id order, a page at a time (found from the robot seats' own index, not by reading every game).
   */
  async activeGameIdsWithRobots(guildIds?: readonly string[], page: Page = EVERY_ROW): Promise<number[]> {
    const rows = (await this.db
      .sql(
        // From the robot seats to their games (SQLite: CROSS JOIN keeps that order), not every active game.
        `SELECT DISTINCT p.game_id AS id FROM game_players p${indexedBy(this.db, "game_players_bots")}
           ${joinInOrder(this.db)} games g ON g.id = p.game_id
           WHERE p.kind = 'bot' AND p.game_id > ? AND g.status = 'active'${inGuilds(this.db, guildIds)}
           ORDER BY p.game_id LIMIT ?`,
      )
      .all(page.after, ...guildParam(guildIds), limitOf(this.db, page))) as { id: number }[];
    return rows.map((r) => r.id);
  }

  /** How many games of each type are being played now (types with none left out). */
  async activeGamesByType(): Promise<Map<string, number>> {
    const rows = (await this.db
      .sql(
        `SELECT game_type AS type, COUNT(*) AS n FROM games${indexedBy(this.db, "games_active_by_type")}
           WHERE status = 'active' GROUP BY game_type`,
      )
      .all()) as { type: string; n: number }[];
    return new Map(rows.map((row) => [row.type, row.n]));
  }

  /** The highest game id so far (0: none): a walk over the games by `IdSpan` ends there. */
  async lastGameId(): Promise<number> {
    return ((await this.db.sql("SELECT COALESCE(MAX(id), 0) AS id FROM games").get()) as { id: number }).id;
  }

  /**
   * Records for a listing. A game this code cannot read (a state written by a newer release during
   * a rolling deploy) is left out of lists, so it cannot stop reminders or repairs for every other
   * game; opening it on its own still says why.
   */
  async readable(rows: GameRow[]): Promise<GameRecord[]> {
    const records: GameRecord[] = [];
    if (rows.length === 0) return records;
    // Every listed game's players in one query, not one query per game.
    const seated = new Map<number, Seat[]>(rows.map((row) => [row.id, []]));
    const seats = (await this.db
      .sql(
        `SELECT game_id AS "gameId", ${SEAT_COLUMNS} FROM game_players
         WHERE game_id IN (${jsonList(this.db, "ids")}) ORDER BY game_id, seat`,
      )
      .all(JSON.stringify([...seated.keys()]))) as (Seat & { gameId: number })[];
    for (const { gameId, ...seat } of seats) seated.get(gameId)?.push(seat);
    for (const row of rows) {
      try {
        records.push(this.toRecord(row, seated.get(row.id) ?? []));
      } catch (err) {
        this.unreadable.set(row.id, (err as Error).message);
      }
    }
    return records;
  }

  private async seats(gameId: number, on: Queries = this.db): Promise<Seat[]> {
    return (await on
      .sql(`SELECT ${SEAT_COLUMNS} FROM game_players WHERE game_id = ? ORDER BY seat`)
      .all(gameId)) as Seat[];
  }

  private toRecord(row: GameRow, players: Seat[]): GameRecord {
    return {
      id: row.id,
      guildId: row.guild_id,
      channelId: row.channel_id,
      gameType: row.game_type,
      options: JSON.parse(row.options) as GameOptions,
      seed: row.seed,
      status: row.status,
      hostId: row.host_id,
      version: row.version,
      state: row.state === null ? null : this.readState(row),
      endReason: row.end_reason === null ? null : (JSON.parse(row.end_reason) as EndReason),
      takeBackBy: row.take_back_by ?? null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      players,
    };
  }

  /**
   * A state written by an older release is brought up to the engine's current shape; it is written
   * back in the new shape with the game's next move.
   */
  private readState(row: GameRow): unknown {
    const state: unknown = JSON.parse(row.state as string);
    const engine = this.engines[row.game_type];
    if (!engine || row.state_version === engine.stateVersion) return state;
    return engine.migrate(state, row.state_version);
  }
}
