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
}

export function snowflakeTime(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
}
