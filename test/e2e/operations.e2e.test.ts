import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { componentsOf, type EmulatorChannel, WAIT_LIMIT_MS } from "@cardtable/discord-emulator";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { en } from "../../src/i18n/en/index.js";
import { button, playableCard, showsVersion, testWorld } from "./support/world.js";

const root = path.resolve(import.meta.dirname, "../..");
// One deal for every run: the first card offered goes on a pile without a warning to confirm.
const {
  world,
  users: [alice, bob, carol],
} = testWorld({ seed: 7, users: ["Alice", "Bob", "Carol"], managers: ["Alice"] });

/**
 * Runs a built script as an admin would (`npm run backup` / `npm run restore`) against the bot's
 * database; off the test's event loop, where the emulator serves the bot meanwhile.
 */
async function script(name: "backup" | "restore", args: string[]): Promise<string> {
  const run = await promisify(execFile)(process.execPath, [`dist/scripts/${name}.js`, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_PATH: world.bot.databasePath },
    encoding: "utf8",
  });
  return run.stdout;
}

/** Alice claims the first turn of a new game of The Game; returns her panel, ready to play. */
async function aliceStarts(channel: EmulatorChannel) {
  const panel = await world.openPanel(alice, channel, "thegame");
  return world.click(alice, panel, button(panel, "claim").customId!);
}

describe("a rolling restart (SIGTERM)", () => {
  it("answers every interaction it accepted, those arriving meanwhile with 'restarting', finishes their table updates and exits 0", async () => {
    const channel = world.channel("rolling");
    await world.openGame("thegame", channel, alice, [bob, carol]);
    const mover = alice;
    const [watcher, other] = [bob, carol];
    const panel = await aliceStarts(channel);
    const before = world.game(channel.id);
    const chosen = await world.click(mover, panel, playableCard(panel)!.customId!);
    const pile = componentsOf(chosen).find((c) => c.customId?.split(":")[3] === "play" && !c.disabled)!;
    const table = await world.settledTable(channel, "thegame");

    // Three clicks whose answers the emulator holds: the bot has them in hand when it is told to stop.
    const held = world.emulator.holdUntilReleased("POST", /^\/interactions\/\d+\/[^/]+\/callback$/, 3);
    const clicks = [
      await world.emulator.click(mover, chosen, pile.customId!),
      await world.emulator.click(watcher, table, button(table, "panel").customId!),
      await world.emulator.click(other, table, button(table, "panel").customId!),
    ];
    world.interactions.push(...clicks);
    await held.arrived;
    const exited = world.bot.kill("SIGTERM", WAIT_LIMIT_MS);
    await world.bot.waitForLine("SIGTERM: finishing the interactions in flight");
    // The table as it is now: the move edits it in place before its mover's (held) answer.
    const shown = world.latest(table);
    const late = await world.emulator.click(watcher, shown, button(shown, "panel").customId!);
    world.interactions.push(late);
    const refused = await world.emulator.waitForResponse(late);
    expect(refused.message?.text).toBe(en["bot.router.restarting"]);
    expect(refused.message?.ephemeral).toBe(true);
    held.release();

    expect(await exited).toEqual({ code: 0, signal: null });
    expect(world.unanswered()).toEqual([]);
    for (const click of clicks) expect(world.emulator.responsesTo(click).acked).toBe(true);
    // The move was stored and its table shown before exit.
    expect(world.game(channel.id).version).toBe(before.version + 1);
    await world.settledTable(channel, "thegame");
  });
});

describe("backup and restore", () => {
  it("a backup taken while a game is played, restored with the bot stopped: the game goes on from the backed-up version", async () => {
    await world.restart();
    const channel = world.channel("restore");
    await world.openGame("thegame", channel, alice, [bob]);
    const mover = alice;
    let panel = await aliceStarts(channel);
    // Her claim's new table is posted first: a card played then edits it in place. (A table message
    // posted after the backup keeps its buttons after a restore; they show the current controls.)
    await world.settledTable(channel, "thegame");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-"));
    const file = path.join(dir, "game.sqlite");
    // The backup runs while a card is played: it holds the game before or after that move, whole.
    const [said] = await Promise.all([
      script("backup", [file]),
      world.playTheGameCard(mover, panel).then((after) => (panel = after)),
    ]);
    expect(said).toMatch(/Backed up .* to .*game\.sqlite: \d+ game\(s\), \d+ active/);
    const backedUp = new Database(file, { readonly: true });
    const saved = backedUp.prepare("SELECT id, version FROM games ORDER BY id DESC LIMIT 1").get() as {
      id: number;
      version: number;
    };
    const savedMoves = (
      backedUp.prepare("SELECT COUNT(*) AS n FROM moves WHERE game_id = ?").get(saved.id) as { n: number }
    ).n;
    backedUp.close();
    // A move the backup lacks, shown on Discord, then lost by the restore.
    await world.playTheGameCard(mover, panel);
    await world.settledTable(channel, "thegame");
    expect(world.game(channel.id).version).toBeGreaterThan(saved.version);

    await expect(script("restore", [file, "--replace"])).rejects.toThrow(/in use \(is the bot running\?\)/);
    expect(await world.bot.kill("SIGTERM", WAIT_LIMIT_MS)).toEqual({ code: 0, signal: null });
    expect(await script("restore", [file])).toMatch(/is a sound backup: \d+ game\(s\), \d+ active/);
    expect(await script("restore", [file, "--replace"])).toMatch(
      /Restored .* The database it replaced is kept as/,
    );
    await world.restart();

    // The table is posted anew at the restored version, and the game goes on from it.
    const table = await world.settledTable(channel, "thegame");
    expect(table.attachments.some((a) => showsVersion(a.filename, "thegame", saved))).toBe(true);
    await world.playTheGameCard(mover, await world.openPanel(mover, channel, "thegame"));
    const game = world.game(channel.id);
    expect(game.version).toBe(saved.version + 1);
    expect(game.moves).toBe(savedMoves + 1);
    await world.settledTable(channel, "thegame");
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
