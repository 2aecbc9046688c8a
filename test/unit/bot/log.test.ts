import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../../src/bot/log.js";

afterEach(() => vi.restoreAllMocks());

/** What the logger wrote to stdout and stderr, a line each. */
function capture(): string[] {
  const lines: string[] = [];
  for (const stream of ["log", "warn", "error"] as const)
    vi.spyOn(console, stream).mockImplementation((line: string) => void lines.push(line));
  return lines;
}

describe("log lines", () => {
  it("LOG_FORMAT=json: one JSON object a line with time, level and msg, and err when an error came", () => {
    const lines = capture();
    const log = createLogger("info", "json");
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
    const lines = capture();
    createLogger("info").error("interaction 9 failed:", new TypeError("boom"));
    expect(lines).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\S+ ERROR interaction 9 failed: TypeError: boom$/),
    ]);
  });
});
