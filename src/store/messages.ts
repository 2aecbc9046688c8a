import type { Locale } from "../i18n/locale.js";
import { cacheKey, type ReadCache } from "./cache.js";
import { type Db, EVERY_ID, guildParam, type IdSpan, inGuilds, notifying } from "./db.js";
import type { GameRepository, GameRow } from "./games.js";
import type { GameRecord, GameStatus, SentWith, StoredMessage } from "./records.js";

/** Ended games are repaired only this long after their end; active games whatever their age. */
const RECONCILE_WINDOW_MS = 7 * 24 * 3600 * 1000;

/**
 * The version a restore records for every active game's table: one no table shows, so
 * `gamesWithTableBehind` finds it and the start-up repair posts it anew at the restored version,
 * whatever the channel shows. Discord may show moves the backup lacks (tables posted after it was
 * taken, which a repair must neither adopt nor edit); the tables posted anew come after them, and
 * the repair takes the buttons off the message the backup knew.
 */
export const RESTORED_TABLE_VERSION = -1;

/** What a restore runs on the restored database, SQLite or PostgreSQL, before the bot starts on it. */
export const MARK_ACTIVE_TABLES_BEHIND = `UPDATE messages SET version = ${RESTORED_TABLE_VERSION}
  WHERE kind = 'table' AND game_id IN (SELECT id FROM games WHERE status = 'active')`;

/**
 * What a game shows on Discord: its lobby and table messages with the version each shows, and
 * each seat's private panel; and the games whose messages fell behind.
 */
export class MessageRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly games: GameRepository,
    private readonly cache: ReadCache,
  ) {}

  /** Records the current lobby or table message of a game and the game version it shows. */
  async setMessage(
    gameId: number,
    kind: "lobby" | "table",
    channelId: string,
    messageId: string,
    version = 0,
    history: string | null = null,
    sentWith: SentWith | null = null,
  ): Promise<void> {
    const write = this.cache.writing(cacheKey.message(gameId, kind));
    try {
      await this.db
        .sql(
          notifying(
            this.db,
            `INSERT INTO messages (game_id, kind, channel_id, message_id, version, history, token, token_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT (game_id, kind) DO UPDATE SET channel_id = excluded.channel_id,
                 message_id = excluded.message_id, version = excluded.version, history = excluded.history,
                 token = excluded.token, token_at = excluded.token_at`,
            "'m:' || game_id || ':' || kind",
          ),
        )
        .run(
          gameId,
          kind,
          channelId,
          messageId,
          version,
          history,
          sentWith?.token ?? null,
          sentWith?.at ?? null,
        );
    } catch (err) {
      write.unknown();
      throw err;
    }
    const message: StoredMessage = { channelId, messageId, version, history, sentWith };
    write.stored(message);
  }

  /** A game's lobby or newest table message; `history` is what a table message says happened (null: not kept). */
  async getMessage(gameId: number, kind: "lobby" | "table"): Promise<StoredMessage | undefined> {
    const message = await this.cache.through(cacheKey.message(gameId, kind), () =>
      this.#readMessage(gameId, kind),
    );
    return message === null ? undefined : { ...message };
  }

  async #readMessage(gameId: number, kind: "lobby" | "table"): Promise<StoredMessage | null> {
    const row = (await this.db
      .sql(
        `SELECT channel_id AS "channelId", message_id AS "messageId", version, history, token, token_at AS "tokenAt"
           FROM messages WHERE game_id = ? AND kind = ?`,
      )
      .get(gameId, kind)) as
      | (Omit<StoredMessage, "sentWith"> & { token: string | null; tokenAt: number | null })
      | undefined;
    if (!row) return null;
    const { token, tokenAt, ...message } = row;
    return { ...message, sentWith: token !== null && tokenAt !== null ? { token, at: tokenAt } : null };
  }

  /**
   * Records the newest private panel of a seat: the interaction token that edits it, and its
   * reader's language. Answers the game's status as it is now, in the same round trip: a panel
   * shown as the game ended (someone else's last move) is closed at once.
   */
  async setPanel(
    gameId: number,
    seatId: string,
    panel: { token: string; locale: Locale },
  ): Promise<{ status: GameStatus; previous: { token: string; shownAt: number } | null } | undefined> {
    const row = (await this.db
      .sql(
        `INSERT INTO panels (game_id, seat_id, token, locale, shown_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (game_id, seat_id) DO UPDATE SET previous_token = panels.token,
             previous_at = panels.shown_at, token = excluded.token, locale = excluded.locale,
             shown_at = excluded.shown_at
           RETURNING (SELECT status FROM games WHERE id = panels.game_id) AS status,
             previous_token AS "previousToken", previous_at AS "previousAt"`,
      )
      .get(gameId, seatId, panel.token, panel.locale, this.now())) as
      | { status: GameStatus; previousToken: string | null; previousAt: number | null }
      | undefined;
    if (!row) return undefined;
    const previous =
      row.previousToken === null || row.previousToken === panel.token
        ? null
        : { token: row.previousToken, shownAt: Number(row.previousAt) };
    return { status: row.status, previous };
  }

  /** The game's panels shown since `since`, once: they are forgotten as they are handed out. */
  async takePanels(
    gameId: number,
    since: number,
  ): Promise<{ seatId: string; token: string; locale: Locale }[]> {
    // One statement: the panels are forgotten as they are read, so two hosts never both close one.
    const panels = (await this.db
      .sql(
        `DELETE FROM panels WHERE game_id = ? RETURNING seat_id AS "seatId", token, locale, shown_at AS "shownAt"`,
      )
      .all(gameId)) as { seatId: string; token: string; locale: Locale; shownAt: number }[];
    return panels
      .filter((p) => p.shownAt >= since)
      .map(({ seatId, token, locale }) => ({ seatId, token, locale }));
  }

  /**
   * Started games whose newest table message shows an older version than the game's own, or that
   * have none (a crash between storing a move and posting its table), oldest change first.
   * `guildIds` keeps a shard to its own guilds' games (filtered in SQL); omitted, every guild's.
   * `span` looks at those ids only, so a walk over many games reads a few at a time.
   */
  async gamesWithTableBehind(guildIds?: readonly string[], span: IdSpan = EVERY_ID): Promise<GameRecord[]> {
    const rows = (await this.db
      .sql(
        `SELECT g.* FROM games g LEFT JOIN messages m ON m.game_id = g.id AND m.kind = 'table'
         WHERE g.id > ? AND g.id <= ? AND g.state IS NOT NULL AND (m.version IS NULL OR m.version < g.version)
           AND (g.status = 'active' OR g.updated_at >= ?)${inGuilds(this.db, guildIds)}
         ORDER BY g.updated_at`,
      )
      .all(span.after, span.upTo, this.now() - RECONCILE_WINDOW_MS, ...guildParam(guildIds))) as GameRow[];
    return this.games.readable(rows);
  }

  /**
   * Games whose lobby message missed a change of the lobby (a crash between a stored Join or Start
   * and its answer), or open lobbies with no lobby message at all (a crash right after `/play`),
   * oldest change first; ended ones only within the repair window. Moves do not change a lobby:
   * a started game's lobby is behind only when it shows a version before the start (the game's
   * version less its moves, and less the end when it was ended early). `span` as for tables.
   */
  async lobbiesBehind(guildIds?: readonly string[], span: IdSpan = EVERY_ID): Promise<GameRecord[]> {
    const rows = (await this.db
      .sql(
        `SELECT g.* FROM games g LEFT JOIN messages m ON m.game_id = g.id AND m.kind = 'lobby'
         WHERE g.id > ? AND g.id <= ? AND ((m.game_id IS NULL AND g.status = 'lobby')
            OR (g.state IS NULL AND m.version < g.version)
            OR (g.state IS NOT NULL AND m.version < g.version - (CASE WHEN g.status = 'abandoned' THEN 1 ELSE 0 END)
                  - (SELECT COUNT(*) FROM moves mv WHERE mv.game_id = g.id)))
           AND (g.status = 'lobby' OR g.updated_at >= ?)${inGuilds(this.db, guildIds)}
         ORDER BY g.updated_at`,
      )
      .all(span.after, span.upTo, this.now() - RECONCILE_WINDOW_MS, ...guildParam(guildIds))) as GameRow[];
    return this.games.readable(rows);
  }
}
