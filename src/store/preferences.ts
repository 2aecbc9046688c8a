import type { Db } from "./db.js";
import { DEFAULT_USER_PREFS, type GuildSettings, type UserPrefs } from "./settings.js";

/**
 * A server's settings (`/settings`) and name, and a person's own preferences (`/notify`), each kept
 * whole.
 */
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

  /** The server's name as a shard serving it last saw it, if one did. */
  guildName(guildId: string): string | null {
    const row = this.db.sql("SELECT name FROM guild_names WHERE guild_id = ?").get(guildId) as
      | { name: string }
      | undefined;
    return row?.name ?? null;
  }

  /** Records the servers' names; only a name that changed is written. */
  saveGuildNames(guilds: readonly { id: string; name: string }[]): void {
    const save = this.db.sql(
      `INSERT INTO guild_names (guild_id, name) VALUES (?, ?)
       ON CONFLICT (guild_id) DO UPDATE SET name = excluded.name WHERE guild_names.name <> excluded.name`,
    );
    this.db.deferred(() => {
      for (const guild of guilds) save.run(guild.id, guild.name);
    });
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
