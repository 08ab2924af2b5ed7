/**
 * Percentiles of the delivery benchmark's durations: latencies, producer acks and recorded
 * attempt durations all go through these, so every table reads them the same way.
 * @module
 */

/** Percentiles of a set of durations, in milliseconds (NaN when empty). */
export interface LatencyStats {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of ascending `sorted` (p in 0..1); NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil(p * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** p50, p95, p99 and max of `values` (any order). */
export function latencyStats(values: readonly number[]): LatencyStats {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? NaN,
  };
}

/**
 * Rounded stats of the samples in each `sliceMs` slice of time (a sample at `at` falls in
 * slice `floor(at / sliceMs)`), empty slices included, so a tail made in a few seconds or
 * minutes shows apart from one spread over a whole run.
 */
export function statsBySlice(
  samples: Iterable<{ at: number; value: number }>,
  sliceMs: number,
): LatencyStats[] {
  const slices: number[][] = [];
  for (const s of samples) (slices[Math.floor(s.at / sliceMs)] ??= []).push(s.value);
  return Array.from(slices, (values) => roundedStats(latencyStats(values ?? [])));
}

/** Latency stats in whole milliseconds. */
export function roundedStats(s: LatencyStats): LatencyStats {
  return {
    count: s.count,
    p50: Math.round(s.p50),
    p95: Math.round(s.p95),
    p99: Math.round(s.p99),
    max: Math.round(s.max),
  };
}

/**
 * Most of a sampled figure over every sample, and its mean (one decimal) over `window`, the
 * samples of the measured stretch; NaN when the window holds none.
 */
export function maxAndMean<T>(
  samples: readonly T[],
  window: readonly T[],
  of: (sample: T) => number,
): { max: number; mean: number } {
  return {
    max: Math.max(0, ...samples.map(of)),
    mean: window.length
      ? Math.round(window.reduce((a, s) => a + of(s), 0) / window.length * 10) / 10
      : NaN,
  };
}
