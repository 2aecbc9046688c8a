import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TheGameState } from "../../src/games/thegame/engine/types.js";
import { freePort, sample, scrapeUntil } from "./support/metrics.js";
import { button, World } from "./support/world.js";

const world = new World();
let metricsPort: number;
const [alice, bob, cy, dee] = ["Alice", "Bob", "Cy", "Dee"].map((name) => world.user(name));

beforeAll(async () => {
  metricsPort = await freePort();
  await world.start({ seed: 7, env: { METRICS_PORT: String(metricsPort) } });
});

afterAll(() => world.close());

// First in this file: the bot has seen no interaction before it, so its counts are exact.
describe("the operator's port (METRICS_PORT), against the local Discord emulator", () => {
  it("/metrics counts each interaction and its acknowledgement, the REST requests by route, and the games being played", async () => {
    const channel = world.channel("metrics");
    // A command (/play) and four buttons (join, start, the panel, a claim: a move of The Game's).
    await world.openGame("thegame", channel, alice, [bob]);
    const panel = await world.openPanel(alice, channel, "thegame");
    await world.click(alice, panel, button(panel, "claim").customId!);
    expect(world.game(channel.id).moves).toBe(1);
    const text = await scrapeUntil(
      metricsPort,
      (t) => sample(t, "cardtable_interaction_answer_seconds_count") === 5,
      "five answered interactions",
    );
    expect(sample(text, "cardtable_interactions_total", { kind: "command" })).toBe(1);
    expect(sample(text, "cardtable_interactions_total", { kind: "button" })).toBe(4);
    expect(sample(text, "cardtable_interactions_total")).toBe(5);
    expect(sample(text, "cardtable_interaction_ack_seconds_count", { kind: "command" })).toBe(1);
    expect(sample(text, "cardtable_interaction_ack_seconds_count", { kind: "button" })).toBe(4);
    const callbacks = { route: "/interactions/:id/:token/callback", method: "POST" };
    expect(sample(text, "cardtable_rest_requests_total", callbacks)).toBe(5);
    // The first table is the Start click's public follow-up, on its token (outside the global budget).
    expect(
      sample(text, "cardtable_rest_requests_total", { route: "/webhooks/:id/:token", method: "POST" }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, "cardtable_active_games", { type: "thegame" })).toBe(1);
    expect(sample(text, "cardtable_active_games", { type: "troubadour" })).toBe(0);
    expect(sample(text, "cardtable_commit_seconds_count")).toBe(1);
    // Every sample names its shard: an unsharded bot is shard 0.
    expect(text).toMatch(/^cardtable_render_queue_depth\{shard="0"\} \d+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes\{shard="0"\} \d+/m);
    // Labels name route templates: never an id, an interaction's token or the bot's.
    for (const [, route] of text.matchAll(/route="([^"]*)"/g))
      expect(route).toMatch(/^(\/([a-z-]+|%40original|:id|:token))+$/);
    for (const secret of [world.emulator.token, ...world.interactions.flatMap((i) => [i.id, i.token])])
      expect(text).not.toContain(secret);
  });

  it("/healthz answers 200 with the gateway connected and the database reading", async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ gateway: "connected", database: "ok" });
  });
});

describe("/game replace, end to end against the local Discord emulator", () => {
  const channel = world.channel("replace");

  it("the host hands Bob's seat to Cy: Bob's old panel is refused, Cy plays the seat on; others may not", async () => {
    await world.openGame("thegame", channel, alice, [bob]);
    const bobPanel = await world.openPanel(bob, channel, "thegame");
    const before = world.game(channel.id);

    const refused = await world.slash(dee, channel, "game", { from: bob.id, to: cy.id }, "replace");
    expect(refused.message!.ephemeral).toBe(true);
    expect(refused.message!.text).toMatch(/Only the host or someone with Manage Server/);
    expect(world.game(channel.id)).toEqual(before);

    const handed = await world.slash(alice, channel, "game", { from: bob.id, to: cy.id }, "replace");
    expect(handed.message!.ephemeral).toBe(false);
    expect(handed.message!.text).toContain(`Seat 2: <@${cy.id}> takes over from Bob.`);
    const table = await world.settledTable(channel, "thegame");
    expect(table.text).toContain(`<@${cy.id}>`);
    expect(table.text).not.toContain(`<@${bob.id}>`);
    expect(table.notified).not.toContain(bob.id);

    const handedOver = world.game(channel.id);
    const old = await world.click(bob, bobPanel, button(bobPanel, "claim").customId!);
    expect(old.text).toMatch(/You handed this seat over: Cy plays it now/);
    expect(world.game(channel.id)).toEqual(handedOver);

    const cyPanel = await world.openPanel(cy, channel, "thegame");
    await world.click(cy, cyPanel, button(cyPanel, "claim").customId!);
    // The seat keeps its id in the game: Cy's move is the seat's.
    const state = world.game(channel.id).state as unknown as TheGameState;
    expect(state.players[state.activeSeat]).toBe(bob.id);
    // Cy, asked already to claim the start, plays on: the table is edited, no new one pings.
    const next = await world.settledTable(channel, "thegame");
    expect(next.id).toBe(table.id);
    expect(next.text).toContain(`<@${cy.id}> — your move`);
  });

  it("once the game has ended, the member handed the seat finds it in /game history with its ending, and the one who handed it over as handed over", async () => {
    const none = (await world.slash(cy, channel, "game", {}, "history")).message!;
    expect(none.text).toMatch(/no ended games/);
    const question = (await world.slash(alice, channel, "game", {}, "end")).message!;
    await world.click(alice, question, button(question, "endGame").customId!);
    expect(world.game(channel.id).status).toBe("abandoned");
    const history = (await world.slash(cy, channel, "game", {}, "history")).message!;
    expect(history.text).toMatch(/^• \*\*The Game\*\* — ended early by Alice · <t:\d+:f> · game \d+$/m);
    const handedOver = (await world.slash(bob, channel, "game", {}, "history")).message!;
    expect(handedOver.text).toMatch(
      /^• \*\*The Game\*\* — you handed your seat to someone else · <t:\d+:f> · game \d+$/m,
    );
  });

  it("a refused hand-over says why: a seat nobody holds, or one a robot plays since its player left", async () => {
    const channel = world.channel("refusals");
    await world.openGame("thegame", channel, alice, [bob, cy]);
    const nobody = await world.slash(alice, channel, "game", { from: dee.id, to: bob.id }, "replace");
    expect(nobody.message!.text).toBe(`<@${dee.id}> holds no seat in this game.`);
    await world.slash(cy, channel, "game", {}, "leave");
    const left = world.game(channel.id);
    const robotSeat = await world.slash(alice, channel, "game", { from: cy.id, to: dee.id }, "replace");
    expect(robotSeat.message!.text).toBe(
      `A bot plays the seat <@${cy.id}> left, and a seat a bot plays is nobody's to hand over.`,
    );
    // Nothing changed hands: Dee holds no seat (robots may move meanwhile, so the version is no measure).
    const deeSeats = world.db(
      (db) =>
        db
          .prepare("SELECT COUNT(*) AS n FROM game_players WHERE game_id = ? AND ? IN (user_id, member_id)")
          .get(left.id, dee.id) as { n: number },
    );
    expect(deeSeats.n).toBe(0);
  });
});
