/** Figures over samples: percentiles, number formats, tallies and the RSS plateau. */

export interface Stats {
  count: number;
  median: number;
  p95: number;
  max: number;
}

/** Median, 95th percentile and max (nearest rank; NaN when there are no samples). */
export function stats(samples: readonly number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { count: sorted.length, median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? Number.NaN };
}

export const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "–");

/** "median/p95/max". */
export function fmtStats(s: Stats): string {
  return `${fmt(s.median)}/${fmt(s.p95)}/${fmt(s.max)}`;
}

/** Adds `by` to a tally. */
export function tally(counts: Record<string, number>, key: string, by = 1): void {
  counts[key] = (counts[key] ?? 0) + by;
}

/** A tally as shares, most first: "move 61% · select 20% · …". */
export function shareLine(counts: Record<string, number>): string {
  const total = Object.values(counts).reduce((a, b) => a + b, 0) || 1;
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, n]) => `${kind} ${((100 * n) / total).toFixed(0)}%`)
    .join(" · ");
}

/** A tally as counts, most first: "move 61, select 20, …". */
export function countLine(counts: Record<string, number>): string {
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
}

/** Growth within the last third of the samples: its highest value against its first. */
export function plateauOf(samples: readonly number[]): {
  from: number;
  growthPercent: number | null;
  ok: boolean;
} {
  if (samples.length < 3) return { from: Number.NaN, growthPercent: null, ok: false };
  const start = Math.floor((samples.length * 2) / 3) - 1;
  const from = samples[Math.max(0, start)]!;
  const last = samples.slice(Math.max(0, start));
  const growthPercent = (100 * (Math.max(...last) - from)) / from;
  return { from, growthPercent, ok: growthPercent < 5 };
}
