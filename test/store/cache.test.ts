import { describe, expect, it } from "vitest";
import { ReadCache } from "../../src/store/cache.js";
import type { Store } from "../../src/store/store.js";
import { newTally, tallied } from "../../src/store/tally.js";
import { onPostgres, storesPerTest } from "../support/storeDatabase.js";
import { openLobby } from "../support/storeGames.js";

/** A reader that counts its reads and answers `value`. */
function reader<V>(value: V) {
  const counted = {
    reads: 0,
    read: async () => {
      counted.reads++;
      return value;
    },
  };
  return counted;
}

/** A promise the test settles when it chooses. */
function deferred<V>() {
  let resolve!: (value: V) => void;
  const promise = new Promise<V>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("ReadCache", () => {
  it("keeps nothing while off, and what it reads while on", async () => {
    const cache = new ReadCache();
    const off = reader("a");
    await cache.through("k", off.read);
    await cache.through("k", off.read);
    expect(off.reads).toBe(2);
    cache.reset(true);
    const on = reader("b");
    expect([await cache.through("k", on.read), await cache.through("k", on.read)]).toEqual(["b", "b"]);
    expect(on.reads).toBe(1);
  });

  it("switched off, it forgets what it kept and keeps nothing, written values included, until switched on", async () => {
    const cache = new ReadCache();
    cache.reset(true);
    await cache.through("k", reader("old").read);
    cache.reset(false);
    cache.writing("w").stored("written");
    const off = reader("off");
    expect(await cache.through("k", off.read)).toBe("off");
    expect(await cache.through("k", off.read)).toBe("off");
    expect(await cache.through("w", off.read)).toBe("off");
    expect(off.reads).toBe(3);
    cache.reset(true);
    expect(await cache.through("k", reader("on again").read)).toBe("on again");
  });

  it("a read that began before a drop answers what it read but does not keep it", async () => {
    const cache = new ReadCache();
    cache.reset(true);
    const slow = deferred<string>();
    const reading = cache.through("k", () => slow.promise);
    cache.drop("k");
    slow.resolve("stale");
    expect(await reading).toBe("stale");
    const fresh = reader("fresh");
    expect(await cache.through("k", fresh.read)).toBe("fresh");
    expect(fresh.reads).toBe(1);
  });

  it("keeps a written value, over what a read begun before the write brings back", async () => {
    const cache = new ReadCache();
    cache.reset(true);
    const slow = deferred<string>();
    const reading = cache.through("k", () => slow.promise);
    cache.writing("k").stored("written");
    slow.resolve("stale");
    await reading;
    const unused = reader("read");
    expect(await cache.through("k", unused.read)).toBe("written");
    expect(unused.reads).toBe(0);
  });

  it("does not keep a written value when an invalidation came while it was being written", async () => {
    const cache = new ReadCache();
    cache.reset(true);
    const write = cache.writing("k");
    // Another host's write of the same key, maybe committed after this one, was heard meanwhile.
    cache.drop("k");
    write.stored("written here");
    const fresh = reader("the database's");
    expect(await cache.through("k", fresh.read)).toBe("the database's");
    expect(fresh.reads).toBe(1);
  });

  it("keeps a value read while another key was invalidated: an invalidation is of its own key", async () => {
    const cache = new ReadCache();
    cache.reset(true);
    const slow = deferred<string>();
    const reading = cache.through("k", () => slow.promise);
    cache.drop("other");
    cache.writing("another").stored("x");
    slow.resolve("read");
    await reading;
    const unused = reader("again");
    expect(await cache.through("k", unused.read)).toBe("read");
    expect(unused.reads).toBe(0);
  });

  it("keeps nothing of a write that failed, and a read after it asks the database", async () => {
    const cache = new ReadCache();
    cache.reset(true);
    await cache.through("k", reader("before").read);
    cache.writing("k").unknown();
    const after = reader("the database's");
    expect(await cache.through("k", after.read)).toBe("the database's");
    expect(after.reads).toBe(1);
  });

  it("when full, the least recently used value goes first", async () => {
    const cache = new ReadCache(2);
    cache.reset(true);
    await cache.through("a", reader("a").read);
    await cache.through("b", reader("b").read);
    await cache.through("a", reader("a again").read);
    await cache.through("c", reader("c").read);
    const again = reader("read again");
    expect([await cache.through("a", again.read), await cache.through("c", again.read)]).toEqual(["a", "c"]);
    expect(await cache.through("b", again.read)).toBe("read again");
    expect(again.reads).toBe(1);
  });
});

describe("the store's read cache", () => {
  const stores = storesPerTest();

  const { open } = stores;

  /** Polls `probe` until it holds, for at most ten seconds. */
  async function until(probe: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!(await probe())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** The queries `read` costs. */
  async function cost(read: () => Promise<unknown>) {
    const tally = newTally();
    await tallied(tally, read);
    return { queries: tally.queries, roundTrips: tally.roundTrips };
  }

  /** Waits until `read` is kept (the listener is up): a second read costs no query. */
  async function untilKept(read: () => Promise<unknown>): Promise<void> {
    await until(async () => {
      await read();
      return (await cost(read)).queries === 0;
    }, "the cache to keep a read");
  }

  /** A game to hang a table message on. */
  async function aGame(store: Store): Promise<number> {
    return (await openLobby(store, { gameType: "stapelen", seed: 1 })).id;
  }

  /** Each row the cache keeps: how a host reads it, writes its `n`th value, and tells that value. */
  const rows: {
    row: string;
    read(store: Store, gameId: number): Promise<unknown>;
    write(store: Store, n: number, gameId: number): Promise<void>;
    written(value: unknown, n: number): boolean;
  }[] = [
    {
      row: "a person's preferences",
      read: (store) => store.preferences.userPrefs("u1"),
      write: (store, n) => store.preferences.updateUserPrefs("u1", { awayUntil: n }),
      written: (value, n) => (value as { awayUntil: number | null }).awayUntil === n,
    },
    {
      row: "a server's settings",
      read: (store) => store.preferences.guildSettings("g1"),
      write: (store, n) => store.preferences.saveGuildSettings("g1", { reminderHours: n }),
      written: (value, n) => (value as { reminderHours?: number }).reminderHours === n,
    },
    {
      row: "a game's table message",
      read: (store, gameId) => store.messages.getMessage(gameId, "table"),
      write: (store, n, gameId) => store.messages.setMessage(gameId, "table", "c1", `m${n}`, n),
      written: (value, n) => (value as { messageId?: string } | undefined)?.messageId === `m${n}`,
    },
  ];

  for (const { row, read, write, written } of rows)
    it.skipIf(!onPostgres)(
      `${row} kept by one host is read anew there soon after another host writes it`,
      async () => {
        const a = await open();
        const b = await open();
        const gameId = await aGame(a);
        await write(b, 1, gameId);
        await untilKept(() => read(a, gameId));
        expect(written(await read(a, gameId), 1)).toBe(true);
        await write(b, 2, gameId);
        await until(async () => written(await read(a, gameId), 2), "the other host's write to be read");
      },
    );

  for (const { row, read, write, written } of rows)
    it(`${row} a host wrote is read back there at once, and another host's later write soon after`, async () => {
      const a = await open();
      const b = await open();
      const gameId = await aGame(a);
      if (onPostgres) await untilKept(() => read(a, gameId));
      await write(a, 1, gameId);
      expect(written(await read(a, gameId), 1)).toBe(true);
      await write(b, 2, gameId);
      await until(async () => written(await read(a, gameId), 2), "the other host's write to be read");
    });

  it("a kept read costs no query: on PostgreSQL once the listener is up; on SQLite each read is a query with no round trip", async () => {
    const store = await open();
    const prefs = (userId: string) => () => store.preferences.userPrefs(userId);
    if (!onPostgres) {
      expect([await cost(prefs("u1")), await cost(prefs("u1"))]).toEqual([
        { queries: 1, roundTrips: 0 },
        { queries: 1, roundTrips: 0 },
      ]);
      return;
    }
    await untilKept(prefs("u0"));
    expect([await cost(prefs("u1")), await cost(prefs("u1"))]).toEqual([
      { queries: 1, roundTrips: 1 },
      { queries: 0, roundTrips: 0 },
    ]);
  });
});
