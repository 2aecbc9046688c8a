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

export function createLogger(level: LogLevel, format: LogFormat = "text"): Logger {
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
  return {
    error: (msg, err) => console.error(line("error", msg, err)),
    warn: (msg) => at >= ORDER.warn && console.warn(line("warn", msg)),
    info: (msg) => at >= ORDER.info && console.log(line("info", msg)),
    debug: (msg) => at >= ORDER.debug && console.log(line("debug", msg)),
  };
}
