import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Db } from "./db.js";
import { migrate } from "./migrations.js";
import { StoreUnavailableError } from "./records.js";

/**
 * The SQLite database the repositories share: opened once in WAL mode and migrated, with each SQL
 * text prepared once and the two kinds of transaction the store uses.
 */
export class Sqlite implements Db {
  readonly dialect = "sqlite" as const;
  readonly db: Database.Database;

  constructor(file: string) {
    try {
      if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      this.db = new Database(file);
      this.db.pragma("journal_mode = WAL");
      this.db.pragma("foreign_keys = ON");
      // Short: better-sqlite3 blocks the event loop while waiting, and Discord wants an answer within 3 s.
      this.db.pragma("busy_timeout = 1000");
      this.db.pragma("synchronous = NORMAL");
      migrate(this.db);
    } catch (err) {
      throw new StoreUnavailableError(`cannot open the database at ${file}: ${(err as Error).message}`);
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** Each SQL text is prepared once per store and reused: preparing costs more than most runs. */
  private readonly statements = new Map<string, Database.Statement>();

  sql(text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  /**
   * A change that reads before it writes: the write lock is taken at the start (BEGIN IMMEDIATE),
   * so what it read cannot change before it writes.
   */
  immediate<T>(body: () => T): T {
    return this.db.transaction(body).immediate();
  }

  /** All or none, the write lock taken only at the first write (BEGIN). */
  deferred<T>(body: () => T): T {
    return this.db.transaction(body)();
  }
}
