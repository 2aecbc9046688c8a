import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/bot/config.js";
import { shardSettings } from "../../../src/bot/shardSettings.js";

describe("start:sharded settings (SHARD_COUNT, SHARDS, MANAGER_METRICS_PORT)", () => {
  it("without SHARDS a host runs every shard of the count, and the count may be auto", () => {
    expect(shardSettings({})).toEqual({ count: "auto", list: null, metricsPort: null });
    expect(shardSettings({ SHARD_COUNT: "4", MANAGER_METRICS_PORT: "9190" })).toEqual({
      count: 4,
      list: null,
      metricsPort: 9190,
    });
  });

  it("SHARDS gives a host its range of shards: ranges and single ids, in order, each once", () => {
    expect(shardSettings({ SHARD_COUNT: "4", SHARDS: "0-1" }).list).toEqual([0, 1]);
    expect(shardSettings({ SHARD_COUNT: "4", SHARDS: "3" }).list).toEqual([3]);
    expect(shardSettings({ SHARD_COUNT: "8", SHARDS: "5-6, 0,2,1-2" }).list).toEqual([0, 1, 2, 5, 6]);
  });

  it("refuses a range that is not a list of ids, runs past the count, or comes with SHARD_COUNT=auto, saying which", () => {
    const refusal = (env: NodeJS.ProcessEnv) => {
      try {
        shardSettings(env);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      throw new Error(`accepted ${JSON.stringify(env)}`);
    };
    expect(refusal({ SHARD_COUNT: "4", SHARDS: "one" })).toContain(
      'SHARDS must list shard ids such as "0-1"',
    );
    expect(refusal({ SHARD_COUNT: "4", SHARDS: "2-1" })).toContain('(got "2-1")');
    expect(refusal({ SHARD_COUNT: "4", SHARDS: "2-4" })).toContain("SHARDS lists shard 4, but SHARD_COUNT=4");
    expect(refusal({ SHARDS: "0-1" })).toContain("SHARDS needs a fixed SHARD_COUNT");
    expect(refusal({ SHARD_COUNT: "two" })).toContain("SHARD_COUNT must be a whole number");
    expect(refusal({ MANAGER_METRICS_PORT: "70000" })).toContain(
      "MANAGER_METRICS_PORT must be a port number",
    );
  });
});
