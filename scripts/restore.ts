import "dotenv/config";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { databasePathOf, databaseUrlOf } from "../src/bot/config.js";
import { MARK_ACTIVE_TABLES_BEHIND } from "../src/store/messages.js";
import {
  DatabaseFileError,
  describe,
  explained,
  integrityProblems,
  openBotDatabase,
  runScript,
  summaryOf,
} from "./database-file.js";
import { restorePostgres } from "./postgres-dump.js";

const USAGE = `Usage: npm run restore -- <backup file> [--replace]   (SQLite: DATABASE_PATH)
       npm run restore -- <dump file> [--create]      (PostgreSQL: DATABASE_URL)`;

/**
 * `npm run restore -- <file>` checks a backup and says what it holds. With the bot stopped,
 * `--replace` puts an SQLite backup in place of the database (DATABASE_PATH), keeping the database
 * it replaces beside it; on PostgreSQL (DATABASE_URL), `--create` restores a dump into the database
 * DATABASE_URL names, creating it (see `restorePostgres`). Either way every active game's table is
 * posted anew at the bot's next start.
 */
async function main() {
  const args = process.argv.slice(2);
  const flags = args.filter((a) => a.startsWith("-"));
  const files = args.filter((a) => !a.startsWith("-"));
  if (files.length !== 1 || flags.length > 1 || flags.some((f) => f !== "--replace" && f !== "--create"))
    throw new DatabaseFileError(USAGE);
  const backup = files[0]!;
  const url = databaseUrlOf();
  if (url) {
    if (flags.includes("--replace"))
      throw new DatabaseFileError(
        `The bot's database is PostgreSQL (DATABASE_URL): a restore there replaces no database, it creates the one DATABASE_URL names. Run \`npm run restore -- ${backup} --create\`.`,
      );
    return restorePostgres(url, backup, flags.includes("--create"));
  }
  if (flags.includes("--create"))
    throw new DatabaseFileError(
      `--create restores into PostgreSQL (DATABASE_URL), which is not set: the bot's database is SQLite (DATABASE_PATH). Run \`npm run restore -- ${backup} --replace\`.`,
    );
  await restoreSqlite(backup, flags.includes("--replace"));
}

async function restoreSqlite(backup: string, replace: boolean) {
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
 * Copies the backup beside the database, marks every active game's table to be posted anew (see
 * `MARK_ACTIVE_TABLES_BEHIND`), and renames it into place.
 */
function putInPlace(backup: string, target: string): void {
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const incoming = `${target}.restoring`;
  fs.copyFileSync(backup, incoming);
  try {
    const db = new Database(incoming);
    try {
      db.prepare(MARK_ACTIVE_TABLES_BEHIND).run();
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
