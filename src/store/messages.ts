import type { Locale } from "../i18n/locale.js";
import { type Db, EVERY_ID, guildParam, type IdSpan, inGuilds } from "./db.js";
import type { GameRepository, GameRow } from "./games.js";
import type { GameRecord, SentWith, StoredMessage } from "./records.js";

/** Ended games are repaired only this long after their end; active games whatever their age. */
const RECONCILE_WINDOW_MS = 7 * 24 * 3600 * 1000;

/**
 * What a game shows on Discord: its lobby and table messages with the version each shows, and
 * each seat's private panel; and the games whose messages fell behind.
 */
export class MessageRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly games: GameRepository,
  ) {}

  /** Records the current lobby or table message of a game and the game version it shows. */
  setMessage(
    gameId: number,
    kind: "lobby" | "table",
    channelId: string,
    messageId: string,
    version = 0,
    history: string | null = null,
    sentWith: SentWith | null = null,
  ): void {
    this.db
      .sql(
        `INSERT INTO messages (game_id, kind, channel_id, message_id, version, history, token, token_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (game_id, kind) DO UPDATE SET channel_id = excluded.channel_id,
             message_id = excluded.message_id, version = excluded.version, history = excluded.history,
             token = excluded.token, token_at = excluded.token_at`,
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
  }

  /** A game's lobby or newest table message; `history` is what a table message says happened (null: not kept). */
  getMessage(gameId: number, kind: "lobby" | "table"): StoredMessage | undefined {
    const row = this.db
      .sql(
        `SELECT channel_id AS "channelId", message_id AS "messageId", version, history, token, token_at AS "tokenAt"
           FROM messages WHERE game_id = ? AND kind = ?`,
      )
      .get(gameId, kind) as
      | (Omit<StoredMessage, "sentWith"> & { token: string | null; tokenAt: number | null })
      | undefined;
    if (!row) return undefined;
    const { token, tokenAt, ...message } = row;
    return { ...message, sentWith: token !== null && tokenAt !== null ? { token, at: tokenAt } : null };
  }

  /** Records the newest private panel of a seat: the interaction token that edits it, and its reader's language. */
  setPanel(gameId: number, seatId: string, panel: { token: string; locale: Locale }): void {
    this.db
      .sql(
        `INSERT INTO panels (game_id, seat_id, token, locale, shown_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (game_id, seat_id) DO UPDATE SET token = excluded.token, locale = excluded.locale,
             shown_at = excluded.shown_at`,
      )
      .run(gameId, seatId, panel.token, panel.locale, this.now());
  }

  /** The game's panels shown since `since`, once: they are forgotten as they are handed out. */
  takePanels(gameId: number, since: number): { seatId: string; token: string; locale: Locale }[] {
    return this.db.deferred(() => {
      const panels = this.db
        .sql(`SELECT seat_id AS "seatId", token, locale FROM panels WHERE game_id = ? AND shown_at >= ?`)
        .all(gameId, since) as { seatId: string; token: string; locale: Locale }[];
      this.db.sql("DELETE FROM panels WHERE game_id = ?").run(gameId);
      return panels;
    });
  }

  /**
   * Started games whose newest table message shows an older version than the game's own, or that
   * have none (a crash between storing a move and posting its table), oldest change first.
   * `guildIds` keeps a shard to its own guilds' games (filtered in SQL); omitted, every guild's.
   * `span` looks at those ids only, so a walk over many games reads a few at a time.
   */
  gamesWithTableBehind(guildIds?: readonly string[], span: IdSpan = EVERY_ID): GameRecord[] {
    const rows = this.db
      .sql(
        `SELECT g.* FROM games g LEFT JOIN messages m ON m.game_id = g.id AND m.kind = 'table'
         WHERE g.id > ? AND g.id <= ? AND g.state IS NOT NULL AND (m.version IS NULL OR m.version < g.version)
           AND (g.status = 'active' OR g.updated_at >= ?)${inGuilds(this.db, guildIds)}
         ORDER BY g.updated_at`,
      )
      .all(span.after, span.upTo, this.now() - RECONCILE_WINDOW_MS, ...guildParam(guildIds)) as GameRow[];
    return this.games.readable(rows);
  }

  /**
   * Games whose lobby message missed a change of the lobby (a crash between a stored Join or Start
   * and its answer), or open lobbies with no lobby message at all (a crash right after `/play`),
   * oldest change first; ended ones only within the repair window. Moves do not change a lobby:
   * a started game's lobby is behind only when it shows a version before the start (the game's
   * version less its moves, and less the end when it was ended early). `span` as for tables.
   */
  lobbiesBehind(guildIds?: readonly string[], span: IdSpan = EVERY_ID): GameRecord[] {
    const rows = this.db
      .sql(
        `SELECT g.* FROM games g LEFT JOIN messages m ON m.game_id = g.id AND m.kind = 'lobby'
         WHERE g.id > ? AND g.id <= ? AND ((m.game_id IS NULL AND g.status = 'lobby')
            OR (g.state IS NULL AND m.version < g.version)
            OR (g.state IS NOT NULL AND m.version < g.version - (CASE WHEN g.status = 'abandoned' THEN 1 ELSE 0 END)
                  - (SELECT COUNT(*) FROM moves mv WHERE mv.game_id = g.id)))
           AND (g.status = 'lobby' OR g.updated_at >= ?)${inGuilds(this.db, guildIds)}
         ORDER BY g.updated_at`,
      )
      .all(span.after, span.upTo, this.now() - RECONCILE_WINDOW_MS, ...guildParam(guildIds)) as GameRow[];
    return this.games.readable(rows);
  }
}
