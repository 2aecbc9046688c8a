import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import {
  componentsOf,
  type EmulatorChannel,
  type MessageView,
  WAIT_LIMIT_MS,
} from "@cardtable/discord-emulator";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createDatabase, startPostgres, type ThrowAwayPostgres } from "../../scripts/throwAwayPostgres.js";
import { button, type GameRow, showsVersion as tableShowsVersion, World } from "./support/world.js";

const root = path.resolve(import.meta.dirname, "../..");
/** What an operator may expect: every active game's table current this soon after the bot is up. */
const TABLES_CURRENT_WITHIN_MS = 10_000;

const world = new World();
let postgres: ThrowAwayPostgres;
let live: string;
const [alice, bob] = ["Alice", "Bob"].map((name) => world.user(name));
let folder: string;

beforeAll(async () => {
  postgres = await startPostgres();
  live = await createDatabase(postgres, "cardtable");
  world.databaseUrl = live;
  // One deal for every run: the first card offered goes on a pile without a warning to confirm.
  await world.start({ seed: 7, env: { DATABASE_URL: live } });
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "pg-backup-"));
});

afterAll(async () => {
  try {
    await world.close();
  } finally {
    await postgres?.stop();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  }
});

/** Runs a built script as an admin would (`npm run backup` / `npm run restore`) with this DATABASE_URL. */
async function script(name: "backup" | "restore", args: string[], databaseUrl: string): Promise<string> {
  const run = await promisify(execFile)(process.execPath, [`dist/scripts/${name}.js`, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  return run.stdout;
}

/**
 * Whether the channel's newest table message shows the game at this version, with that version's
 * buttons, and the older ones have none (the bot takes them off the table it replaces).
 */
function showsVersion(channel: EmulatorChannel, game: GameRow): MessageView | null {
  const tables = world.tables(channel, "thegame");
  const newest = tables.at(-1);
  if (!newest || tables.slice(0, -1).some((old) => componentsOf(old).length > 0)) return null;
  if (!newest.attachments.some((a) => tableShowsVersion(a.filename, "thegame", game))) return null;
  return componentsOf(newest).some((c) => c.customId?.startsWith(`g:${game.id}:${game.version}:`))
    ? newest
    : null;
}

it("a backup taken during play, restored into a fresh database the restore creates: within 10 s of the start every active game's table shows its restored version, and play goes on", async () => {
  const channels = ["first", "second", "third"].map((name) => world.channel(name));
  const panels: MessageView[] = [];
  for (const channel of channels) {
    await world.openGame("thegame", channel, alice, [bob]);
    const table = await world.settledTable(channel, "thegame");
    panels.push(await world.click(alice, table, button(table, "claim").customId!));
    // The claim posts a new table; cards played then edit it in place.
    await world.settledTable(channel, "thegame");
  }
  const dump = path.join(folder, "cardtable.pgdump");
  // The backup runs while a card is played: it holds that game before or after the move, whole.
  const [said] = await Promise.all([
    script("backup", [dump], live),
    world.playTheGameCard(alice, panels[0]!),
  ]);
  expect(said).toMatch(/Backed up .*\/cardtable to .*cardtable\.pgdump: 3 game\(s\), 3 active/);
  // A move the backup lacks, shown on Discord: the second game's table is ahead of the dump.
  await world.playTheGameCard(alice, panels[1]!);
  await world.settledTable(channels[1]!, "thegame");
  const shownAhead = world.game(channels[1]!.id).version;
  const postedBefore = channels.map((c) => world.tables(c, "thegame").length);

  await expect(script("restore", [dump, "--create"], live)).rejects.toThrow(/already holds the bot's tables/);
  expect(await world.bot.kill("SIGTERM", WAIT_LIMIT_MS)).toEqual({ code: 0, signal: null });
  const fresh = new URL(live);
  fresh.pathname = "/restored";
  const restoredUrl = fresh.toString();
  expect(await script("restore", [dump], restoredUrl)).toMatch(/is a sound backup: 3 game\(s\), 3 active/);
  expect(await script("restore", [dump, "--create"], restoredUrl)).toMatch(
    /Restored .* into .*\/restored \(created\): 3 game\(s\), 3 active/,
  );
  world.databaseUrl = restoredUrl;
  const restored = channels.map((c) => world.game(c.id));
  expect(restored[1]!.version).toBeLessThan(shownAhead);

  await world.restart({ DATABASE_URL: restoredUrl });
  // Every active game's table posted anew at its restored version, the one ahead of the dump
  // included; counted from the bot's ready, where its start-up repair begins.
  await world.emulator.waitFor(
    () =>
      channels.every(
        (c, i) => world.tables(c, "thegame").length > postedBefore[i]! && showsVersion(c, restored[i]!),
      ) || null,
    TABLES_CURRENT_WITHIN_MS,
    "every active game's table posted anew at its restored version",
  );

  // The game that was ahead goes on from its restored version.
  await world.playTheGameCard(alice, await world.openPanel(alice, channels[1]!, "thegame"));
  const after = world.game(channels[1]!.id);
  expect(after.version).toBe(restored[1]!.version + 1);
  expect(after.moves).toBe(restored[1]!.moves + 1);
  await world.settledTable(channels[1]!, "thegame");
});
