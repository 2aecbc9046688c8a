import { EventEmitter } from "node:events";
import { type Client, Events, type Interaction, type REST } from "discord.js";
import { describe, expect, it } from "vitest";
import { PromMetrics, routeLabel } from "../../src/ops/metrics.js";
import type { QueryObserver, Store } from "../../src/store/store.js";

describe("a REST route as a metric label", () => {
  it("keeps discord.js's template and replaces any id or token it left: a token in a label is a leaked credential", () => {
    expect(routeLabel("/channels/:id/messages")).toBe("/channels/:id/messages");
    expect(routeLabel("/webhooks/1234/aW50ZXJhY3Rpb24.secret/messages/@original")).toBe(
      "/webhooks/:id/:token/messages/@original",
    );
    expect(routeLabel("/interactions/42/aW50ZXJhY3Rpb24/callback?with_response=true")).toBe(
      "/interactions/:id/:token/callback",
    );
    expect(routeLabel("/channels/1234/messages/5678")).toBe("/channels/:id/messages/:id");
  });
});

/** The sum of a metric's samples whose labels include `labels` (0 when there is none). */
async function sample(
  metrics: PromMetrics,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  return (await metrics.registry.metrics())
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
}

/** A button click as the metrics see it. */
function click(id: string): Interaction {
  const no = () => false;
  return {
    id,
    isCommand: no,
    isButton: () => true,
    isAnySelectMenu: no,
    isModalSubmit: no,
    isAutocomplete: no,
  } as unknown as Interaction;
}

/** A REST client that emits the responses the test gives, as discord.js's does. */
function restWith(metrics: PromMetrics) {
  const rest = new EventEmitter();
  metrics.watchRest(rest as unknown as REST);
  return (interactionId: string, status: number) =>
    rest.emit(
      "response",
      {
        method: "post",
        path: `/interactions/${interactionId}/a-token/callback`,
        route: "/interactions/:id/:token/callback",
      },
      { status, ok: status >= 200 && status < 300 },
    );
}

describe("the operator's metrics of failures", () => {
  it("a first callback refused as late (404, 10062) is late, once; one done without any callback Discord took is unanswered; an acknowledged one is neither", async () => {
    const metrics = new PromMetrics();
    const respond = restWith(metrics);
    const late = metrics.received(click("1"));
    respond("1", 404);
    // The apology tried after it is refused too: still one late interaction.
    respond("1", 404);
    late();
    const failed = metrics.received(click("2"));
    respond("2", 500);
    failed();
    const answered = metrics.received(click("3"));
    respond("3", 200);
    answered();
    expect(await sample(metrics, "cardtable_interactions_late_total", { kind: "button" })).toBe(1);
    expect(await sample(metrics, "cardtable_interactions_unanswered_total", { kind: "button" })).toBe(1);
    expect(await sample(metrics, "cardtable_interaction_ack_seconds_count", { kind: "button" })).toBe(1);
    // Every kind is there from the start, at 0: a series born at its first count hides that count from rate().
    expect(await sample(metrics, "cardtable_interactions_late_total", { kind: "command" })).toBe(0);
    expect(await metrics.registry.metrics()).toMatch(
      /^cardtable_interactions_late_total\{kind="command"\} 0$/m,
    );
  });

  it("the store's queries are timed by database and its failures counted by reason", async () => {
    const metrics = new PromMetrics();
    let observer: QueryObserver | null = null;
    const store = { dialect: "postgres", observe: (o: QueryObserver) => (observer = o) };
    metrics.watchStore(store as unknown as Store);
    observer!.took(0.003);
    observer!.took(1.5);
    observer!.failed("timeout");
    expect(await sample(metrics, "cardtable_db_query_seconds_count", { database: "postgres" })).toBe(2);
    expect(
      await sample(metrics, "cardtable_db_query_seconds_bucket", { database: "postgres", le: "0.005" }),
    ).toBe(1);
    expect(await sample(metrics, "cardtable_db_errors_total", { reason: "timeout" })).toBe(1);
    expect(await sample(metrics, "cardtable_db_errors_total")).toBe(1);
    expect(await metrics.registry.metrics()).toMatch(/^cardtable_db_errors_total\{reason="conflict"\} 0$/m);
  });

  it("the gateway's new sessions, reconnects, resumes and closes for good are counted", async () => {
    const metrics = new PromMetrics();
    const client = new EventEmitter();
    metrics.watchGateway(client as unknown as Client);
    client.emit(Events.ShardReady, 0);
    client.emit(Events.ShardReconnecting, 0);
    client.emit(Events.ShardResume, 0, 3);
    client.emit(Events.ShardReconnecting, 0);
    client.emit(Events.ShardReady, 0);
    client.emit(Events.ShardDisconnect, { code: 4004 }, 0);
    expect(await sample(metrics, "cardtable_gateway_identifies_total")).toBe(2);
    expect(await sample(metrics, "cardtable_gateway_reconnects_total")).toBe(2);
    expect(await sample(metrics, "cardtable_gateway_resumes_total")).toBe(1);
    expect(await sample(metrics, "cardtable_gateway_disconnects_total")).toBe(1);
  });

  it("every sample of a shard's process carries its shard, Node's process metrics too", async () => {
    const metrics = new PromMetrics();
    metrics.forShard(3);
    const samples = (await metrics.registry.metrics())
      .split("\n")
      .filter((line) => line && !line.startsWith("#"));
    expect(samples.some((line) => line.startsWith("process_resident_memory_bytes"))).toBe(true);
    for (const line of samples) expect(line).toMatch(/[{,]shard="3"[,}]/);
  });
});
