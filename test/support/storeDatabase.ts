import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach } from "vitest";
import { createDatabase, startPostgres, type ThrowAwayPostgres } from "../../scripts/throwAwayPostgres.js";
import type { AnyEngine } from "../../src/engine/core/game.js";
import { GAMES } from "../../src/games/index.js";
import { Store } from "../../src/store/store.js";

/**
 * The store suite runs twice: on SQLite, and on PostgreSQL in the "store on PostgreSQL" project of
 * vitest.config.ts, which sets STORE_DATABASE=postgres. A test asks for a fresh database where it
 * would have made a fresh SQLite file.
 */
export const onPostgres = process.env.STORE_DATABASE === "postgres";

let server: Promise<ThrowAwayPostgres> | null = null;
const folders: string[] = [];
let databases = 0;

/**
 * A fresh, empty database for one test: a SQLite file (its folder not made yet) or a new database
 * on this test file's throw-away PostgreSQL server, started on first use and stopped after the file.
 */
export async function freshStoreLocation(): Promise<string> {
  if (!onPostgres) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "store-test-"));
    folders.push(folder);
    return path.join(folder, "nested", "bot.sqlite");
  }
  server ??= startPostgres();
  return createDatabase(await server, `store_${++databases}`);
}

afterAll(async () => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  const started = server;
  server = null;
  await (await started)?.stop();
});

/**
 * A fresh database for each test of the file or `describe` that calls this, and the stores a test
 * opens on it (`open`), closed after the test whatever it did; `location()` is the test's database.
 */
export function storesPerTest(): {
  open: (options?: { engines?: Readonly<Record<string, AnyEngine>>; now?: () => number }) => Promise<Store>;
  location: () => string;
} {
  let location = "";
  const opened: Store[] = [];
  beforeEach(async () => {
    location = await freshStoreLocation();
  });
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });
  return {
    open: async ({ engines = GAMES.engines(), now } = {}) => {
      const store = await Store.open(location, engines, now ? { now } : {});
      opened.push(store);
      return store;
    },
    location: () => location,
  };
}
