import { type Client, Events, type Interaction, type REST } from "discord.js";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { InteractionKind, Metrics, RepairKind, RestErrorReason } from "../bot/metrics.js";
import type { Painter } from "../render/pool.js";
import { QUERY_FAILURES, type QueryFailure, type Store } from "../store/store.js";
import type { QueryTally } from "../store/tally.js";

export function interactionKind(interaction: Interaction): InteractionKind {
  if (interaction.isCommand()) return "command";
  if (interaction.isButton()) return "button";
  if (interaction.isAnySelectMenu()) return "select";
  if (interaction.isModalSubmit()) return "modal";
  if (interaction.isAutocomplete()) return "autocomplete";
  return "other";
}

/**
 * A REST route as a metric label: discord.js's bucket template (`/channels/:id/messages`), with any
 * id or token it left in replaced too. A webhook or interaction token in a label would publish a
 * credential, and every id a series of its own.
 */
export function routeLabel(route: string): string {
  return route
    .split("?")[0]!
    .replace(/^\/webhooks\/[^/]+\/[^/]+/, "/webhooks/:id/:token")
    .replace(/^\/interactions\/[^/]+\/[^/]+/, "/interactions/:id/:token")
    .replace(/\/\d+(?=\/|$)/g, "/:id");
}

const SECONDS = 1000;
/** Around Discord's 3 s for the first answer. */
const ACK_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10];
const ANSWER_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30];
const RENDER_BUCKETS = [0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1];
/** Around the 5 ms a commit should stay under. */
const COMMIT_BUCKETS = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5];
/** Queries and round trips per interaction: a move should take at most 4 in all. */
const QUERY_BUCKETS = [0, 1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 50];
/** From SQLite's tens of microseconds to PostgreSQL's deadline of 1.5 s. */
const DB_QUERY_BUCKETS = [
  0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 1.5, 2.5,
];
const CALLBACK = /^\/interactions\/(\d+)\/[^/]+\/callback/;
/** HTTP 404 on an interaction's callback: Discord's 10062 "Unknown interaction", its 3 s gone. */
const UNKNOWN_INTERACTION = 404;
/** Every kind, so each counter of failures starts at 0: a series that appears at its first count hides it from rate(). */
const INTERACTION_KINDS = Object.keys({
  command: true,
  button: true,
  select: true,
  modal: true,
  autocomplete: true,
  other: true,
} satisfies Record<InteractionKind, true>) as InteractionKind[];

/** The games' counts by type that are active now, for every type the bot offers (0 for none). */
export async function activeGamesByType(
  store: Store,
  gameTypes: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map(gameTypes.map((type) => [type, 0]));
  for (const [type, n] of await store.games.activeGamesByType()) counts.set(type, n);
  return counts;
}

/** The bot's metrics in a Prometheus registry of its own, with Node's process metrics. */
export class PromMetrics implements Metrics {
  readonly registry = new Registry();
  readonly #interactions: Counter<"kind">;
  readonly #ack: Histogram<"kind">;
  readonly #answer: Histogram<"kind">;
  readonly #render: Histogram;
  readonly #commit: Histogram;
  readonly #queries: Histogram<"kind">;
  readonly #roundTrips: Histogram<"kind">;
  readonly #requests: Counter<"route" | "method" | "status">;
  readonly #rateLimited: Counter<"route" | "global">;
  readonly #late: Counter<"kind">;
  readonly #unanswered: Counter<"kind">;
  readonly #dbQuery: Histogram<"database">;
  readonly #dbErrors: Counter<"reason">;
  readonly #reconnects: Counter;
  readonly #resumes: Counter;
  readonly #identifies: Counter;
  readonly #disconnects: Counter;
  /**
   * Interactions not yet acknowledged: when each arrived (performance.now()) and its kind. An
   * interaction leaves it when Discord accepts its first callback or refuses it as late; one still
   * here when the bot is done with it was never answered.
   */
  readonly #awaitingAck = new Map<string, { at: number; kind: InteractionKind }>();
  readonly #proxyFailures: ProxyFailureMetrics;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.#interactions = new Counter({
      name: "cardtable_interactions_total",
      help: "Interactions received, by kind",
      labelNames: ["kind"],
      registers,
    });
    this.#ack = new Histogram({
      name: "cardtable_interaction_ack_seconds",
      help: "From an interaction's arrival to its first callback's answer from Discord",
      labelNames: ["kind"],
      buckets: ACK_BUCKETS,
      registers,
    });
    this.#answer = new Histogram({
      name: "cardtable_interaction_answer_seconds",
      help: "From an interaction's arrival to its answer being complete",
      labelNames: ["kind"],
      buckets: ANSWER_BUCKETS,
      registers,
    });
    this.#render = new Histogram({
      name: "cardtable_render_seconds",
      help: "A render worker's time for one picture, by painter (<game>.<picture>)",
      labelNames: ["painter"],
      buckets: RENDER_BUCKETS,
      registers,
    });
    this.#commit = new Histogram({
      name: "cardtable_commit_seconds",
      help: "One move's commit to the store",
      buckets: COMMIT_BUCKETS,
      registers,
    });
    this.#queries = new Histogram({
      name: "cardtable_interaction_queries",
      help: "Queries to the database per interaction, from its arrival to its answer (move: a click that made a move)",
      labelNames: ["kind"],
      buckets: QUERY_BUCKETS,
      registers,
    });
    this.#roundTrips = new Histogram({
      name: "cardtable_interaction_round_trips",
      help: "Queries per interaction that waited on the network (PostgreSQL; SQLite has none)",
      labelNames: ["kind"],
      buckets: QUERY_BUCKETS,
      registers,
    });
    this.#requests = new Counter({
      name: "cardtable_rest_requests_total",
      help: "REST requests answered, by route template, method and HTTP status (429: rate limited by Discord)",
      labelNames: ["route", "method", "status"],
      registers,
    });
    this.#rateLimited = new Counter({
      name: "cardtable_rest_rate_limited_total",
      help: "REST requests held back by discord.js to keep within a rate limit, by route template",
      labelNames: ["route", "global"],
      registers,
    });
    this.#late = new Counter({
      name: "cardtable_interactions_late_total",
      help: "Interactions whose first callback Discord refused as too late (404, 10062 Unknown interaction: its 3 s had passed)",
      labelNames: ["kind"],
      registers,
    });
    this.#unanswered = new Counter({
      name: "cardtable_interactions_unanswered_total",
      help: "Interactions the bot was done with, without any callback Discord accepted or refused as late (a callback that failed otherwise, an error)",
      labelNames: ["kind"],
      registers,
    });
    for (const kind of INTERACTION_KINDS) {
      this.#late.labels(kind).inc(0);
      this.#unanswered.labels(kind).inc(0);
    }
    this.#dbQuery = new Histogram({
      name: "cardtable_db_query_seconds",
      help: "One query's time, from asking the database (for a connection, on PostgreSQL) to its answer or its being given up",
      labelNames: ["database"],
      buckets: DB_QUERY_BUCKETS,
      registers,
    });
    this.#dbErrors = new Counter({
      name: "cardtable_db_errors_total",
      help: "Queries that failed, by reason: timeout, unavailable, conflict, other",
      labelNames: ["reason"],
      registers,
    });
    for (const reason of QUERY_FAILURES) this.#dbErrors.labels(reason).inc(0);
    this.#reconnects = new Counter({
      name: "cardtable_gateway_reconnects_total",
      help: "Gateway connections closed that discord.js connects again (to resume or to identify anew)",
      registers,
    });
    this.#resumes = new Counter({
      name: "cardtable_gateway_resumes_total",
      help: "Gateway sessions resumed after a reconnect: nothing was missed",
      registers,
    });
    this.#identifies = new Counter({
      name: "cardtable_gateway_identifies_total",
      help: "Gateway sessions started (identified and ready): the first, and each reconnect that could not resume",
      registers,
    });
    this.#disconnects = new Counter({
      name: "cardtable_gateway_disconnects_total",
      help: "Gateway connections closed for good (a close code discord.js does not reconnect after)",
      registers,
    });
    this.#proxyFailures = new ProxyFailureMetrics(this.registry);
  }

  /**
   * Labels every metric of this process with its gateway shard: under the ShardingManager each
   * shard is a process of its own, and their series must not merge.
   */
  forShard(shard: number): void {
    this.registry.setDefaultLabels({ shard: String(shard) });
  }

  /** Counts the gateway's reconnects, resumes and new sessions. */
  watchGateway(client: Client): void {
    client.on(Events.ShardReconnecting, () => this.#reconnects.inc());
    client.on(Events.ShardResume, () => this.#resumes.inc());
    client.on(Events.ShardReady, () => this.#identifies.inc());
    client.on(Events.ShardDisconnect, () => this.#disconnects.inc());
  }

  /** Times the store's queries and counts its failures by reason. */
  watchStore(store: Store): void {
    const time = this.#dbQuery.labels(store.dialect);
    store.observe({
      took: (seconds) => time.observe(seconds),
      failed: (reason: QueryFailure) => this.#dbErrors.labels(reason).inc(),
    });
  }

  /** The gauges read when Prometheus scrapes: the render queue and the active games by type. */
  readFrom(sources: { painter: Painter; store: Store; gameTypes: readonly string[] }): void {
    const registers = [this.registry];
    new Gauge({
      name: "cardtable_render_queue_depth",
      help: "Pictures waiting for a render worker",
      registers,
      collect() {
        this.set(sources.painter.stats().queued);
      },
    });
    new Gauge({
      name: "cardtable_active_games",
      help: "Games being played, by game type",
      labelNames: ["type"],
      registers,
      async collect() {
        // While the database does not answer, the counts stay as last read.
        const counts = await activeGamesByType(sources.store, sources.gameTypes).catch(() => null);
        for (const [type, n] of counts ?? []) this.set({ type }, n);
      },
    });
  }

  received(interaction: Interaction): (tally?: QueryTally) => void {
    const at = performance.now();
    const kind = interactionKind(interaction);
    this.#interactions.inc({ kind });
    this.#awaitingAck.set(interaction.id, { at, kind });
    return (tally) => {
      if (this.#awaitingAck.delete(interaction.id)) this.#unanswered.labels(kind).inc();
      this.#answer.observe({ kind }, (performance.now() - at) / SECONDS);
      if (!tally) return;
      // A click that made a move is its own kind: its round trips are what a move costs.
      const work = tally.moved ? "move" : kind;
      this.#queries.observe({ kind: work }, tally.queries);
      this.#roundTrips.observe({ kind: work }, tally.roundTrips);
    };
  }

  watchRest(rest: REST): void {
    rest.on("response", (request, response) => {
      const route = routeLabel(request.route);
      this.#requests.inc({ route, method: request.method.toUpperCase(), status: String(response.status) });
      const id = CALLBACK.exec(String(request.path))?.[1];
      const waiting = id === undefined ? undefined : this.#awaitingAck.get(id);
      if (id === undefined || !waiting) return;
      // The error code is in the body, which is discord.js's to read (the event's response shares
      // its stream); on a callback Discord answers 404 only with 10062.
      if (response.status === UNKNOWN_INTERACTION) {
        this.#awaitingAck.delete(id);
        this.#late.labels(waiting.kind).inc();
        return;
      }
      if (!response.ok) return;
      this.#awaitingAck.delete(id);
      this.#ack.observe({ kind: waiting.kind }, (performance.now() - waiting.at) / SECONDS);
    });
    rest.on("rateLimited", (info) =>
      this.#rateLimited.inc({ route: routeLabel(info.route), global: String(info.global) }),
    );
  }

  async commit<T>(apply: () => Promise<T>): Promise<T> {
    const end = this.#commit.startTimer();
    try {
      return await apply();
    } finally {
      end();
    }
  }

  painted(ms: number, painter: string): void {
    this.#render.observe({ painter }, ms / SECONDS);
  }

  restFailed(route: string, reason: RestErrorReason): void {
    this.#proxyFailures.restErrors.inc({ route: routeLabel(route), reason });
  }

  restRetried(route: string): void {
    this.#proxyFailures.restRetries.inc({ route: routeLabel(route) });
  }

  restFallback(): void {
    this.#proxyFailures.fallbackRequests.inc();
  }

  tablePostFailed(): void {
    this.#proxyFailures.tablePostsFailed.inc();
  }

  tableRepaired(what: RepairKind): void {
    this.#proxyFailures.tableRepairs.inc({ what });
  }
}

/** When the REST proxy fails: REST errors and retries, the fallback, and the repair sweep's work. */
class ProxyFailureMetrics {
  readonly restErrors: Counter<"route" | "reason">;
  readonly restRetries: Counter<"route">;
  readonly fallbackRequests: Counter;
  readonly tablePostsFailed: Counter;
  readonly tableRepairs: Counter<"what">;

  constructor(registry: Registry) {
    const registers = [registry];
    this.restErrors = new Counter({
      name: "cardtable_rest_errors_total",
      help: "REST attempts that failed, by route template and reason (connection: no answer; server_error: 5xx; other)",
      labelNames: ["route", "reason"],
      registers,
    });
    this.restRetries = new Counter({
      name: "cardtable_rest_retries_total",
      help: "Failed REST requests sent again, by route template",
      labelNames: ["route"],
      registers,
    });
    this.fallbackRequests = new Counter({
      name: "cardtable_rest_fallback_requests_total",
      help: "REST requests sent straight to Discord (REST_FALLBACK) while the REST proxy did not answer",
      registers,
    });
    this.tablePostsFailed = new Counter({
      name: "cardtable_table_posts_failed_total",
      help: "Table updates that could not be sent; the repair sweep owes them",
      registers,
    });
    this.tableRepairs = new Counter({
      name: "cardtable_table_repairs_total",
      help: "Messages a repair brought up to date (table: edited or found posted; ping: posted anew; lobby)",
      labelNames: ["what"],
      registers,
    });
  }
}
