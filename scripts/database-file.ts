import fs from "node:fs";
import Database from "better-sqlite3";

/** A bad input to the backup or restore script (either database): its message says what to do, and nothing was changed. */
export class DatabaseFileError extends Error {}

/** What a sound copy of the bot's database holds, for the admin to recognise it. */
export interface DatabaseSummary {
  games: number;
  active: number;
  /** The newest change of any game (ms), or null without games. */
  lastChange: number | null;
}

/**
 * Opens the bot's database (or a backup of it) to read it, with clear messages for a missing file,
 * a file that is not SQLite, and a database that is not the bot's. Not read-only: a read-only
 * connection cannot remove the WAL files it makes beside a database the bot has closed.
 */
export function openBotDatabase(file: string, what: string): Database.Database {
  if (!fs.existsSync(file)) throw new DatabaseFileError(`No ${what} at ${file}.`);
  if (!fs.statSync(file).isFile()) throw new DatabaseFileError(`${file} is not a file.`);
  if (backupKind(file) === "postgres")
    throw new DatabaseFileError(
      `${file} is a PostgreSQL dump, but the bot's database is SQLite (DATABASE_URL is not set): set DATABASE_URL to restore it on PostgreSQL.`,
    );
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { fileMustExist: true, timeout: 5000 });
    const games = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'").get();
    if (!games)
      throw new DatabaseFileError(`${file} is an SQLite database, but not the bot's: it has no games.`);
    return db;
  } catch (err) {
    db?.close();
    throw explained(err, file);
  }
}

/** Which database a backup file is of, by its first bytes: SQLite's header, or pg_dump's custom format. */
export function backupKind(file: string): "sqlite" | "postgres" | null {
  const head = Buffer.alloc(16);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, head, 0, head.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head.toString("latin1") === "SQLite format 3\0") return "sqlite";
  return head.subarray(0, 5).toString("latin1") === "PGDMP" ? "postgres" : null;
}

/** The game counts a summary line shows. */
export function summaryOf(db: Database.Database): DatabaseSummary {
  const row = db
    .prepare(
      "SELECT COUNT(*) AS games, COALESCE(SUM(status = 'active'), 0) AS active, MAX(updated_at) AS lastChange FROM games",
    )
    .get() as DatabaseSummary;
  return row;
}

export function describe(summary: DatabaseSummary): string {
  const last =
    summary.lastChange === null ? "" : `, last change ${new Date(summary.lastChange).toISOString()}`;
  return `${summary.games} game(s), ${summary.active} active${last}`;
}

/** `PRAGMA integrity_check`'s findings; empty when the database is sound. */
export function integrityProblems(db: Database.Database, file: string): string[] {
  try {
    const rows = db.pragma("integrity_check") as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).filter((line) => line !== "ok");
  } catch (err) {
    throw explained(err, file);
  }
}

/** SQLite's errors about a file, in words an admin can act on. */
export function explained(err: unknown, file: string): Error {
  if (err instanceof DatabaseFileError) return err;
  const code = (err as { code?: unknown }).code;
  if (code === "SQLITE_NOTADB") return new DatabaseFileError(`${file} is not an SQLite database.`);
  if (code === "SQLITE_CORRUPT")
    return new DatabaseFileError(`${file} is damaged (SQLite: ${(err as Error).message}).`);
  if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED")
    return new DatabaseFileError(`${file} is locked by another process; try again in a moment.`);
  if (code === "SQLITE_CANTOPEN" || code === "SQLITE_READONLY" || code === "SQLITE_PERM")
    return new DatabaseFileError(`${file} cannot be opened: ${(err as Error).message}.`);
  return err instanceof Error ? err : new Error(String(err));
}

/** Runs a script's main: a DatabaseFileError is printed alone and exits 1, anything else with its stack. */
export function runScript(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err instanceof DatabaseFileError ? err.message : err);
    process.exit(1);
  });
}
