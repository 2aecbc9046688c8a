import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What one piece of work (an interaction, from its arrival to its answer) asked of the database:
 * its queries, how many of them waited on the network (each query to PostgreSQL is one round trip;
 * SQLite's none), and whether it made a move. The operator's metrics count these per interaction.
 */
export interface QueryTally {
  queries: number;
  roundTrips: number;
  moved: boolean;
  /**
   * Until it is acknowledged, an interaction must be answered by this time (ms since 1970): a query
   * for it gets no longer deadline than that, so a slow database still leaves time to say so.
   */
  answerBy: number | null;
  acknowledged: () => boolean;
}

const current = new AsyncLocalStorage<QueryTally>();

export function newTally(answer?: { by: number; acknowledged: () => boolean }): QueryTally {
  return {
    queries: 0,
    roundTrips: 0,
    moved: false,
    answerBy: answer?.by ?? null,
    acknowledged: answer?.acknowledged ?? (() => true),
  };
}

/** When a query started now must be given up: after `deadlineMs`, or sooner when an interaction waits for its answer. */
export function giveUpAt(deadlineMs: number): number {
  const at = Date.now() + deadlineMs;
  const tally = current.getStore();
  if (!tally || tally.answerBy === null || tally.acknowledged()) return at;
  return Math.min(at, tally.answerBy);
}

/** Runs `work` with the queries it causes, in whatever it awaits or starts, counted on `tally`. */
export function tallied<T>(tally: QueryTally, work: () => T): T {
  return current.run(tally, work);
}

/** One query was sent; `roundTrip`: it waited on the network for its answer. */
export function countQuery(roundTrip: boolean): void {
  const tally = current.getStore();
  if (!tally) return;
  tally.queries++;
  if (roundTrip) tally.roundTrips++;
}

/** The work in hand made a move. */
export function countMove(): void {
  const tally = current.getStore();
  if (tally) tally.moved = true;
}

/** Runs `work` counted on no interaction: background work that serves many (planning, a scheduler pass). */
export function untallied<T>(work: () => T): T {
  return current.exit(work);
}
