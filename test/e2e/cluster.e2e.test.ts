import { expect, it } from "vitest";
import { ALL_GAMES } from "../../scripts/bench/games.js";
import { formatResult, runKillSoak } from "../../scripts/soak.js";
import { startPostgres } from "../../scripts/throwAwayPostgres.js";

/**
 * The cluster of issue 24: PostgreSQL, the REST proxy (`npm run proxy`) and two hosts
 * (`npm run start:sharded` with SHARDS=0,1 and SHARDS=2,3 of SHARD_COUNT=4) against the emulator
 * speaking for 4 shards, one guild per shard. The kill soak plays random games of all seven kinds
 * on both hosts' guilds, with reminders on; one host is lost (SIGKILL of its shards and manager, at
 * a random moment: clicks in flight, a move's table or a click's answer held, idle) and started
 * again, the other rolled (SIGTERM with clicks in flight, then started again), then the other way
 * round. No move may be lost, doubled or unexplained, no click a living host took may go
 * unanswered, every table must show its game's version, no player may be reminded twice of one
 * wait, the other host's games must go on while one is down, and Discord must refuse no request.
 */
it("cluster: PostgreSQL, the proxy and 2 hosts × 2 shards lose, double and leave behind nothing when a host is SIGKILLed or rolled", async () => {
  const postgres = await startPostgres();
  try {
    const result = await runKillSoak({
      kills: 2,
      seed: 24_2026,
      steps: [8, 16],
      // The first host is lost mid-move: its move stored, the new table on its way.
      firstKillHeld: "table",
      cluster: {
        hosts: [
          [0, 1],
          [2, 3],
        ],
        shardCount: 4,
        databaseUrl: postgres.url,
        rolls: 2,
        reminderSeconds: 2,
      },
    });
    const report = formatResult(result);
    console.log(report);
    expect(result.problems, report).toEqual([]);
    expect(result.kills).toBe(2);
    const cluster = result.cluster!;
    expect(cluster.rolls).toBe(2);
    expect(result.killModes["held table follow-up"], report).toBeGreaterThanOrEqual(1);
    expect(result.killsAfterCommit).toBeGreaterThanOrEqual(1);
    expect(result.tablesRepaired).toBeGreaterThanOrEqual(1);
    // Every kind was played on each host's guilds.
    expect(cluster.kindsByHost, report).toEqual([[...ALL_GAMES].sort(), [...ALL_GAMES].sort()]);
    // While a host was down, the other stored moves: one for each kill and roll.
    expect(cluster.movesWhileDown).toHaveLength(4);
    for (const moved of cluster.movesWhileDown) expect(moved).toBeGreaterThanOrEqual(3);
    // The checks had something to check.
    expect(cluster.reminders, report).toBeGreaterThan(0);
    expect(cluster.refused429).toBe(0);
    expect(result.claims.verified, report).toBeGreaterThan(10);
    expect(result.claims.verified).toBe(result.claims.made);
  } finally {
    await postgres.stop();
  }
});
