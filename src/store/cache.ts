/**
 * Rows read on nearly every click that change rarely (a person's preferences, a server's settings,
 * a game's table message), kept by this process so a click does not wait on the database for them.
 * A write on any host invalidates them: the store's PostgreSQL notifies every host of each key it
 * writes (LISTEN/NOTIFY), and while that channel is down nothing is kept. On SQLite, a read in this
 * process costs less than keeping it: the cache stays off.
 */
export class ReadCache {
  readonly #entries = new Map<string, unknown>();
  /**
   * Each key with reads or writes under way: how many, and how often it was invalidated since the
   * first of them began. One that began before an invalidation keeps nothing; one after may.
   */
  readonly #underWay = new Map<string, { count: number; invalidations: number }>();
  /** Moves on with every reset: nothing begun before one is kept. */
  #epoch = 0;
  #on = false;

  constructor(private readonly capacity = 20_000) {}

  /** The value kept for `key`, or `read` it and keep it (unless `key` was invalidated meanwhile). */
  async through<V>(key: string, read: () => Promise<V>): Promise<V> {
    if (this.#on && this.#entries.has(key)) {
      const value = this.#entries.get(key) as V;
      // Most recently used last, so the least recently used goes first when the cache is full.
      this.#entries.delete(key);
      this.#entries.set(key, value);
      return value;
    }
    const done = this.#begin(key);
    let value: V;
    try {
      value = await read();
    } catch (err) {
      done();
      throw err;
    }
    if (done()) this.#keep(key, value);
    return value;
  }

  /**
   * Before this process writes `key`: what to call with the value once it is stored (the others
   * are notified by the write itself). The value is kept unless `key` was invalidated meanwhile
   * (another host's write, maybe committed after this one): then the next read asks the database.
   */
  writing(key: string): { stored: (value: unknown) => void; unknown: () => void } {
    const done = this.#begin(key);
    return {
      stored: (value) => {
        this.#entries.delete(key);
        const current = done();
        // A read under way began before this write: it must not keep what it read.
        this.#invalidate(key);
        if (current) this.#keep(key, value);
      },
      // What was stored is not known here (a write that failed, or a merge): nothing is kept, and
      // the next read asks the database.
      unknown: () => {
        this.#entries.delete(key);
        done();
        this.#invalidate(key);
      },
    };
  }

  /** Another process changed `key`. */
  drop(key: string): void {
    this.#entries.delete(key);
    this.#invalidate(key);
  }

  /** Forgets everything, and keeps things from now on only while `on` (the notifications flow). */
  reset(on: boolean): void {
    this.#epoch++;
    this.#entries.clear();
    this.#on = on;
  }

  /** A read or write of `key` begins; the returned function ends it: whether nothing invalidated it meanwhile. */
  #begin(key: string): () => boolean {
    const epoch = this.#epoch;
    const underWay = this.#underWay.get(key) ?? { count: 0, invalidations: 0 };
    underWay.count++;
    this.#underWay.set(key, underWay);
    const seen = underWay.invalidations;
    return () => {
      const current = epoch === this.#epoch && underWay.invalidations === seen;
      if (--underWay.count === 0) this.#underWay.delete(key);
      return current;
    };
  }

  /** What is under way for `key` began before this: it keeps nothing. */
  #invalidate(key: string): void {
    const underWay = this.#underWay.get(key);
    if (underWay) underWay.invalidations++;
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
