import type { ResponseLike } from "discord.js";
import { describe, expect, it } from "vitest";
import { GlobalBudget, isInteractionRoute, withinGlobalBudget } from "../../../src/bot/globalBudget.js";

const API = "http://127.0.0.1:1/api/v10";

/** A clock that only moves when someone sleeps on it. */
function fakeClock() {
  const clock = {
    at: 0,
    sleeps: [] as number[],
    now: () => clock.at,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.at += ms;
    },
  };
  return clock;
}

describe("Discord's global budget of 50 requests a second", () => {
  it("interaction callbacks and interaction webhooks are outside it; channel and guild routes count", () => {
    expect(isInteractionRoute(`${API}/interactions/123/tok.en-_1/callback`)).toBe(true);
    expect(isInteractionRoute(`${API}/interactions/123/tok/callback?with_response=true`)).toBe(true);
    expect(isInteractionRoute(`${API}/webhooks/42/tok`)).toBe(true);
    expect(isInteractionRoute(`${API}/webhooks/42/tok?wait=true`)).toBe(true);
    expect(isInteractionRoute(`${API}/webhooks/42/tok/messages/@original`)).toBe(true);
    expect(isInteractionRoute(`${API}/webhooks/42/tok/messages/77`)).toBe(true);
    expect(isInteractionRoute(`${API}/channels/5/messages`)).toBe(false);
    expect(isInteractionRoute(`${API}/channels/5/messages/6`)).toBe(false);
    expect(isInteractionRoute(`${API}/applications/42/guilds/9/commands`)).toBe(false);
    expect(isInteractionRoute(`${API}/users/@me/channels`)).toBe(false);
  });

  it("lets the budget through at once and holds the next request until the oldest leaves the window", async () => {
    const clock = fakeClock();
    const budget = new GlobalBudget(50, 1000, clock);
    const granted: number[] = [];
    await Promise.all(Array.from({ length: 52 }, () => budget.take().then(() => granted.push(clock.now()))));
    expect(granted.slice(0, 50).every((at) => at === 0)).toBe(true);
    expect(granted.slice(50)).toEqual([1000, 1000]);
    expect(clock.sleeps).toEqual([1000]);
  });

  it("never lets more than the budget into any window, however requests arrive", async () => {
    const clock = fakeClock();
    const budget = new GlobalBudget(5, 1000, clock);
    const granted: number[] = [];
    for (let i = 0; i < 40; i++) {
      clock.at += (i * 37) % 300;
      await budget.take();
      granted.push(clock.now());
    }
    for (const start of granted)
      expect(granted.filter((at) => at >= start && at < start + 1000).length).toBeLessThanOrEqual(5);
  });

  it("a REST client's requests wait for the budget on counted routes only", async () => {
    const clock = fakeClock();
    const budget = new GlobalBudget(1, 1000, clock);
    const sent: string[] = [];
    const makeRequest = withinGlobalBudget(async (url) => {
      sent.push(`${clock.now()} ${new URL(url).pathname}`);
      return new Response(null, { status: 204 }) as unknown as ResponseLike;
    }, budget);
    await makeRequest(`${API}/channels/5/messages`, {});
    await makeRequest(`${API}/interactions/1/t/callback`, {});
    await makeRequest(`${API}/webhooks/42/t/messages/@original`, {});
    await makeRequest(`${API}/channels/5/messages/6`, {});
    expect(sent).toEqual([
      "0 /api/v10/channels/5/messages",
      "0 /api/v10/interactions/1/t/callback",
      "0 /api/v10/webhooks/42/t/messages/@original",
      "1000 /api/v10/channels/5/messages/6",
    ]);
  });
});
