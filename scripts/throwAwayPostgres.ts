import { execFile, execFileSync } from "node:child_process";
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { installedPostgresTool } from "./postgres-tools.js";

/**
 * A throw-away PostgreSQL server for tests: its own cluster in a fresh temporary folder, on a free
 * port of 127.0.0.1, trusting every local connection, gone with its folder after stop(). It runs
 * Debian's binaries (`npm run setup` installs the `postgresql` package), never a system service.
 */
export interface ThrowAwayPostgres {
  /** A connection string for the `postgres` superuser and database. */
  readonly url: string;
  /** The temporary folder: the cluster, its log and its unix socket. */
  readonly folder: string;
  /** Stops the server at once (no checkpoint: nothing in it is kept) and removes the folder. */
  stop(): Promise<void>;
}

const run = promisify(execFile);
/** The superuser initdb creates; also the system user the Debian package creates. */
const SUPERUSER = "postgres";
/** Another process may take the free port between the probe and the server's start: try a new one. */
const START_ATTEMPTS = 3;

/**
 * Durability is pointless in a cluster thrown away after the test; without it a commit waits on no
 * disk. A bench measures with it (`durable`), as a real server runs. The socket goes in the
 * temporary folder: the package's /var/run/postgresql may not exist.
 */
const SETTINGS = (port: number, folder: string, durable: boolean) => `
listen_addresses = '127.0.0.1'
port = ${port}
unix_socket_directories = '${folder}'
${durable ? "" : "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n"}`;

/** Servers this process started and has not stopped: a crashed test run must not leave them running. */
const live = new Set<{ pgCtl: string; folder: string }>();
let exitHookInstalled = false;

/** The newest installed PostgreSQL's bin folder, /usr/lib/postgresql/<version>/bin. */
export function postgresBin(): string {
  const pgCtl = installedPostgresTool("pg_ctl");
  if (!pgCtl)
    throw new Error(
      "PostgreSQL is not installed (no /usr/lib/postgresql/<version>/bin/pg_ctl): run npm run setup",
    );
  return dirname(pgCtl);
}

/**
 * PostgreSQL refuses to run as root: root runs its tools as the package's `postgres` user, who
 * then owns the folder; anyone else runs them as themselves.
 */
const asRoot = process.getuid?.() === 0;

function command(tool: string, args: string[]): [string, string[]] {
  return asRoot ? ["runuser", ["-u", SUPERUSER, "--", tool, ...args]] : [tool, args];
}

async function tool(folder: string, path: string, args: string[]): Promise<void> {
  const [file, argv] = command(path, args);
  try {
    await run(file, argv, { cwd: folder });
  } catch (err) {
    const { stderr, stdout } = err as { stderr?: string; stdout?: string };
    throw new Error(`${[path, ...args].join(" ")} failed:\n${stderr || stdout || (err as Error).message}`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

function ownedByPostgres(folder: string): void {
  if (!asRoot) return;
  const ids = (flag: "-u" | "-g") => Number(execFileSync("id", [flag, SUPERUSER], { encoding: "utf8" }));
  chownSync(folder, ids("-u"), ids("-g"));
}

/** pg_ctl's stop without a checkpoint: nothing in the cluster is kept. */
const stopArgs = (folder: string) => ["stop", "-D", join(folder, "data"), "-m", "immediate"];

function serverLog(folder: string): string {
  const log = join(folder, "server.log");
  return existsSync(log) ? readFileSync(log, "utf8") : "(no server log)";
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const server of live) {
      const [file, argv] = command(server.pgCtl, stopArgs(server.folder));
      try {
        execFileSync(file, argv, { cwd: server.folder, stdio: "ignore" });
      } catch {
        // Already gone: only the folder is left to remove.
      }
      rmSync(server.folder, { recursive: true, force: true });
    }
  });
}

/** initdb into a fresh temporary folder and pg_ctl start on a free port; resolves once it accepts connections. */
export async function startPostgres(options: { durable?: boolean } = {}): Promise<ThrowAwayPostgres> {
  const bin = postgresBin();
  const pgCtl = join(bin, "pg_ctl");
  const folder = mkdtempSync(join(tmpdir(), "pg-test-"));
  const data = join(folder, "data");
  const server = { pgCtl, folder };
  installExitHook();
  live.add(server);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      if (existsSync(join(data, "postmaster.pid"))) await tool(folder, pgCtl, [...stopArgs(folder), "-w"]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
      live.delete(server);
    }
  };
  try {
    ownedByPostgres(folder);
    await tool(folder, join(bin, "initdb"), [
      "-D",
      data,
      "-U",
      SUPERUSER,
      "--auth=trust",
      "--encoding=UTF8",
      "--locale=C",
      "--no-sync",
      "--no-instructions",
    ]);
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      appendFileSync(join(data, "postgresql.conf"), SETTINGS(port, folder, options.durable === true));
      try {
        await tool(folder, pgCtl, ["start", "-D", data, "-l", join(folder, "server.log"), "-w", "-t", "60"]);
        return { url: `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`, folder, stop };
      } catch (err) {
        if (attempt >= START_ATTEMPTS) throw new Error(`${(err as Error).message}\n${serverLog(folder)}`);
      }
    }
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
}

/** A new, empty database `name` on the server; its connection string. */
export async function createDatabase(server: ThrowAwayPostgres, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const location = new URL(server.url);
  location.pathname = `/${name}`;
  return location.toString();
}
