import { cacheKey, type ReadCache } from "./cache.js";
import { type Db, jsonRows, notifying } from "./db.js";
import { DEFAULT_USER_PREFS, type GuildSettings, type UserPrefs } from "./settings.js";

/**
 * A server's settings (`/settings`) and name, and a person's own preferences (`/notify`), each kept
 * whole.
 */
export class PreferenceRepository {
  constructor(
    private readonly db: Db,
    private readonly cache: ReadCache,
  ) {}

  /** A server's stored settings; fields never set are absent (the bot fills in its defaults). */
  async guildSettings(guildId: string): Promise<Partial<GuildSettings>> {
    const stored = await this.cache.through(cacheKey.settings(guildId), async () => {
      const row = (await this.db.sql("SELECT data FROM settings WHERE guild_id = ?").get(guildId)) as
        | { data: string }
        | undefined;
      return row ? (JSON.parse(row.data) as Partial<GuildSettings>) : {};
    });
    return { ...stored };
  }

  async saveGuildSettings(guildId: string, settings: Partial<GuildSettings>): Promise<void> {
    const write = this.cache.writing(cacheKey.settings(guildId));
    try {
      await this.db
        .sql(
          notifying(
            this.db,
            "INSERT INTO settings (guild_id, data) VALUES (?, ?) ON CONFLICT (guild_id) DO UPDATE SET data = excluded.data",
            "'g:' || guild_id",
          ),
        )
        .run(guildId, JSON.stringify(settings));
    } catch (err) {
      write.unknown();
      throw err;
    }
    write.stored(JSON.parse(JSON.stringify(settings)));
  }

  /** The server's name as a shard serving it last saw it, if one did. */
  async guildName(guildId: string): Promise<string | null> {
    const row = (await this.db.sql("SELECT name FROM guild_names WHERE guild_id = ?").get(guildId)) as
      | { name: string }
      | undefined;
    return row?.name ?? null;
  }

  /** Records the servers' names; only a name that changed is written. */
  async saveGuildNames(guilds: readonly { id: string; name: string }[]): Promise<void> {
    if (guilds.length === 0) return;
    // One statement for them all: a shard's servers are saved in one round trip.
    await this.db
      .sql(
        `INSERT INTO guild_names (guild_id, name)
           SELECT value ->> 'id', value ->> 'name' FROM ${jsonRows(this.db)} WHERE true
         ON CONFLICT (guild_id) DO UPDATE SET name = excluded.name WHERE guild_names.name <> excluded.name`,
      )
      .run(JSON.stringify(guilds.map(({ id, name }) => ({ id, name }))));
  }

  async userPrefs(userId: string): Promise<UserPrefs> {
    const stored = await this.cache.through(cacheKey.prefs(userId), async () => {
      const row = (await this.db.sql("SELECT data FROM user_prefs WHERE user_id = ?").get(userId)) as
        | { data: string }
        | undefined;
      return row ? (JSON.parse(row.data) as Partial<UserPrefs>) : {};
    });
    // A copy: what a caller changes of it is not what the cache keeps.
    return { ...DEFAULT_USER_PREFS, ...stored };
  }

  /**
   * Changes these fields of a person's preferences and keeps the others as stored, in one statement:
   * two changes at once (a `/notify` and a refused DM noted) both stay.
   */
  async updateUserPrefs(userId: string, change: Partial<UserPrefs>): Promise<void> {
    const merged =
      this.db.dialect === "sqlite"
        ? // A field set to null is dropped by the merge and read back as its default (all are null or false).
          "json_patch(user_prefs.data, excluded.data)"
        : "(user_prefs.data::jsonb || excluded.data::jsonb)::text";
    const write = this.cache.writing(cacheKey.prefs(userId));
    try {
      await this.db
        .sql(
          notifying(
            this.db,
            `INSERT INTO user_prefs (user_id, data) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET data = ${merged}`,
            "'u:' || user_id",
          ),
        )
        .run(userId, JSON.stringify(change));
    } finally {
      // What the merge made is the database's to say: the next read asks it.
      write.unknown();
    }
  }
}
