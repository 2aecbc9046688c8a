import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * How long a test waits for a fact (a message, an answer, a line of output) before it fails. A wait
 * ends as soon as its fact holds, so this only bounds a failing run: it is generous so that a machine
 * busy with other jobs never fails a test that would pass.
 */
export const WAIT_LIMIT_MS = 30_000;

export interface OutputLine {
  readonly stream: "stdout" | "stderr";
  readonly text: string;
  readonly at: number;
  /** 1 for the first start, 2 after the first restart, … */
  readonly run: number;
}

export interface BotExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface BotProcessOptions {
  /** Executable; default: this Node binary. */
  command?: string;
  /** Default: ["dist/src/index.js"]. */
  args?: string[];
  /** Default: the repository root. */
  cwd?: string;
  /** Where the bot connects: a started DiscordEmulator fits. */
  emulator?: { readonly apiBase: string; readonly applicationId: string; readonly token: string };
  /** DEV_GUILD_ID. */
  guildId?: string;
  /** DATABASE_PATH; default a fresh file in a temp directory, kept across restarts. */
  databasePath?: string;
  /** Extra environment (wins over everything else); `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /** Mirror the bot's output to this process (default: when E2E_BOT_ECHO=1). */
  echo?: boolean;
}

/** Lines that mean discord.js (or the bot on top of it) hit an error. */
export const DISCORD_ERROR_PATTERNS: readonly RegExp[] = [
  /DiscordAPIError/,
  /Discordjs(Type|Range)?Error/,
  /\bHTTPError\b/,
  /\bRateLimitError\b/,
  /Error \[[A-Za-z]+\]/,
  /unhandled ?(promise ?)?rejection|uncaughtException/i,
  /\b(TypeError|ReferenceError|RangeError|SyntaxError)\b/,
  /^\s*at .*node_modules[\\/](discord\.js|@discordjs)[\\/]/,
  /Interaction has already been acknowledged|Unknown interaction|Invalid Form Body|Missing Permissions/,
];

/** The nearest folder at or above `from` whose package.json passes `accept`. */
function packageFolder(from: string, accept: (manifest: { workspaces?: unknown }) => boolean): string {
  let dir = from;
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && accept(JSON.parse(readFileSync(manifest, "utf8")))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error(`no fitting package.json above ${from}`);
    dir = up;
  }
}

/** This package's folder (its assets, the playground's page), from the source (vitest) or from its build under dist/. */
export function packageRoot(): string {
  return packageFolder(dirname(fileURLToPath(import.meta.url)), () => true);
}

/** The repository root, where the bot is built: the workspace that holds this package. */
export function repoRoot(): string {
  return packageFolder(dirname(packageRoot()), (manifest) => Array.isArray(manifest.workspaces));
}

const REPO_ROOT = repoRoot();
const live = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // A crashed test run must not leave bots running.
  process.once("exit", () => {
    for (const child of live) child.kill("SIGKILL");
  });
}

/** The real bot (or a fixture) as a child process wired to an emulator through its environment. */
export class BotProcess {
  readonly databasePath: string;
  readonly lines: OutputLine[] = [];
  readonly #options: BotProcessOptions;
  #child: ChildProcess | null = null;
  #exit: Promise<BotExit> | null = null;
  #lastExit: BotExit | null = null;
  #run = 0;

  constructor(options: BotProcessOptions = {}) {
    this.#options = options;
    this.databasePath = options.databasePath ?? join(mkdtempSync(join(tmpdir(), "e2e-bot-")), "bot.sqlite");
  }

  /** The environment the bot gets: the parent's minus its Discord settings, plus the emulator's. */
  get env(): Record<string, string> {
    const env: Record<string, string | undefined> = { ...process.env };
    for (const key of Object.keys(env)) {
      if (key.startsWith("DISCORD_") || key === "DATABASE_PATH" || key === "DEV_GUILD_ID") delete env[key];
    }
    const emulator = this.#options.emulator;
    if (emulator) {
      env.DISCORD_TOKEN = emulator.token;
      env.DISCORD_APPLICATION_ID = emulator.applicationId;
      env.DISCORD_API_BASE = emulator.apiBase;
    }
    env.DATABASE_PATH = this.databasePath;
    if (this.#options.guildId) env.DEV_GUILD_ID = this.#options.guildId;
    Object.assign(env, this.#options.env ?? {});
    return Object.fromEntries(
      Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
  }

  get running(): boolean {
    return this.#child !== null;
  }

  get pid(): number | undefined {
    return this.#child?.pid;
  }

  get lastExit(): BotExit | null {
    return this.#lastExit;
  }

  /** Spawns the process; resolves once it is running. */
  async start(): Promise<void> {
    if (this.#child) throw new Error("bot process already running");
    installExitHook();
    this.#run++;
    const run = this.#run;
    const child = spawn(
      this.#options.command ?? process.execPath,
      this.#options.args ?? ["dist/src/index.js"],
      {
        cwd: this.#options.cwd ?? REPO_ROOT,
        env: this.env,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const echo = this.#options.echo ?? process.env.E2E_BOT_ECHO === "1";
    for (const stream of ["stdout", "stderr"] as const) {
      let pending = "";
      child[stream]!.setEncoding("utf8");
      child[stream]!.on("data", (chunk: string) => {
        pending += chunk;
        const parts = pending.split(/\r?\n/);
        pending = parts.pop() ?? "";
        for (const text of parts) this.#push(stream, text, run, echo);
      });
      child[stream]!.on("end", () => {
        if (pending) this.#push(stream, pending, run, echo);
        pending = "";
      });
    }
    this.#child = child;
    live.add(child);
    this.#exit = new Promise<BotExit>((resolveExit) => {
      child.once("exit", (code, signal) => {
        const exit = { code, signal };
        this.#lastExit = exit;
        live.delete(child);
        if (this.#child === child) this.#child = null;
        resolveExit(exit);
      });
    });
    await new Promise<void>((resolveSpawn, reject) => {
      child.once("spawn", () => resolveSpawn());
      child.once("error", reject);
    });
  }

  #push(stream: "stdout" | "stderr", text: string, run: number, echo: boolean): void {
    this.lines.push({ stream, text, at: Date.now(), run });
    if (echo) process.stdout.write(`[bot ${stream}] ${text}\n`);
  }

  /** All output so far, one line per line, prefixed with the stream. */
  output(): string {
    return this.lines.map((line) => `${line.stream === "stderr" ? "ERR" : "OUT"} ${line.text}`).join("\n");
  }

  async waitForLine(pattern: RegExp | string, timeoutMs = WAIT_LIMIT_MS): Promise<OutputLine> {
    const matches = (line: OutputLine) =>
      typeof pattern === "string" ? line.text.includes(pattern) : pattern.test(line.text);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const line = this.lines.find(matches);
      if (line) return line;
      if (Date.now() > deadline) {
        throw new Error(
          `timed out waiting for bot output ${String(pattern)}; output so far:\n${this.output()}`,
        );
      }
      await new Promise((resolveTick) => setTimeout(resolveTick, 10));
    }
  }

  /** Resolves when the current process exits (immediately if none is running). */
  async waitForExit(timeoutMs = WAIT_LIMIT_MS): Promise<BotExit> {
    if (!this.#child || !this.#exit) return this.#lastExit ?? { code: null, signal: null };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`bot did not exit within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([this.#exit, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Sends `signal` and waits for the exit; escalates to SIGKILL if a softer signal is ignored. */
  async kill(signal: NodeJS.Signals = "SIGTERM", graceMs = 5000): Promise<BotExit> {
    const child = this.#child;
    if (!child) return this.#lastExit ?? { code: null, signal: null };
    child.kill(signal);
    try {
      return await this.waitForExit(signal === "SIGKILL" ? 10_000 : graceMs);
    } catch {
      child.kill("SIGKILL");
      return this.waitForExit(10_000);
    }
  }

  /** Stops the process (SIGTERM unless told otherwise) and starts it again with the same environment. */
  async restart(signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
    await this.kill(signal);
    await this.start();
  }

  /** Output lines that look like discord.js errors; `ignore` drops expected ones. */
  errorLines(options: { ignore?: RegExp[] } = {}): OutputLine[] {
    return this.lines.filter(
      (line) =>
        DISCORD_ERROR_PATTERNS.some((pattern) => pattern.test(line.text)) &&
        !(options.ignore ?? []).some((pattern) => pattern.test(line.text)),
    );
  }

  assertNoErrors(options: { ignore?: RegExp[] } = {}): void {
    const errors = this.errorLines(options);
    if (errors.length > 0) {
      throw new Error(`bot output contains errors:\n${errors.map((line) => line.text).join("\n")}`);
    }
  }
}
