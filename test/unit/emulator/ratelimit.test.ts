import { INVALID_REQUEST_BAN, RateLimiter } from "@cardtable/discord-emulator/ratelimit";
import { describe, expect, it } from "vitest";

const CHANNEL = "100000000000000001";

describe("the emulator's model of Discord's rate limits", () => {
  it("reports the invalid request that reaches Discord's ban threshold, once, and forgets answers older than 10 minutes", () => {
    let now = 0;
    const limiter = new RateLimiter({ now: () => now });
    expect(limiter.answered(200)).toBe(false);
    expect(limiter.answered(404)).toBe(false);
    for (let i = 1; i < INVALID_REQUEST_BAN; i++)
      expect(limiter.answered(i % 3 === 0 ? 429 : 403)).toBe(false);
    expect(limiter.stats().invalidRequests).toBe(INVALID_REQUEST_BAN - 1);
    now += 1000;
    expect(limiter.answered(401)).toBe(true);
    expect(limiter.answered(401)).toBe(false);
    now += 10 * 60_000 - 1000;
    expect(limiter.stats().invalidRequests).toBe(2);
  });

  it("scales every budget for benches and takes a raised global limit", () => {
    const now = () => 0;
    const statuses = (limiter: RateLimiter, method: string, path: string, times: number) =>
      Array.from({ length: times }, () => (limiter.admit(method, path).refused ? 429 : 200));
    const scaled = new RateLimiter({ now, scale: 2 });
    expect(
      statuses(scaled, "POST", `/channels/${CHANNEL}/messages`, 11).filter((s) => s === 429),
    ).toHaveLength(1);
    expect(statuses(scaled, "GET", "/users/@me", 90).filter((s) => s === 429)).toHaveLength(1);
    const raised = new RateLimiter({ now, globalPerSecond: 500 });
    expect(statuses(raised, "GET", "/users/@me", 500).every((s) => s === 200)).toBe(true);
    expect(raised.admit("GET", "/users/@me").refused?.global).toBe(true);
  });

  it("lets world set-up through uncounted while suspended", async () => {
    const limiter = new RateLimiter({ now: () => 0 });
    await limiter.suspendedDuring(async () => {
      for (let i = 0; i < 60; i++)
        expect(limiter.admit("POST", `/channels/${CHANNEL}/messages`)).toEqual({
          headers: {},
          refused: null,
        });
    });
    expect(limiter.stats().global.requests).toBe(0);
    expect(limiter.admit("POST", `/channels/${CHANNEL}/messages`).headers["x-ratelimit-remaining"]).toBe("4");
  });

  it("gives routes without an observed bucket no bucket headers, and names routes by their template", () => {
    const limiter = new RateLimiter({ now: () => 0 });
    expect(limiter.admit("GET", `/guilds/${CHANNEL}/members/${CHANNEL}`)).toEqual({
      headers: {},
      refused: null,
    });
    limiter.admit("PATCH", `/webhooks/${CHANNEL}/aW50ZXJhY3Rpb24abc/messages/@original`);
    expect(Object.keys(limiter.stats().routes)).toEqual([
      "GET /guilds/{id}/members/{id}",
      "PATCH /webhooks/{application_id}/{interaction_token}/messages/@original",
    ]);
    expect(limiter.stats().global.requests).toBe(1);
  });
});
