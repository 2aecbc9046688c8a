/**
 * Rows read on nearly every click that change rarely (a person's preferences, a server's settings,
 * a game's table message), kept by this process so a click does not wait on the database for them.
 * A write on any host invalidates them: the store's PostgreSQL notifies every host of each key it
 * writes (LISTEN/NOTIFY), and while that channel is down nothing is kept. On SQLite, a read in this
 * process costs less than keeping it: the cache stays off.
 */
export class ReadCache {
  readonly #entries = new Map<string, unknown>();
  /** Moves on with every invalidation: a read that began before one must not keep what it read. */
  #generation = 0;
  #on = false;

  constructor(private readonly capacity = 20_000) {}

  /** The value kept for `key`, or `read` it and keep it (unless an invalidation came meanwhile). */
  async through<V>(key: string, read: () => Promise<V>): Promise<V> {
    if (this.#on && this.#entries.has(key)) {
      const value = this.#entries.get(key) as V;
      // Most recently used last, so the least recently used goes first when the cache is full.
      this.#entries.delete(key);
      this.#entries.set(key, value);
      return value;
    }
    const generation = this.#generation;
    const value = await read();
    if (generation === this.#generation) this.#keep(key, value);
    return value;
  }

  /**
   * Before this process writes `key`: what to call with the value once it is stored (the others
   * are notified by the write itself). The value is kept unless an invalidation came meanwhile
   * (another host's write, maybe committed after this one): then the next read asks the database.
   */
  writing(key: string): (value: unknown) => void {
    const generation = this.#generation;
    return (value) => {
      const unchanged = generation === this.#generation;
      // A read under way began before this write: it must not keep what it read.
      this.#generation++;
      this.#entries.delete(key);
      if (unchanged) this.#keep(key, value);
    };
  }

  /** Another process (or this one) changed `key`. */
  drop(key: string): void {
    this.#generation++;
    this.#entries.delete(key);
  }

  /** Forgets everything, and keeps things from now on only while `on` (the notifications flow). */
  reset(on: boolean): void {
    this.#generation++;
    this.#entries.clear();
    this.#on = on;
  }

  #keep(key: string, value: unknown): void {
    if (!this.#on) return;
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value as string);
  }
}

/** The keys of what the cache keeps: one per row, the same on every host. */
export const cacheKey = {
  prefs: (userId: string) => `u:${userId}`,
  settings: (guildId: string) => `g:${guildId}`,
  message: (gameId: number, kind: string) => `m:${gameId}:${kind}`,
};

/** The PostgreSQL channel on which each write names the key it changed. */
export const CACHE_CHANNEL = "cardtable_cache";
