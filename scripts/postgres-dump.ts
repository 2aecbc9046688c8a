import { type ChildProcess, type StdioOptions, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import pg from "pg";
import { MARK_ACTIVE_TABLES_BEHIND } from "../src/store/messages.js";
import { backupKind, DatabaseFileError, type DatabaseSummary, describe } from "./database-file.js";
import { postgresTool } from "./postgres-tools.js";

/** The bot's PostgreSQL database as DATABASE_URL names it. */
interface PostgresTarget {
  url: string;
  /** The database's name: the URL's path. */
  name: string;
  /** The role the bot connects as. */
  user: string;
  /** `host/name`, for messages: never the password. */
  shown: string;
  /** The same server's maintenance database, `postgres`, from where a database is created. */
  maintenanceUrl: string;
}

/** What a dump holds, found by reading all of it. */
interface DumpContents {
  /** The database it was taken of. */
  database: string;
  summary: DatabaseSummary;
  /** Its tables: a database holding any of them cannot take it. */
  tables: { schema: string; name: string }[];
}

/** The PostgreSQL programs the scripts run (see `postgresTool`). */
const PG_DUMP = "pg_dump";
const PG_RESTORE = "pg_restore";
const PSQL = "psql";

function targetOf(url: string): PostgresTarget {
  let location: URL;
  try {
    location = new URL(url);
  } catch {
    throw new DatabaseFileError(
      "DATABASE_URL is not a connection string (postgres://user@host:port/database).",
    );
  }
  if (!/^postgres(ql)?:$/i.test(location.protocol))
    throw new DatabaseFileError(
      "DATABASE_URL must be a PostgreSQL connection string (postgres://user@host:port/database).",
    );
  const name = decodeURIComponent(location.pathname.replace(/^\//, ""));
  if (!name)
    throw new DatabaseFileError(
      "DATABASE_URL names no database: end it with /<database> (postgres://user@host:port/database).",
    );
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  return {
    url,
    name,
    user: decodeURIComponent(location.username) || "<the bot's role>",
    shown: `${location.host || "localhost"}/${name}`,
    maintenanceUrl: maintenance.toString(),
  };
}

/**
 * The connection string a PostgreSQL program is given, and its environment: the password goes in
 * the environment (PGPASSWORD), not in its arguments, which anyone on the machine may read.
 */
function programConnection(url: string, application: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const location = new URL(url);
  const password = decodeURIComponent(location.password);
  location.password = "";
  const env: NodeJS.ProcessEnv = { ...process.env, PGAPPNAME: application };
  if (password) env.PGPASSWORD = password;
  return { dbname: `--dbname=${location.toString()}`, env };
}

interface Running {
  child: ChildProcess;
  /** Resolves when the program exits 0; rejects with what it said on stderr otherwise. */
  done: Promise<void>;
}

/** Enough of a program's stderr to say why it failed. */
const STDERR_KEPT = 4000;

function start(
  program: string,
  args: string[],
  options: { stdio: StdioOptions; env?: NodeJS.ProcessEnv },
): Running {
  const child = spawn(postgresTool(program), args, { stdio: options.stdio, env: options.env ?? process.env });
  let said = "";
  child.stderr?.setEncoding("utf8").on("data", (text: string) => {
    said = (said + text).slice(-STDERR_KEPT);
  });
  const done = new Promise<void>((resolve, reject) => {
    child.once("error", (err) => {
      reject(
        (err as { code?: unknown }).code === "ENOENT"
          ? new DatabaseFileError(
              `${program} is not installed: install PostgreSQL's client programs (npm run setup installs Debian's postgresql package).`,
            )
          : err,
      );
    });
    child.once("close", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(said.trim() || `${program} stopped (${code ?? signal})`));
    });
  });
  // Awaited once the caller has read what it needs; a failure before that is not unhandled.
  done.catch(() => undefined);
  return { child, done };
}

/** A program's whole output, for the short ones (a dump's table of contents). */
async function outputOf(program: string, args: string[]): Promise<string> {
  const running = start(program, args, { stdio: ["ignore", "pipe", "pipe"] });
  let text = "";
  running.child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    text += chunk;
  });
  await running.done;
  return text;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Checks a dump as the restore would read it: pg_dump's custom format, the bot's tables with their
 * rows, and every table's rows readable to the end (a damaged or cut-off file fails here). Says
 * what it holds from the games' rows.
 */
async function checkDump(file: string): Promise<DumpContents> {
  if (!fs.existsSync(file)) throw new DatabaseFileError(`No backup at ${file}.`);
  if (!fs.statSync(file).isFile()) throw new DatabaseFileError(`${file} is not a file.`);
  if (backupKind(file) === "sqlite")
    throw new DatabaseFileError(
      `${file} is an SQLite backup, but the bot's database is PostgreSQL (DATABASE_URL is set): unset DATABASE_URL to restore it to DATABASE_PATH.`,
    );
  let contents: string;
  try {
    contents = await outputOf(PG_RESTORE, ["--list", file]);
  } catch (err) {
    if (err instanceof DatabaseFileError) throw err;
    throw new DatabaseFileError(
      `${file} is not a dump in pg_dump's custom format (as npm run backup makes): ${messageOf(err)}`,
    );
  }
  // Table of contents lines: `<id>; <catalog> <oid> <kind> <schema> <name> <owner>`.
  const entries = [...contents.matchAll(/^\d+; \d+ \d+ (TABLE DATA|TABLE) (\S+) (\S+)/gm)].map((m) => ({
    kind: m[1]!,
    schema: m[2]!,
    name: m[3]!,
  }));
  const tables = entries.filter((e) => e.kind === "TABLE").map(({ schema, name }) => ({ schema, name }));
  const games = tables.find((t) => t.name === "games");
  if (!games || !tables.some((t) => t.schema === games.schema && t.name === "schema_migrations"))
    throw new DatabaseFileError(
      `${file} is a PostgreSQL dump, but not of the bot's database: it has no games.`,
    );
  if (!entries.some((e) => e.kind === "TABLE DATA" && e.schema === games.schema && e.name === "games"))
    throw new DatabaseFileError(
      `${file} holds the bot's tables without their rows (a dump made with --schema-only?): it cannot be restored.`,
    );
  const summary = await readGames(file, games.schema);
  return { database: /^;\s+dbname: (.*)$/m.exec(contents)?.[1] ?? "?", summary, tables };
}

/** Reads every table's rows from the dump, counting the games' as it passes them. */
async function readGames(file: string, schema: string): Promise<DatabaseSummary> {
  const running = start(PG_RESTORE, ["--data-only", "--file=-", file], { stdio: ["ignore", "pipe", "pipe"] });
  const summary: DatabaseSummary = { games: 0, active: 0, lastChange: null };
  let columns: { status: number; updatedAt: number } | null = null;
  const header = `COPY ${schema}.games (`;
  for await (const line of readline.createInterface({ input: running.child.stdout!, crlfDelay: Infinity })) {
    if (columns) {
      if (line === "\\.") {
        columns = null;
        continue;
      }
      // COPY's text format: fields split by tabs (a tab inside a field is written \t).
      const fields = line.split("\t");
      summary.games++;
      if (fields[columns.status] === "active") summary.active++;
      const changed = Number(fields[columns.updatedAt]);
      if (summary.lastChange === null || changed > summary.lastChange) summary.lastChange = changed;
    } else if (line.startsWith(header)) {
      const names = line.slice(header.length, line.indexOf(")")).split(", ");
      columns = { status: names.indexOf("status"), updatedAt: names.indexOf("updated_at") };
    }
  }
  try {
    await running.done;
  } catch (err) {
    if (err instanceof DatabaseFileError) throw err;
    throw new DatabaseFileError(`${file} is damaged: it cannot be read to its end (${messageOf(err)}).`);
  }
  return summary;
}

/**
 * `npm run backup` on PostgreSQL: pg_dump's custom format, which reads the whole database in one
 * snapshot (one repeatable-read transaction), so the bot writes on meanwhile and the dump holds each
 * game whole, before or after a move. Written to a file that did not exist (never over one), then
 * checked as a restore would read it.
 */
export async function backupPostgres(url: string, file: string | undefined): Promise<void> {
  const source = targetOf(url);
  const target = file ?? defaultDumpFile(source);
  if (!file) fs.mkdirSync(path.dirname(target), { recursive: true });
  if (!fs.existsSync(path.dirname(path.resolve(target))))
    throw new DatabaseFileError(`The folder of ${target} does not exist. Nothing was written.`);
  let out: number;
  try {
    // `wx`: made here, or refused if it exists, whatever appeared since a check. Readable by its
    // owner only: it holds the players' games and the interaction tokens of the tables.
    out = fs.openSync(target, "wx", 0o600);
  } catch (err) {
    if ((err as { code?: unknown }).code === "EEXIST")
      throw new DatabaseFileError(`${target} already exists; name another file. Nothing was written.`);
    throw new DatabaseFileError(`${target} cannot be written: ${messageOf(err)}. Nothing was written.`);
  }
  const { dbname, env } = programConnection(url, "cardtable-backup");
  try {
    await start(PG_DUMP, ["--format=custom", dbname], { stdio: ["ignore", out, "pipe"], env }).done;
  } catch (err) {
    fs.rmSync(target, { force: true });
    if (err instanceof DatabaseFileError) throw err;
    throw new DatabaseFileError(
      `${source.shown} could not be backed up: ${messageOf(err)}\nNothing was written.`,
    );
  } finally {
    fs.closeSync(out);
  }
  let contents: DumpContents;
  try {
    contents = await checkDump(target);
  } catch (err) {
    fs.rmSync(target, { force: true });
    throw new DatabaseFileError(
      `The backup of ${source.shown} failed its check and was removed: ${messageOf(err)}`,
    );
  }
  console.log(`Backed up ${source.shown} to ${target}: ${describe(contents.summary)}.`);
}

/** `data/<database>-<UTC time>.backup.pgdump`, in the bot's data folder. */
function defaultDumpFile(source: PostgresTarget): string {
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, "-");
  return path.join("data", `${source.name.replace(/[^\w.-]/g, "_")}-${stamp}.backup.pgdump`);
}

/**
 * `npm run restore -- <dump>` on PostgreSQL checks the dump and says what it holds; with `create`
 * (every host of the bot stopped) it restores it into the database DATABASE_URL names, creating
 * it when it does not exist, and marks every active game's table to be posted anew at the bot's
 * next start. A database that holds the bot's tables already, or that something is connected to,
 * is refused, and nothing is changed.
 */
export async function restorePostgres(url: string, file: string, create: boolean): Promise<void> {
  const target = targetOf(url);
  const dump = await checkDump(file);
  const holds = `${describe(dump.summary)} (taken of ${dump.database})`;
  if (!create) {
    console.log(
      `${file} is a sound backup: ${holds}.\nTo restore it: stop every host of the bot, set DATABASE_URL to a database that does not exist yet (the restore creates it) or an empty one, then run \`npm run restore -- ${file} --create\`.`,
    );
    return;
  }
  const created = await readyToReceive(target, dump);
  try {
    await restoreInto(target, file);
  } catch (err) {
    if (created) await dropCreated(target);
    throw new DatabaseFileError(
      `The restore into ${target.shown} failed, and nothing of it was kept${created ? " (the database it created is dropped again)" : ""}:\n${messageOf(err)}`,
    );
  }
  console.log(
    `Restored ${file} into ${target.shown}${created ? " (created)" : ""}: ${holds}. Start every host of the bot with this DATABASE_URL: every active game's table is posted anew at its restored version.`,
  );
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: "cardtable-restore" });
  // A connection lost later fails its query instead of crashing the script.
  client.on("error", () => undefined);
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  return client;
}

/** PostgreSQL's "database does not exist" and "permission denied". */
const NO_SUCH_DATABASE = "3D000";
const NOT_ALLOWED = "42501";

/**
 * Makes sure the target can take the dump: an existing database must hold none of its tables and
 * have no one connected; a missing one is created (from template0, PostgreSQL's untouched
 * template, owned by the bot's role). Returns whether it was created.
 */
async function readyToReceive(target: PostgresTarget, dump: DumpContents): Promise<boolean> {
  let existing: pg.Client;
  try {
    existing = await connect(target.url);
  } catch (err) {
    if ((err as { code?: unknown }).code !== NO_SUCH_DATABASE)
      throw new DatabaseFileError(
        `Cannot connect to ${target.shown}: ${messageOf(err)}. Nothing was changed.`,
      );
    await createDatabase(target);
    return true;
  }
  try {
    const found = (
      await existing.query(
        `SELECT format('%I.%I', schema, name) AS name FROM unnest($1::text[], $2::text[]) AS dumped(schema, name)
           WHERE to_regclass(format('%I.%I', schema, name)) IS NOT NULL`,
        [dump.tables.map((t) => t.schema), dump.tables.map((t) => t.name)],
      )
    ).rows as { name: string }[];
    if (found.length > 0)
      throw new DatabaseFileError(
        `${target.shown} already holds the bot's tables (${found
          .slice(0, 3)
          .map((t) => t.name)
          .join(
            ", ",
          )}${found.length > 3 ? ", …" : ""}): a restore goes into a fresh database. Name one that does not exist yet in DATABASE_URL (the restore creates it), or drop this one first (dropdb ${target.name}) if nothing in it is to be kept. Nothing was changed.`,
      );
    const connected = (
      await existing.query(
        `SELECT COUNT(*)::int AS n, string_agg(DISTINCT NULLIF(application_name, ''), ', ') AS names
           FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      )
    ).rows[0] as { n: number; names: string | null };
    if (connected.n > 0)
      throw new DatabaseFileError(
        `${target.shown} is in use: ${connected.n} connection(s)${connected.names ? ` (${connected.names})` : ""}. Stop every host of the bot, and whatever else is connected to it, then run the restore again. Nothing was changed.`,
      );
  } catch (err) {
    if (err instanceof DatabaseFileError) throw err;
    throw new DatabaseFileError(`Cannot check ${target.shown}: ${messageOf(err)}. Nothing was changed.`);
  } finally {
    await existing.end().catch(() => undefined);
  }
  return false;
}

async function createDatabase(target: PostgresTarget): Promise<void> {
  const byHand = `create the empty database yourself (CREATE DATABASE ${target.name} OWNER ${target.user}), then run the restore again. Nothing was changed.`;
  let admin: pg.Client;
  try {
    admin = await connect(target.maintenanceUrl);
  } catch (err) {
    throw new DatabaseFileError(
      `${target.shown} does not exist, and the server's maintenance database postgres, from where it would be created, cannot be reached (${messageOf(err)}): ${byHand}`,
    );
  }
  try {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(target.name)} TEMPLATE template0`);
  } catch (err) {
    throw new DatabaseFileError(
      (err as { code?: unknown }).code === NOT_ALLOWED
        ? `${target.shown} does not exist, and the role ${target.user} may not create databases. Have an administrator ${byHand}`
        : `${target.shown} could not be created (${messageOf(err)}): ${byHand}`,
    );
  } finally {
    await admin.end().catch(() => undefined);
  }
}

/** Drops the database this restore created, after it failed: nothing of the restore is left. */
async function dropCreated(target: PostgresTarget): Promise<void> {
  try {
    const admin = await connect(target.maintenanceUrl);
    try {
      // FORCE: psql's connection, killed, may not be gone yet.
      await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(target.name)} WITH (FORCE)`);
    } finally {
      await admin.end().catch(() => undefined);
    }
  } catch (err) {
    console.error(`The empty database ${target.shown} it created could not be dropped: ${messageOf(err)}`);
  }
}

/**
 * The dump as SQL (pg_restore) run by psql in one transaction, with the tables' mark and ANALYZE
 * (a restored table has no statistics for the planner) at its end: the database gets all of it or,
 * when anything fails, none. The transaction commits when psql's input ends, which it does only
 * after the whole dump and the mark; a pg_restore that fails kills psql instead, and the server
 * rolls back what it had.
 */
async function restoreInto(target: PostgresTarget, file: string): Promise<void> {
  const { dbname, env } = programConnection(target.url, "cardtable-restore");
  // The owners and grants are the old server's: the tables become the bot's role's, which restores them.
  const dumped = start(PG_RESTORE, ["--no-owner", "--no-privileges", "--file=-", file], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const psql = start(
    PSQL,
    ["--no-psqlrc", "--quiet", "--single-transaction", "--set=ON_ERROR_STOP=1", dbname],
    { stdio: ["pipe", "ignore", "pipe"], env },
  );
  const input = psql.child.stdin!;
  // psql stopped early: its own exit says why.
  input.on("error", () => undefined);
  dumped.child.stdout!.pipe(input, { end: false });
  const read = dumped.done.then(
    // The dump's SQL empties search_path; the mark names the tables as the bot does.
    () => void input.end(`RESET search_path;\n${MARK_ACTIVE_TABLES_BEHIND};\nANALYZE;\n`),
    (err: unknown) => {
      psql.child.kill("SIGKILL");
      throw err;
    },
  );
  const ran = psql.done.catch((err: unknown) => {
    dumped.child.kill("SIGKILL");
    throw err;
  });
  const [reading, running] = await Promise.allSettled([read, ran]);
  if (reading.status === "rejected") throw reading.reason;
  if (running.status === "rejected") throw running.reason;
}
