import type { EmulatorUser } from "@cardtable/discord-emulator";
import { GatewayCloseCodes } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, sample, scrape, scrapeUntil } from "./support/metrics.js";
import { World } from "./support/world.js";

const world = new World();
let port: number;
let alice: EmulatorUser;

beforeAll(async () => {
  port = await freePort();
  await world.start({ env: { METRICS_PORT: String(port) } });
  alice = world.user("Alice");
});

// The refused callback is logged by the bot, as it should be.
afterAll(() => world.close({ ignoreErrors: [/DiscordAPIError\[10062\]: Unknown interaction/] }));

describe("the operator's metrics of failures (METRICS_PORT), against the local Discord emulator", () => {
  it("a first callback Discord refuses as too late (404, 10062) counts as a late interaction of its kind, not as unanswered", async () => {
    const channel = world.channel("late");
    world.emulator.failNext("POST", /^\/interactions\/\d+\/[^/]+\/callback$/, {
      status: 404,
      code: 10062,
      message: "Unknown interaction",
    });
    await world.slash(alice, channel, "help");
    const text = await scrapeUntil(
      port,
      (t) => sample(t, "cardtable_interaction_answer_seconds_count") === 1,
      "the command done with",
    );
    expect(sample(text, "cardtable_interactions_late_total", { kind: "command" })).toBe(1);
    expect(sample(text, "cardtable_interactions_late_total")).toBe(1);
    expect(sample(text, "cardtable_interactions_unanswered_total")).toBe(0);
  });

  it("a write refused while another process holds SQLite's write lock counts as a database timeout; every query is timed", async () => {
    const channel = world.channel("locked");
    const before = await scrape(port);
    expect(sample(before, "cardtable_db_query_seconds_count", { database: "sqlite" })).toBeGreaterThan(0);
    const release = world.lockDatabase();
    try {
      const refused = await world.slash(alice, channel, "notify", { enabled: false }, "dm");
      expect(refused.message?.text).toMatch(/database is not answering/);
    } finally {
      release();
    }
    const text = await scrapeUntil(
      port,
      (t) => sample(t, "cardtable_db_errors_total", { reason: "timeout" }) >= 1,
      "the refused write",
    );
    expect(sample(text, "cardtable_db_errors_total", { reason: "unavailable" })).toBe(0);
    expect(sample(text, "cardtable_db_query_seconds_count", { database: "sqlite" })).toBeGreaterThan(
      sample(before, "cardtable_db_query_seconds_count", { database: "sqlite" }),
    );
  });

  it("a dropped gateway connection counts a reconnect and a resume; one that cannot resume, a new session", async () => {
    world.emulator.disconnectBot();
    let text = await scrapeUntil(port, (t) => sample(t, "cardtable_gateway_resumes_total") === 1, "a resume");
    expect(sample(text, "cardtable_gateway_reconnects_total")).toBe(1);
    expect(sample(text, "cardtable_gateway_identifies_total")).toBe(1);
    world.emulator.disconnectBot(GatewayCloseCodes.InvalidSeq);
    text = await scrapeUntil(
      port,
      (t) => sample(t, "cardtable_gateway_identifies_total") === 2,
      "a second session",
    );
    expect(sample(text, "cardtable_gateway_reconnects_total")).toBe(2);
    expect(sample(text, "cardtable_gateway_resumes_total")).toBe(world.emulator.resumeCount);
    expect(world.emulator.identifyCount).toBe(2);
    expect(sample(text, "cardtable_gateway_disconnects_total")).toBe(0);
  });

  it("every sample names the shard (0: the bot runs unsharded)", async () => {
    const samples = (await scrape(port)).split("\n").filter((line) => line && !line.startsWith("#"));
    expect(samples.some((line) => line.startsWith("cardtable_interactions_late_total{"))).toBe(true);
    for (const line of samples) expect(line).toMatch(/[{,]shard="0"[,}]/);
  });
});
