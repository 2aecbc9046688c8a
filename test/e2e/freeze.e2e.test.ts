import { join } from "node:path";
import { expect, it } from "vitest";
import {
  ANSWER_WITHIN_MS,
  BUSY_TEXT,
  DOWN_WITHIN_MS,
  freePorts,
  STALL_LIMIT_MS,
  UP_WITHIN_MS,
} from "../../scripts/bench/soak/freeze.js";
import { formatResult, runKillSoak } from "../../scripts/soak.js";
import { startPostgres } from "../../scripts/throwAwayPostgres.js";

/** The two shards of one host, each on its own guild, three channels of games each. */
const SHARDS = [0, 1];

/**
 * A PostgreSQL server that stops answering: one host running 2 shards (`npm run start:sharded`,
 * behind the REST proxy) on a throw-away server, games of every kind played on both shards' guilds
 * (the kill soak's freeze step, scripts/bench/soak/freezeStep.ts). After a first round one move is
 * clicked, and the server's postmaster and every process under it are stopped (SIGSTOP) the moment
 * that move's write passes on its way to the server: the write waits in the stopped server, which
 * runs it once continued, long after the bot gave up on it. For 20 s the players click moves on
 * both shards (one click in flight a game, a click every 150 ms a shard); then the server is
 * continued (SIGCONT) and play goes on. Measured from outside: each click's first answer (the
 * emulator's delivery to the bot's first callback) and its final answer; every shard's `/healthz`
 * polled every 100 ms; every `loop-stall` line the shards print each second from SIGSTOP on. Then
 * the soak's own checks: every stored move replays and is traced to a click that was not refused
 * (none lost, doubled or made after the bot said it was not), every table current.
 */
it("a PostgreSQL server frozen 20 s under clicks on 2 shards: every click answered within 3 s, made or refused as busy; no loop stall over 100 ms; /healthz 503 within 1 s, 200 within 2 s of SIGCONT; no move lost or doubled", async () => {
  expect(BUSY_TEXT).toContain("not answering");
  const postgres = await startPostgres();
  try {
    const metricsPort = await freePorts(SHARDS.length);
    const result = await runKillSoak({
      kills: 0,
      seed: 2026_0520,
      firstSteps: 8,
      steps: [12, 12],
      cluster: {
        hosts: [SHARDS],
        shardCount: SHARDS.length,
        databaseUrl: postgres.url,
        rolls: 0,
        reminderSeconds: 2,
        channelsPerGuild: 3,
      },
      freeze: { dataFolder: join(postgres.folder, "data"), seconds: 20, metricsPort },
    });
    const report = formatResult(result);
    console.log(report);
    expect(result.problems, report).toEqual([]);
    const freeze = result.freeze!;
    expect(freeze.frozenMs).toBeGreaterThanOrEqual(20_000);
    expect(freeze.processes).toBeGreaterThan(1);
    expect(freeze.shards.map((s) => s.shard)).toEqual(SHARDS);
    for (const shard of freeze.shards) {
      // Clicks all through the freeze on each shard, each made or refused with the busy text.
      expect(shard.clicks, report).toBeGreaterThanOrEqual(20);
      expect(shard.made + shard.refused, report).toBe(shard.clicks);
      expect(shard.refused, report).toBeGreaterThan(0);
      expect(shard.ackMaxMs, report).toBeLessThanOrEqual(ANSWER_WITHIN_MS);
      expect(shard.answerMaxMs, report).toBeLessThanOrEqual(ANSWER_WITHIN_MS);
      expect(shard.healthBefore, report).toBe(200);
      expect(shard.downMs, report).not.toBeNull();
      expect(shard.downMs!, report).toBeLessThanOrEqual(DOWN_WITHIN_MS);
      expect(shard.upMs, report).not.toBeNull();
      expect(shard.upMs!, report).toBeLessThanOrEqual(UP_WITHIN_MS);
      // One line a second from SIGSTOP to the end (a few after SIGCONT), none over the limit.
      expect(shard.stallSeconds, report).toBeGreaterThanOrEqual(20);
      expect(shard.stallSecondsAfter, report).toBeGreaterThanOrEqual(3);
      expect(shard.stallMaxMs, report).toBeLessThanOrEqual(STALL_LIMIT_MS);
    }
    // The freeze began with a move's write on its way to the server: refused, never made (the checks above).
    expect(freeze.caughtWrite?.refused, report).toBe(true);
    // Play went on after the freeze, and the checks had moves to check.
    expect(freeze.movesAfter, report).toBeGreaterThan(0);
    expect(result.claims.verified, report).toBe(result.claims.made);
    expect(result.claims.verified, report).toBeGreaterThan(0);
  } finally {
    await postgres.stop();
  }
});
