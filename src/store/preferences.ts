import type { Db } from "./db.js";
import { DEFAULT_USER_PREFS, type GuildSettings, type UserPrefs } from "./settings.js";

/** A server's settings (`/settings`) and a person's own preferences (`/notify`), each kept whole. */
export class PreferenceRepository {
  constructor(private readonly db: Db) {}

  /** A server's stored settings; fields never set are absent (the bot fills in its defaults). */
  guildSettings(guildId: string): Partial<GuildSettings> {
    const row = this.db.sql("SELECT data FROM settings WHERE guild_id = ?").get(guildId) as
      | { data: string }
      | undefined;
    return row ? (JSON.parse(row.data) as Partial<GuildSettings>) : {};
  }

  saveGuildSettings(guildId: string, settings: Partial<GuildSettings>): void {
    this.db
      .sql(
        "INSERT INTO settings (guild_id, data) VALUES (?, ?) ON CONFLICT (guild_id) DO UPDATE SET data = excluded.data",
      )
      .run(guildId, JSON.stringify(settings));
  }

  userPrefs(userId: string): UserPrefs {
    const row = this.db.sql("SELECT data FROM user_prefs WHERE user_id = ?").get(userId) as
      | { data: string }
      | undefined;
    return { ...DEFAULT_USER_PREFS, ...(row ? (JSON.parse(row.data) as Partial<UserPrefs>) : {}) };
  }

  saveUserPrefs(userId: string, prefs: UserPrefs): void {
    this.db
      .sql(
        "INSERT INTO user_prefs (user_id, data) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET data = excluded.data",
      )
      .run(userId, JSON.stringify(prefs));
  }
}
