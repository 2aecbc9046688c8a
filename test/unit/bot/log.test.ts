import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../../src/bot/log.js";

afterEach(() => vi.restoreAllMocks());

/** What the logger wrote to stdout (`stdout`, given to the logger) and to stderr, a line each. */
function capture(): { lines: string[]; stdout: { write: (text: string) => boolean } } {
  const lines: string[] = [];
  for (const stream of ["warn", "error"] as const)
    vi.spyOn(console, stream).mockImplementation((line: string) => void lines.push(line));
  const stdout = {
    write: (text: string) => {
      lines.push(...text.split("\n").slice(0, -1));
      return true;
    },
  };
  return { lines, stdout };
}

/** The event loop turns: lines gathered until then are written. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("log lines", () => {
  it("LOG_FORMAT=json: one JSON object a line with time, level and msg, and err when an error came", () => {
    const { lines, stdout } = capture();
    const log = createLogger("info", "json", stdout);
    log.info("game 7 v3: 42 play");
    log.error("interaction 9 failed:", new TypeError("boom"));
    log.debug("below the level");
    expect(lines).toHaveLength(2);
    const [info, error] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(info).toEqual({ time: expect.any(String), level: "info", msg: "game 7 v3: 42 play" });
    expect(Number.isNaN(Date.parse(info?.time as string))).toBe(false);
    expect(error).toEqual({
      time: expect.any(String),
      level: "error",
      msg: "interaction 9 failed",
      err: "TypeError: boom",
    });
  });

  it("the default text format stays one readable line, the error after the message", () => {
    const { lines } = capture();
    createLogger("info").error("interaction 9 failed:", new TypeError("boom"));
    expect(lines).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\S+ ERROR interaction 9 failed: TypeError: boom$/),
    ]);
  });

  it("writes info and debug lines together once the event loop turns, before any warning that follows them", async () => {
    const { lines, stdout } = capture();
    const writes = vi.spyOn(stdout, "write");
    const log = createLogger("debug", "text", stdout);
    log.info("game 1 v2: 42 play");
    log.debug("game 1: table shown");
    expect(lines).toEqual([]);
    await turn();
    expect(writes).toHaveBeenCalledTimes(1);
    log.info("game 1 v3: 43 play");
    log.warn("game 1: the table could not be shown");
    expect(lines.map((line) => line.replace(/^\S+ /, ""))).toEqual([
      "INFO game 1 v2: 42 play",
      "DEBUG game 1: table shown",
      "INFO game 1 v3: 43 play",
      "WARN game 1: the table could not be shown",
    ]);
    await turn();
    expect(writes).toHaveBeenCalledTimes(2);
  });
});
