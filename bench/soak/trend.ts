/**
 * Whether a process's resident size grows without bound over a soak: pure. The first third
 * of the samples is warm-up (caches, JIT, pools filling); the middle and last thirds are
 * compared, and the slope over them (least squares) is given per minute. Ten minutes cannot
 * prove a bound; they can show a steady climb.
 * @module
 */

/** One sample: when (ms) and the resident size (KiB). */
export interface Point {
  at: number;
  kib: number;
}

/** The verdict on one process. */
export interface Trend {
  firstKiB: number;
  lastKiB: number;
  maxKiB: number;
  middleMeanKiB: number;
  lastMeanKiB: number;
  /** Least-squares slope over the middle and last thirds, KiB per minute. */
  slopeKiBPerMin: number;
  /**
   * The last third's mean and the last sample both above the middle third's mean by more
   * than the allowance, and the slope positive: a rise that falls back again is no growth.
   */
  grows: boolean;
}

/**
 * Growth the comparison tolerates: 5% of the middle third's mean, at least 16 MiB (a GC's
 * or a buffer pool's swing, not a leak).
 */
export const allowanceKiB = (middleMeanKiB: number): number =>
  Math.max(16 * 1024, 0.05 * middleMeanKiB);

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Least-squares slope of `points`, KiB per minute (0 with fewer than two). */
export function slopePerMinute(points: readonly Point[]): number {
  if (points.length < 2) return 0;
  const mx = mean(points.map((p) => p.at));
  const my = mean(points.map((p) => p.kib));
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.at - mx) * (p.kib - my);
    den += (p.at - mx) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 60_000;
}

/** The trend of one process's samples (in time order; at least three). */
export function trendOf(points: readonly Point[]): Trend {
  if (points.length < 3) throw new RangeError("a trend needs at least three samples");
  const third = Math.floor(points.length / 3);
  const middle = points.slice(third, 2 * third);
  const last = points.slice(2 * third);
  const middleMeanKiB = mean(middle.map((p) => p.kib));
  const lastMeanKiB = mean(last.map((p) => p.kib));
  const slopeKiBPerMin = slopePerMinute(points.slice(third));
  return {
    firstKiB: points[0]!.kib,
    lastKiB: points.at(-1)!.kib,
    maxKiB: Math.max(...points.map((p) => p.kib)),
    middleMeanKiB,
    lastMeanKiB,
    slopeKiBPerMin,
    grows: lastMeanKiB - middleMeanKiB > allowanceKiB(middleMeanKiB) &&
      points.at(-1)!.kib - middleMeanKiB > allowanceKiB(middleMeanKiB) && slopeKiBPerMin > 0,
  };
}
