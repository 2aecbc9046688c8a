import type { ResponseLike } from "@discordjs/rest";
import { describe, expect, it } from "vitest";
import { GlobalBudget } from "../../../src/bot/globalBudget.js";
import { createLogger } from "../../../src/bot/log.js";
import { backoffMs, failureOf, mayResend, RestRoute, resendDeadline } from "../../../src/bot/restRoute.js";

const PROXY = "http://proxy.internal:8790/api";
const DIRECT = "http://discord.test/api";
const DISCORD_EPOCH = 1_420_070_400_000;

/** An error as Node's sockets and undici throw them. */
function netError(code: string, message = code): Error {
  return Object.assign(new Error(message), { code });
}

function answer(status: number): ResponseLike & { read: boolean } {
  const response = {
    status,
    ok: status < 300,
    statusText: "",
    headers: new Headers(),
    body: null,
    bodyUsed: false,
    read: false,
    arrayBuffer: async () => {
      response.read = true;
      return new ArrayBuffer(0);
    },
    json: async () => ({}),
    text: async () => "",
  };
  return response;
}

/** A clock that moves only when slept on; `at` starts at a realistic wall-clock time. */
function fakeClock(at = Date.parse("2030-01-01T00:00:00Z")) {
  const clock = {
    at,
    sleeps: [] as number[],
    now: () => clock.at,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.at += ms;
    },
  };
  return clock;
}

/** What the route counted. */
function tally() {
  const counted = { failed: [] as string[], retried: [] as string[], fallback: 0 };
  return {
    counted,
    metrics: {
      restFailed: (route: string, reason: string) => counted.failed.push(`${reason} ${route}`),
      restRetried: (route: string) => counted.retried.push(route),
      restFallback: () => counted.fallback++,
    },
  };
}

/**
 * A route over `send`, whose answers are scripted in turn (an Error is thrown, a number answered
 * with that status, an answer given as it is), recording the URLs asked. `random` 1 takes each pause's full length.
 */
function routeOver(
  script: (Error | number | ResponseLike)[],
  options: {
    fallback?: boolean;
    proxyAnswers?: () => Promise<boolean>;
    clock?: ReturnType<typeof fakeClock>;
  } = {},
) {
  const clock = options.clock ?? fakeClock();
  const { counted, metrics } = tally();
  const asked: string[] = [];
  const answers: ReturnType<typeof answer>[] = [];
  const fallbackBudget = new GlobalBudget(5, 1000, clock);
  const route = new RestRoute({
    apiBase: PROXY,
    fallback: options.fallback ? { apiBase: DIRECT, budget: fallbackBudget } : null,
    budget: new GlobalBudget(50, 1000, clock),
    metrics,
    log: createLogger("error"),
    clock,
    random: () => 1,
    proxyAnswers: options.proxyAnswers ?? (async () => false),
  });
  const send = route.wrap(async (url) => {
    asked.push(url);
    const next = script.shift();
    if (next === undefined) throw new Error("asked more often than scripted");
    if (next instanceof Error) throw next;
    if (typeof next !== "number") return next;
    const response = answer(next);
    answers.push(response);
    return response;
  });
  return { route, send, asked, answers, counted, clock };
}

describe("how a failed REST attempt is judged", () => {
  it("a connection never made is unsent; one that broke or timed out is lost; anything else is no network failure", () => {
    expect(failureOf(netError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:8790"))).toBe("unsent");
    expect(failureOf(new TypeError("fetch failed", { cause: netError("ECONNREFUSED") }))).toBe("unsent");
    expect(failureOf(new AggregateError([netError("ECONNREFUSED"), netError("ENETUNREACH")]))).toBe("unsent");
    expect(failureOf(netError("UND_ERR_SOCKET", "other side closed"))).toBe("lost");
    expect(failureOf(netError("ECONNRESET", "socket hang up"))).toBe("lost");
    expect(failureOf(new Error("socket hang up"))).toBe("lost");
    expect(
      failureOf(
        Object.assign(new Error("The operation was aborted due to timeout"), { name: "TimeoutError" }),
      ),
    ).toBe("lost");
    expect(failureOf(new TypeError("Unable to resolve body."))).toBeNull();
  });

  it("what may have been done is sent again only when doing it twice does it once: no POST but an interaction's callback", () => {
    expect(mayResend("POST", "unsent")).toBe(true);
    expect(mayResend("POST", "lost")).toBe(false);
    expect(mayResend("POST", "server_error")).toBe(false);
    expect(mayResend("patch", "lost")).toBe(true);
    expect(mayResend("GET", "server_error")).toBe(true);
    expect(mayResend("PUT", "lost")).toBe(true);
    expect(mayResend("DELETE", "lost")).toBe(false);
    expect(mayResend("POST", "lost", true)).toBe(true);
  });

  it("the pause doubles from 250 ms to at most 4 s, each drawn from its upper half", () => {
    expect([1, 2, 3, 4, 5, 6].map((retry) => backoffMs(retry, () => 1))).toEqual([
      250, 500, 1000, 2000, 4000, 4000,
    ]);
    expect(backoffMs(3, () => 0)).toBe(500);
  });

  it("an interaction callback is sent again up to 2.5 s after the interaction was made; nothing else has a deadline", () => {
    const made = Date.parse("2030-01-01T00:00:00Z");
    const id = (BigInt(made - DISCORD_EPOCH) << 22n).toString();
    expect(resendDeadline(`${PROXY}/v10/interactions/${id}/aToken/callback?with_response=false`)).toBe(
      made + 2500,
    );
    expect(resendDeadline(`${PROXY}/v10/webhooks/42/aToken/messages/@original`)).toBeNull();
    expect(resendDeadline(`${PROXY}/v10/channels/5/messages`)).toBeNull();
  });
});

describe("a request whose attempt failed is sent again, after a pause that doubles", () => {
  it("a REST that fails then recovers: a read refused twice, then answered, after pauses of 250 and 500 ms", async () => {
    const { send, asked, counted, clock } = routeOver([
      netError("ECONNREFUSED"),
      netError("ECONNREFUSED"),
      200,
    ]);
    const response = await send(`${PROXY}/v10/channels/5/messages/6`, { method: "GET" });
    expect(response.status).toBe(200);
    expect(asked).toHaveLength(3);
    expect(clock.sleeps).toEqual([250, 500]);
    expect(counted.failed).toEqual([
      "connection /channels/5/messages/6",
      "connection /channels/5/messages/6",
    ]);
    expect(counted.retried).toHaveLength(2);
  });

  it("an edit answered 5xx is sent again, the unused answer read so its connection is free", async () => {
    const { send, answers, counted } = routeOver([502, 200]);
    const response = await send(`${PROXY}/v10/channels/5/messages/6`, { method: "PATCH" });
    expect(response.status).toBe(200);
    expect(answers[0]!.read).toBe(true);
    expect(counted.failed).toEqual(["server_error /channels/5/messages/6"]);
  });

  it("a post whose connection broke is not sent again: it may have been posted; one refused is", async () => {
    const lost = routeOver([netError("UND_ERR_SOCKET", "other side closed")]);
    await expect(lost.send(`${PROXY}/v10/channels/5/messages`, { method: "POST" })).rejects.toThrow(
      "other side closed",
    );
    expect(lost.asked).toHaveLength(1);
    expect(lost.counted.retried).toEqual([]);
    const refused = routeOver([netError("ECONNREFUSED"), 200]);
    expect((await refused.send(`${PROXY}/v10/channels/5/messages`, { method: "POST" })).status).toBe(200);
  });

  it("a post answered 5xx gets that answer back, for discord.js to report, without a second try", async () => {
    const { send, asked } = routeOver([500]);
    expect((await send(`${PROXY}/v10/channels/5/messages`, { method: "POST" })).status).toBe(500);
    expect(asked).toHaveLength(1);
  });

  it("gives up after 6 attempts with the last failure", async () => {
    const { send, asked, clock } = routeOver(Array.from({ length: 6 }, () => netError("ECONNREFUSED")));
    await expect(send(`${PROXY}/v10/users/@me`, { method: "GET" })).rejects.toThrow("ECONNREFUSED");
    expect(asked).toHaveLength(6);
    expect(clock.sleeps).toEqual([250, 500, 1000, 2000, 4000]);
  });

  it("a callback refused is sent again while Discord's 3 s allow, not after", async () => {
    const clock = fakeClock();
    const freshId = (BigInt(clock.at - 100 - DISCORD_EPOCH) << 22n).toString();
    const fresh = routeOver([netError("ECONNREFUSED"), 204], { clock });
    expect(
      (await fresh.send(`${PROXY}/v10/interactions/${freshId}/tok/callback`, { method: "POST" })).status,
    ).toBe(204);
    const oldId = (BigInt(clock.at - 2400 - DISCORD_EPOCH) << 22n).toString();
    const old = routeOver([netError("ECONNREFUSED")], { clock });
    await expect(
      old.send(`${PROXY}/v10/interactions/${oldId}/tok/callback`, { method: "POST" }),
    ).rejects.toThrow("ECONNREFUSED");
    expect(old.asked).toHaveLength(1);
  });

  it("a callback that may have arrived is sent again: Discord's refusal as already acknowledged means it had", async () => {
    const clock = fakeClock();
    const id = (BigInt(clock.at - 100 - DISCORD_EPOCH) << 22n).toString();
    const url = `${PROXY}/v10/interactions/${id}/tok/callback`;
    const refusal = (code: number) =>
      Object.assign(answer(400), {
        text: async () => JSON.stringify({ code, message: "refused" }),
        headers: new Headers({ "content-type": "application/json" }),
      });
    const send = (script: (Error | number | ResponseLike)[], to = url) => {
      const route = routeOver(script, { clock });
      return route.send(to, { method: "POST" }).then((response) => ({ response, asked: route.asked.length }));
    };
    const arrived = await send([netError("UND_ERR_SOCKET", "other side closed"), refusal(40060)]);
    expect(arrived).toMatchObject({ response: { status: 204 }, asked: 2 });
    expect((await send([502, 204])).response.status).toBe(204);
    // Another refusal is Discord's to explain, its body intact; one asking for its response keeps the refusal.
    const other = (await send([502, refusal(10062)])).response;
    expect(other.status).toBe(400);
    expect(await other.json()).toEqual({ code: 10062, message: "refused" });
    expect((await send([502, refusal(40060)], `${url}?with_response=true`)).response.status).toBe(400);
  });

  it("a request discord.js gave up on (its timeout) is not sent again", async () => {
    const { send, asked } = routeOver([
      Object.assign(new Error("This operation was aborted"), { name: "AbortError" }),
    ]);
    const given = new AbortController();
    given.abort();
    await expect(send(`${PROXY}/v10/users/@me`, { method: "GET", signal: given.signal })).rejects.toThrow(
      "aborted",
    );
    expect(asked).toHaveLength(1);
  });

  it("another error (a bug, a bad body) is counted and thrown at once", async () => {
    const { send, asked, counted } = routeOver([new TypeError("Unable to resolve body.")]);
    await expect(send(`${PROXY}/v10/channels/5/messages`, { method: "POST" })).rejects.toThrow(
      "resolve body",
    );
    expect(asked).toHaveLength(1);
    expect(counted.failed).toEqual(["other /channels/5/messages"]);
  });
});

/** A clock whose sleepers wake only when the test moves it on. */
function manualClock(at = Date.parse("2030-01-01T00:00:00Z")) {
  const sleepers: { until: number; wake: () => void }[] = [];
  const clock = {
    at,
    sleeps: [] as number[],
    now: () => clock.at,
    sleep: (ms: number) =>
      new Promise<void>((wake) => {
        clock.sleeps.push(ms);
        sleepers.push({ until: clock.at + ms, wake });
      }),
    /** Moves on by `ms`, wakes whoever's time came, and lets what they do run. */
    async advance(ms: number) {
      clock.at += ms;
      for (const sleeper of sleepers.filter((s) => s.until <= clock.at)) {
        sleepers.splice(sleepers.indexOf(sleeper), 1);
        sleeper.wake();
      }
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
  return clock;
}

describe("the fallback while the proxy does not answer", () => {
  it("a request the proxy did not take goes straight to Discord at once, and so do the next, until the proxy's /healthz answers", async () => {
    const clock = manualClock();
    let healthy = false;
    let probes = 0;
    const { send, asked, counted, route } = routeOver([netError("ECONNREFUSED"), 200, 200, 200], {
      fallback: true,
      clock: clock as unknown as ReturnType<typeof fakeClock>,
      proxyAnswers: async () => {
        probes++;
        return healthy;
      },
    });
    expect((await send(`${PROXY}/v10/channels/5/messages`, { method: "POST" })).status).toBe(200);
    expect(asked).toEqual([`${PROXY}/v10/channels/5/messages`, `${DIRECT}/v10/channels/5/messages`]);
    expect(route.fallingBack).toBe(true);
    await send(`${PROXY}/v10/interactions/1/tok/callback`, { method: "POST" });
    expect(asked.at(-1)).toBe(`${DIRECT}/v10/interactions/1/tok/callback`);
    expect(counted.fallback).toBe(2);
    // The proxy is asked a second after it failed, and every second after, until it answers.
    expect(probes).toBe(0);
    await clock.advance(1000);
    expect(probes).toBe(1);
    expect(route.fallingBack).toBe(true);
    healthy = true;
    await clock.advance(1000);
    expect(probes).toBe(2);
    expect(route.fallingBack).toBe(false);
    await send(`${PROXY}/v10/channels/5/messages`, { method: "POST" });
    expect(asked.at(-1)).toBe(`${PROXY}/v10/channels/5/messages`);
  });

  it("on the fallback, the routes that count wait for this process's own budget there", async () => {
    const clock = manualClock();
    const { send, asked } = routeOver([netError("ECONNREFUSED"), ...Array.from({ length: 7 }, () => 200)], {
      fallback: true,
      clock: clock as unknown as ReturnType<typeof fakeClock>,
    });
    await send(`${PROXY}/v10/channels/5/messages/0`, { method: "GET" });
    const sent = Array.from({ length: 6 }, (_, i) =>
      send(`${PROXY}/v10/channels/5/messages/${i + 1}`, { method: "GET" }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    // 5 a second there: the one that fell back and four more; the other two wait for the next second.
    expect(asked.filter((url) => url.startsWith(DIRECT))).toHaveLength(5);
    await clock.advance(1000);
    await Promise.all(sent);
    expect(asked.filter((url) => url.startsWith(DIRECT))).toHaveLength(7);
  });
});
