import "dotenv/config";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { databasePathOf, databaseUrlOf } from "../src/bot/config.js";
import {
  DatabaseFileError,
  describe,
  explained,
  integrityProblems,
  openBotDatabase,
  runScript,
  summaryOf,
} from "./database-file.js";
import { backupPostgres } from "./postgres-dump.js";

/** sqlite3_backup_step's page count meaning "all the rest" (better-sqlite3 caps it here). */
const ALL_PAGES = 0x7fffffff;

/**
 * `npm run backup [-- <file>]`: an online backup of the bot's database, safe while the bot runs, to
 * `<file>` or by default to a timestamped file; never over a file. On PostgreSQL (DATABASE_URL) a
 * dump in pg_dump's custom format (see `backupPostgres`); else of the SQLite file, below.
 */
async function main() {
  const url = databaseUrlOf();
  if (url) await backupPostgres(url, process.argv[2]);
  else await backupSqlite(process.argv[2]);
}

/**
 * The SQLite database (DATABASE_PATH), by default to a file beside it. The copy is a single
 * self-contained file (no -wal beside it), checked with `PRAGMA integrity_check`.
 */
async function backupSqlite(file: string | undefined) {
  const source = databasePathOf();
  const target = file ?? defaultTarget(source);
  if (fs.existsSync(target))
    throw new DatabaseFileError(`${target} already exists; name another file. Nothing was written.`);
  if (!fs.existsSync(path.dirname(path.resolve(target))))
    throw new DatabaseFileError(`The folder of ${target} does not exist. Nothing was written.`);
  const db = openBotDatabase(source, "database (DATABASE_PATH)");
  try {
    // One step copies every page inside one read transaction: a consistent snapshot that the bot's
    // commits meanwhile neither block (WAL) nor restart, as they would between smaller steps.
    await db.backup(target, { progress: () => ALL_PAGES });
  } catch (err) {
    fs.rmSync(target, { force: true });
    throw explained(err, source);
  } finally {
    db.close();
  }
  const copy = new Database(target);
  try {
    copy.pragma("journal_mode = DELETE");
    const problems = integrityProblems(copy, target);
    if (problems.length > 0)
      throw new DatabaseFileError(
        `The backup ${target} failed its integrity check:\n  ${problems.slice(0, 10).join("\n  ")}`,
      );
    console.log(`Backed up ${source} to ${target}: ${describe(summaryOf(copy))}.`);
  } finally {
    copy.close();
  }
}

/** `<database name>-<UTC time>.backup.sqlite` beside the database. */
function defaultTarget(source: string): string {
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, "-");
  const name = path.basename(source).replace(/\.(sqlite3?|db)$/, "");
  return path.join(path.dirname(source), `${name}-${stamp}.backup.sqlite`);
}

runScript(main);
