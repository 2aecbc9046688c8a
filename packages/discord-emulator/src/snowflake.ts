/** Discord snowflakes: milliseconds since the Discord epoch in the top bits, so ids sort by creation time. */
const DISCORD_EPOCH = 1420070400000n;

export class SnowflakeGenerator {
  #last = 0n;
  #increment = 0n;

  next(): string {
    const timestamp = BigInt(Date.now()) - DISCORD_EPOCH;
    let id = (timestamp << 22n) | (1n << 17n) | (this.#increment & 0xfffn);
    this.#increment += 1n;
    // Several ids in the same millisecond (or a clock step back) must still be strictly increasing.
    if (id <= this.#last) id = this.#last + 1n;
    this.#last = id;
    return id.toString();
  }

  /** The newest id handed out; a persisted world saves it so ids after a restart stay larger. */
  get last(): string {
    return this.#last.toString();
  }

  /** Every later id will be larger than `id` (a restored world's ids are never handed out again). */
  continueAfter(id: string): void {
    const last = BigInt(id);
    if (last > this.#last) this.#last = last;
  }

  /**
   * The next id that shard `shardId` of `shardCount` owns by Discord's formula
   * (`(id >> 22) % shardCount === shardId`): at most `shardCount - 1` ms ahead of `next()`.
   */
  nextForShard(shardId: number, shardCount: number): string {
    checkShard(shardId, shardCount);
    const count = BigInt(shardCount);
    const wanted = BigInt(shardId);
    let id = BigInt(this.next());
    const timestamp = id >> 22n;
    const ahead = (wanted - (timestamp % count) + count) % count;
    if (ahead > 0n) {
      // Move into the first later millisecond the shard owns; ids stay strictly increasing.
      id = ((timestamp + ahead) << 22n) | (1n << 17n) | (this.#increment & 0xfffn);
      this.#increment += 1n;
      this.#last = id;
    }
    return id.toString();
  }
}

export function snowflakeTime(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
}

/** The shard that receives a guild's events: Discord's `(guild_id >> 22) % num_shards`. */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

function checkShard(shardId: number, shardCount: number): void {
  if (!Number.isInteger(shardCount) || shardCount < 1)
    throw new Error(`shard count must be a whole number ≥ 1 (got ${shardCount})`);
  if (!Number.isInteger(shardId) || shardId < 0 || shardId >= shardCount)
    throw new Error(`shard id must be a whole number in 0…${shardCount - 1} (got ${shardId})`);
}
