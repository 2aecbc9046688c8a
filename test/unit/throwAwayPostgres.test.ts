import { existsSync, readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type ThrowAwayPostgres } from "../../scripts/throwAwayPostgres.js";

let server: ThrowAwayPostgres;
const clients: pg.Client[] = [];

beforeAll(async () => {
  server = await startPostgres();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.end()));
  await server?.stop();
});

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  clients.push(client);
  return client;
}

describe("the throw-away PostgreSQL server of the tests", () => {
  it("keeps its cluster in its own temporary folder, serves 127.0.0.1, and runs as no superuser of the machine", async () => {
    const db = await connect();
    const { rows } = await db.query(
      "SELECT current_setting('data_directory') AS data, host(inet_server_addr()) AS host, pg_backend_pid() AS pid",
    );
    expect(rows[0]).toMatchObject({ data: `${server.folder}/data`, host: "127.0.0.1" });
    const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${rows[0].pid}/status`, "utf8"))?.[1];
    expect(Number(uid)).not.toBe(0);
    expect(server.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
  });

  it("commits a transaction's insert, and a rolled-back one leaves nothing", async () => {
    const db = await connect();
    await db.query("CREATE TABLE games (id serial PRIMARY KEY, version int NOT NULL)");
    await db.query("BEGIN");
    await db.query("INSERT INTO games (version) VALUES (1)");
    await db.query("COMMIT");
    await db.query("BEGIN");
    await db.query("INSERT INTO games (version) VALUES (2)");
    await db.query("ROLLBACK");
    expect((await db.query("SELECT version FROM games")).rows).toEqual([{ version: 1 }]);
  });

  it("SELECT … FOR UPDATE SKIP LOCKED: two claimers of due rows get different rows, and neither waits for the other", async () => {
    const [first, second, third] = [await connect(), await connect(), await connect()];
    await first.query("CREATE TABLE due (id int PRIMARY KEY, done boolean NOT NULL DEFAULT false)");
    await first.query("INSERT INTO due (id) VALUES (1), (2), (3)");
    const claim = async (db: pg.Client) =>
      (
        await db.query("SELECT id FROM due WHERE NOT done ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED")
      ).rows.map((row) => row.id as number);
    // A claim that waited for the other's lock would fail here rather than hang the test.
    await second.query("SET lock_timeout = '10s'");
    await first.query("BEGIN");
    await second.query("BEGIN");
    expect(await claim(first)).toEqual([1]);
    expect(await claim(second)).toEqual([2]);
    await first.query("UPDATE due SET done = true WHERE id = 1");
    await first.query("COMMIT");
    expect(await claim(third)).toEqual([3]);
    await second.query("ROLLBACK");
    expect(await claim(third)).toEqual([2]);
  });

  it("stop() stops the server and removes its folder", async () => {
    await Promise.all(clients.splice(0).map((client) => client.end()));
    await server.stop();
    expect(existsSync(server.folder)).toBe(false);
    await expect(new pg.Client({ connectionString: server.url }).connect()).rejects.toThrow(/ECONNREFUSED/);
  });
});
