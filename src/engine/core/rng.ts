/**
 * Seeded pseudo-random numbers whose whole state is one JSON number, kept inside a game's state,
 * so the same seed and the same moves always give the same game (mulberry32).
 */
export interface RngState {
  /** 32-bit generator state; advances with every draw. */
  s: number;
}

export function createRng(seed: number): RngState {
  return { s: seed >>> 0 };
}

/** A float in [0, 1); advances `rng` in place (call it on a draft state only). */
export function nextFloat(rng: RngState): number {
  rng.s = (rng.s + 0x6d2b79f5) >>> 0;
  let t = rng.s;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** An integer in [0, n). */
export function nextInt(rng: RngState, n: number): number {
  return Math.floor(nextFloat(rng) * n);
}

/** Fisher–Yates shuffle in place; returns the same array for convenience. */
export function shuffle<T>(rng: RngState, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = nextInt(rng, i + 1);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
  return items;
}

/** A fair die roll 1..sides. */
export function rollDie(rng: RngState, sides = 6): number {
  return 1 + nextInt(rng, sides);
}
