import type { IdSpan } from "../store/store.js";
import type { BotContext } from "./context.js";

/**
 * Work over every game of the shard (planning timers, repairing tables and lobbies, resuming robots)
 * is done a page at a time, reading only what it needs, with the event loop answering clicks in
 * between: a million games are never all in memory, nor one long pause for the players.
 */

/**
 * For work over many games (planning timers, repairing tables, resuming robots): awaited after each
 * game, it gives the event loop back once `sliceMs` have passed since it last did, so clicks and
 * the gateway are served between slices however long the work runs.
 */
export function slices(sliceMs = 10): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

/**
 * Walks this shard's games (those of the guilds in the client's cache) a span of `scanPageSize`
 * ids at a time, up to the newest game when the walk starts (newer ones are looked after by their
 * own changes), yielding what `list` finds in each span; between spans the event loop runs. For
 * conditions no index answers (a table behind its game): each query reads at most one span of games.
 */
export async function* spansOfGames<T>(
  ctx: BotContext,
  list: (guildIds: readonly string[], span: IdSpan) => Promise<T[]>,
): AsyncGenerator<T[]> {
  const last = await ctx.store.games.lastGameId();
  const size = ctx.config.scanPageSize;
  for (let after = 0; after < last; after += size) {
    const found = await list([...ctx.client.guilds.cache.keys()], { after, upTo: after + size });
    if (found.length > 0) yield found;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
