import type { Db } from "./db.js";

/** A process of the bot as the others see it: which shard it serves, since when, and whether it is ready. */
export interface ShardProcess {
  processId: string;
  startedAt: number;
  readyAt: number | null;
}

/**
 * What the bot's processes tell each other through the database they share: which process serves
 * which gateway shard (a deploy starts a new one beside the running one, which lets go once the
 * new one is ready), and when each max_concurrency bucket may identify next.
 */
export class GatewayRepository {
  constructor(private readonly db: Db) {}

  /** Records this process as serving `shard` of `count`, not ready yet. */
  async register(process: {
    processId: string;
    shardId: number;
    shardCount: number;
    at: number;
  }): Promise<void> {
    await this.db
      .sql(
        `INSERT INTO shard_processes (process_id, shard_id, shard_count, started_at, seen_at)
           VALUES (?, ?, ?, ?, ?)`,
      )
      .run(process.processId, process.shardId, process.shardCount, process.at, process.at);
  }

  /** This process is alive at `at`. */
  async seen(processId: string, at: number): Promise<void> {
    await this.db.sql("UPDATE shard_processes SET seen_at = ? WHERE process_id = ?").run(at, processId);
  }

  /** This process serves its shard since `at`: an older one of the same shard lets go now. */
  async ready(processId: string, at: number): Promise<void> {
    await this.db
      .sql("UPDATE shard_processes SET ready_at = ?, seen_at = ? WHERE process_id = ?")
      .run(at, at, processId);
  }

  /**
   * The newest other live process of the same shard (seen since `aliveSince`), started after this
   * one: the process this one hands its shard to. Null when there is none.
   */
  async successorOf(processId: string, aliveSince: number): Promise<ShardProcess | null> {
    const row = (await this.db
      .sql(
        `SELECT o.process_id AS "processId", o.started_at AS "startedAt", o.ready_at AS "readyAt"
           FROM shard_processes me
           JOIN shard_processes o ON o.shard_id = me.shard_id AND o.shard_count = me.shard_count
          WHERE me.process_id = ? AND o.process_id <> me.process_id AND o.seen_at >= ?
            AND (o.started_at > me.started_at OR (o.started_at = me.started_at AND o.process_id > me.process_id))
          ORDER BY o.started_at DESC LIMIT 1`,
      )
      .get(processId, aliveSince)) as ShardProcess | undefined;
    return row ?? null;
  }

  /** Whether another live process of this one's shard, started before it, still serves it. */
  async hasPredecessor(processId: string, aliveSince: number): Promise<boolean> {
    const row = await this.db
      .sql(
        `SELECT 1 AS found FROM shard_processes me
           JOIN shard_processes o ON o.shard_id = me.shard_id AND o.shard_count = me.shard_count
          WHERE me.process_id = ? AND o.process_id <> me.process_id AND o.seen_at >= ?
            AND (o.started_at < me.started_at OR (o.started_at = me.started_at AND o.process_id < me.process_id))
          LIMIT 1`,
      )
      .get(processId, aliveSince);
    return row !== undefined;
  }

  /** This process is gone; so are the records of processes not seen since `staleBefore` (killed ones). */
  async leave(processId: string, staleBefore: number): Promise<void> {
    await this.db
      .sql("DELETE FROM shard_processes WHERE process_id = ? OR seen_at < ?")
      .run(processId, staleBefore);
  }

  /**
   * Takes bucket `bucket`'s turn to identify if it is free at `at`, holding it until `until`;
   * otherwise says when it is free (ms). One statement, so two processes never both take it.
   */
  async takeIdentifyTurn(
    bucket: number,
    at: number,
    until: number,
  ): Promise<{ taken: true } | { freeAt: number }> {
    const taken = await this.db
      .sql(
        `INSERT INTO identify_buckets (bucket, next_at) VALUES (?, ?)
           ON CONFLICT (bucket) DO UPDATE SET next_at = excluded.next_at WHERE identify_buckets.next_at <= ?`,
      )
      .run(bucket, until, at);
    if (taken.changes > 0) return { taken: true };
    const row = (await this.db
      .sql('SELECT next_at AS "nextAt" FROM identify_buckets WHERE bucket = ?')
      .get(bucket)) as { nextAt: number } | undefined;
    return { freeAt: row?.nextAt ?? at };
  }
}
