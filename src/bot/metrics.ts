import type { Interaction, REST } from "discord.js";
import type { QueryTally } from "../store/tally.js";

export type InteractionKind = "command" | "button" | "select" | "modal" | "autocomplete" | "other";

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
  /** A worker drew a picture in `ms`. */
  painted(ms: number): void;
}

export const NO_METRICS: Metrics = {
  received: () => () => undefined,
  watchRest: () => undefined,
  commit: (apply) => apply(),
  painted: () => undefined,
};
