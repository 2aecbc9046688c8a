import { ConfigError } from "./config.js";

/**
 * How `npm run start:sharded` splits the bot (read once by the manager, src/shard.ts):
 * SHARD_COUNT, SHARDS and MANAGER_METRICS_PORT, with a clear message for each bad value.
 */

export interface ShardSettings {
  count: number | "auto";
  /** The shards this host runs; null = every shard of the count. */
  list: number[] | null;
  /** Where the manager serves its own metrics (shards up, restarts); null = nowhere. */
  metricsPort: number | null;
}

/** "0-1", "3", "0,2,5-7": the shard ids, ascending; null when the text is not such a list. */
function parseShardList(text: string): number[] | null {
  const ids = new Set<number>();
  for (const part of text.split(",")) {
    const range = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!range) return null;
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    // Discord's shard counts are far below this; it only keeps a typo from listing billions of ids.
    if (to < from || to - from > 65_535) return null;
    for (let id = from; id <= to; id++) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

export function shardSettings(env: NodeJS.ProcessEnv): ShardSettings {
  const problems: string[] = [];
  const countText = env.SHARD_COUNT?.trim() || "auto";
  const count = countText === "auto" ? "auto" : Number(countText);
  if (count !== "auto" && !(Number.isInteger(count) && count >= 1))
    problems.push(`SHARD_COUNT must be a whole number ≥ 1 or "auto" (got "${countText}")`);
  const listText = env.SHARDS?.trim() ?? "";
  const list = listText === "" ? null : parseShardList(listText);
  if (listText !== "" && !list)
    problems.push(`SHARDS must list shard ids such as "0-1" or "0,2" (got "${listText}")`);
  else if (list && count === "auto")
    problems.push(
      "SHARDS needs a fixed SHARD_COUNT: every host must split the same count (SHARD_COUNT=auto could differ between hosts)",
    );
  else if (list && typeof count === "number" && list.some((id) => id >= count))
    problems.push(`SHARDS lists shard ${list.at(-1)}, but SHARD_COUNT=${count} has shards 0 to ${count - 1}`);
  const portText = env.MANAGER_METRICS_PORT?.trim() ?? "";
  const metricsPort = portText === "" ? null : Number(portText);
  if (metricsPort !== null && !(Number.isInteger(metricsPort) && metricsPort >= 1 && metricsPort <= 65_535))
    problems.push(`MANAGER_METRICS_PORT must be a port number from 1 to 65535 (got "${portText}")`);
  if (problems.length > 0) {
    throw new ConfigError(
      `The sharded bot cannot start. Fix in .env:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
  }
  return { count, list, metricsPort };
}
