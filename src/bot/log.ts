/**
 * A small levelled logger. Log lines name games, users and move kinds only, never card values:
 * a server log must not leak a private hand.
 */
export type LogLevel = "error" | "warn" | "info" | "debug";
const ORDER: Record<LogLevel, number> = { error: 0, warn: 1, info: 2, debug: 3 };

/** `text`: one readable line each; `json`: one JSON object a line, for a log collector. */
export type LogFormat = "text" | "json";

export interface Logger {
  error(msg: string, err?: unknown): void;
  warn(msg: string): void;
  info(msg: string): void;
  debug(msg: string): void;
}

/** An error as its name and message only: a stack or a cause could carry what a log must not. */
function describe(err: unknown): string | undefined {
  if (err === undefined) return undefined;
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

export function createLogger(
  level: LogLevel,
  format: LogFormat = "text",
  stdout: Pick<NodeJS.WritableStream, "write"> = process.stdout,
): Logger {
  const at = ORDER[level];
  const line = (lvl: LogLevel, msg: string, err?: unknown): string => {
    const time = new Date().toISOString();
    const detail = describe(err);
    if (format === "json")
      // The text form's "failed:" leads into the error; a JSON line has the error in a field of its own.
      return JSON.stringify({
        time,
        level: lvl,
        msg: detail === undefined ? msg : msg.replace(/:\s*$/, ""),
        ...(detail === undefined ? {} : { err: detail }),
      });
    return `${time} ${lvl.toUpperCase()} ${msg}${detail === undefined ? "" : ` ${detail}`}`;
  };
  const out = new LineBuffer(stdout);
  return {
    // A warning or an error is written at once, after the lines before it.
    error: (msg, err) => {
      out.flush();
      console.error(line("error", msg, err));
    },
    warn: (msg) => {
      if (at < ORDER.warn) return;
      out.flush();
      console.warn(line("warn", msg));
    },
    info: (msg) => at >= ORDER.info && out.add(line("info", msg)),
    debug: (msg) => at >= ORDER.debug && out.add(line("debug", msg)),
  };
}

/**
 * The info and debug lines, a few every move: gathered while the event loop is busy and written
 * together once it turns (one write, not one a line through the console), and at the process's end.
 */
class LineBuffer {
  #lines: string[] = [];
  readonly #flush = () => this.flush();

  constructor(private readonly stream: Pick<NodeJS.WritableStream, "write">) {}

  add(line: string): void {
    if (this.#lines.push(line) > 1) return;
    setImmediate(this.#flush);
    // Lines of the process's last moments are written too.
    process.once("exit", this.#flush);
  }

  flush(): void {
    if (this.#lines.length === 0) return;
    process.off("exit", this.#flush);
    const text = `${this.#lines.join("\n")}\n`;
    this.#lines = [];
    this.stream.write(text);
  }
}
