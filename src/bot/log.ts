/**
 * A small levelled logger. Log lines name games, users and move kinds only, never card values:
 * a server log must not leak a private hand.
 */
export type LogLevel = "error" | "warn" | "info" | "debug";
const ORDER: Record<LogLevel, number> = { error: 0, warn: 1, info: 2, debug: 3 };

export interface Logger {
  error(msg: string, err?: unknown): void;
  warn(msg: string): void;
  info(msg: string): void;
  debug(msg: string): void;
}

export function createLogger(level: LogLevel): Logger {
  const at = ORDER[level];
  const line = (lvl: LogLevel, msg: string) => `${new Date().toISOString()} ${lvl.toUpperCase()} ${msg}`;
  return {
    error: (msg, err) => {
      const detail =
        err instanceof Error ? ` ${err.name}: ${err.message}` : err === undefined ? "" : ` ${String(err)}`;
      console.error(line("error", msg + detail));
    },
    warn: (msg) => at >= ORDER.warn && console.warn(line("warn", msg)),
    info: (msg) => at >= ORDER.info && console.log(line("info", msg)),
    debug: (msg) => at >= ORDER.debug && console.log(line("debug", msg)),
  };
}
