import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

/** The bot's clock on a fresh TEST_CLOCK_FILE, with the real time in the test's hands. */
async function clockOn(file: string): Promise<() => number> {
  vi.stubEnv("TEST_CLOCK_FILE", file);
  vi.resetModules();
  return (await import("../../../src/bot/clock.js")).now;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("the injected clock of the end-to-end tests", () => {
  it("adds the file's shift to the real time, re-read after 50 ms", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "clock-")), "offset");
    fs.writeFileSync(file, "5000");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(1_000_000);
    const now = await clockOn(file);
    expect(now()).toBe(1_005_000);
    fs.writeFileSync(file, "9000");
    vi.setSystemTime(1_000_050);
    expect(now()).toBe(1_009_050);
  });

  it("a file caught emptied, between two writes, keeps the shift last read: the clock never jumps back", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "clock-")), "offset");
    fs.writeFileSync(file, "5000");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(1_000_000);
    const now = await clockOn(file);
    expect(now()).toBe(1_005_000);
    fs.truncateSync(file);
    vi.setSystemTime(1_000_050);
    expect(now()).toBe(1_005_050);
    fs.writeFileSync(file, "9000");
    vi.setSystemTime(1_000_100);
    expect(now()).toBe(1_009_100);
  });
});
