import { DEFAULT_USER_PREFS, type GuildSettings, type UserPrefs } from "./settings.js";
import type { Sqlite } from "./sqlite.js";

/** A server's settings (`/settings`) and a person's own preferences (`/notify`), each kept whole. */
export class PreferenceRepository {
  constructor(private readonly sqlite: Sqlite) {}

  /** A server's stored settings; fields never set are absent (the bot fills in its defaults). */
  guildSettings(guildId: string): Partial<GuildSettings> {
    const row = this.sqlite.sql("SELECT data FROM settings WHERE guild_id = ?").get(guildId) as
      | { data: string }
      | undefined;
    return row ? (JSON.parse(row.data) as Partial<GuildSettings>) : {};
  }

  saveGuildSettings(guildId: string, settings: Partial<GuildSettings>): void {
    this.sqlite
      .sql(
        "INSERT INTO settings (guild_id, data) VALUES (?, ?) ON CONFLICT (guild_id) DO UPDATE SET data = excluded.data",
      )
      .run(guildId, JSON.stringify(settings));
  }

  userPrefs(userId: string): UserPrefs {
    const row = this.sqlite.sql("SELECT data FROM user_prefs WHERE user_id = ?").get(userId) as
      | { data: string }
      | undefined;
    return { ...DEFAULT_USER_PREFS, ...(row ? (JSON.parse(row.data) as Partial<UserPrefs>) : {}) };
  }

  saveUserPrefs(userId: string, prefs: UserPrefs): void {
    this.sqlite
      .sql(
        "INSERT INTO user_prefs (user_id, data) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET data = excluded.data",
      )
      .run(userId, JSON.stringify(prefs));
  }
}
