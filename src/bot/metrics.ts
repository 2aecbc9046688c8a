import type { Interaction, REST } from "discord.js";
import type { QueryTally } from "../store/tally.js";

export type InteractionKind = "command" | "button" | "select" | "modal" | "autocomplete" | "other";

/** Why a REST attempt failed: no answer (refused, reset, timed out), a 5xx, or another error. */
export type RestErrorReason = "connection" | "server_error" | "other";
/** What a repair brought up to date: a table (edited, or found posted), a table posted anew to ping, a lobby. */
export type RepairKind = "table" | "ping" | "lobby";

/**
 * What the bot tells its metrics. The bot calls these few methods only, so a test or a bot without
 * METRICS_PORT passes `NO_METRICS` and nothing is counted.
 */
export interface Metrics {
  /**
   * An interaction arrived; the returned function is called once its answer is complete, with what
   * it asked of the database.
   */
  received(interaction: Interaction): (tally?: QueryTally) => void;
  /** Counts this REST client's requests and rate limits, and sees the interactions' first callbacks. */
  watchRest(rest: REST): void;
  /** Runs a move's commit and times it. */
  commit<T>(apply: () => Promise<T>): Promise<T>;
  /** A worker drew a picture of `painter` (`<game>.<picture>`) in `ms`. */
  painted(ms: number, painter: string): void;

  // When the REST proxy fails: the retries, the fallback, and the repairs a failed post leaves owed.
  /** A REST attempt on `route` (a request's path, ids and tokens still in it) failed. */
  restFailed(route: string, reason: RestErrorReason): void;
  /** A failed REST request on `route` was sent again. */
  restRetried(route: string): void;
  /** A REST request went to the fallback, the proxy not answering. */
  restFallback(): void;
  /** A table update could not be sent: the repair sweep owes it. */
  tablePostFailed(): void;
  /** A repair brought a table or lobby message up to date. */
  tableRepaired(what: RepairKind): void;
}

export const NO_METRICS: Metrics = {
  received: () => () => undefined,
  watchRest: () => undefined,
  commit: (apply) => apply(),
  painted: () => undefined,
  restFailed: () => undefined,
  restRetried: () => undefined,
  restFallback: () => undefined,
  tablePostFailed: () => undefined,
  tableRepaired: () => undefined,
};
