import "dotenv/config";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { databasePathOf } from "../src/config.js";
import {
  DatabaseFileError,
  describe,
  explained,
  integrityProblems,
  openBotDatabase,
  runScript,
  summaryOf,
} from "./database-file.js";

const USAGE = "Usage: npm run restore -- <backup file> [--replace]";

/**
 * `npm run restore -- <file>` checks a backup (`PRAGMA integrity_check`) and says what it holds;
 * `npm run restore -- <file> --replace`, with the bot stopped, puts it in place of the database
 * (DATABASE_PATH), keeping the database it replaces beside it.
 */
async function main() {
  const args = process.argv.slice(2);
  const replace = args.includes("--replace");
  const files = args.filter((a) => a !== "--replace");
  if (files.length !== 1 || files[0]!.startsWith("-")) throw new DatabaseFileError(USAGE);
  const backup = files[0]!;
  const target = databasePathOf();
  const checked = openBotDatabase(backup, "backup");
  let holds: string;
  try {
    const problems = integrityProblems(checked, backup);
    if (problems.length > 0)
      throw new DatabaseFileError(
        `${backup} failed its integrity check, so it cannot be restored:\n  ${problems.slice(0, 10).join("\n  ")}`,
      );
    holds = describe(summaryOf(checked));
  } finally {
    checked.close();
  }
  if (!replace) {
    console.log(
      `${backup} is a sound backup: ${holds}.\nTo put it in place of ${target}: stop the bot, then run \`npm run restore -- ${backup} --replace\`.`,
    );
    return;
  }
  const kept = fs.existsSync(target) ? await keepCurrent(target) : null;
  putInPlace(backup, target);
  console.log(
    `Restored ${backup} to ${target}: ${holds}.${kept ? ` The database it replaced is kept as ${kept}.` : ""} Start the bot: every active game's table is posted anew.`,
  );
}

/**
 * Refuses while anything has the database open (the bot holds it open for as long as it runs), else
 * copies it, with what its WAL holds, to a file beside it; returns that file's name.
 */
async function keepCurrent(target: string): Promise<string> {
  let db: Database.Database | undefined;
  try {
    db = new Database(target, { fileMustExist: true, timeout: 0 });
    // Exclusive locking mode keeps the lock after the transaction, so nothing opens it while it is copied.
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE; COMMIT");
  } catch (err) {
    db?.close();
    const code = (err as { code?: unknown }).code;
    if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED")
      throw new DatabaseFileError(
        `${target} is in use (is the bot running?). Stop the bot, then run the restore again. Nothing was changed.`,
      );
    throw explained(err, target);
  }
  const kept = `${target}.before-restore-${new Date().toISOString().slice(0, 19).replace(/:/g, "-")}`;
  try {
    await db.backup(kept);
  } finally {
    db.close();
  }
  return kept;
}

/**
 * Copies the backup beside the database, marks every active game's table one version behind, and
 * renames it into place. Discord may show moves the backup lacks (made after it was taken): the
 * mark makes the bot's start-up repair post each active game's current table anew and take the
 * buttons off the one it knew, so the players play on from the restored version.
 */
function putInPlace(backup: string, target: string): void {
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const incoming = `${target}.restoring`;
  fs.copyFileSync(backup, incoming);
  try {
    const db = new Database(incoming);
    try {
      db.prepare(
        `UPDATE messages SET version = version - 1
           WHERE kind = 'table' AND game_id IN (SELECT id FROM games WHERE status = 'active')`,
      ).run();
    } finally {
      db.close();
    }
    // A closed database's WAL files are gone; any left are a crashed run's and belong to the old file.
    for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${target}${suffix}`, { force: true });
    fs.renameSync(incoming, target);
  } catch (err) {
    fs.rmSync(incoming, { force: true });
    throw explained(err, target);
  }
}

runScript(main);
