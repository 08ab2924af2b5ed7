/**
 * Whether a process's memory (its resident size, or its live heap) grows without bound over a
 * soak: pure. The first third
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
  /** The growth tolerated above the middle third's mean. */
  allowanceKiB: number;
  /**
   * The last third's mean and the last sample both above the middle third's mean by more
   * than the allowance, and the slope positive: a rise that falls back again is no growth.
   */
  grows: boolean;
}

/** The growth a comparison tolerates, given the middle third's mean. */
export type Allowance = (middleMeanKiB: number) => number;

/**
 * Growth tolerated in a resident size: 5% of the middle third's mean, at least 16 MiB (a
 * GC's or a buffer pool's swing, not a leak).
 */
export const residentAllowanceKiB: Allowance = (middleMeanKiB) =>
  Math.max(16 * 1024, 0.05 * middleMeanKiB);

/**
 * Growth tolerated in a live heap read right after a full collection: 5%, at least 4 MiB.
 * Garbage no longer swings it, only what is in flight (requests, fetched batches).
 */
export const liveHeapAllowanceKiB: Allowance = (middleMeanKiB) =>
  Math.max(4 * 1024, 0.05 * middleMeanKiB);

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
export function trendOf(
  points: readonly Point[],
  allowance: Allowance = residentAllowanceKiB,
): Trend {
  if (points.length < 3) throw new RangeError("a trend needs at least three samples");
  const third = Math.floor(points.length / 3);
  const middle = points.slice(third, 2 * third);
  const last = points.slice(2 * third);
  const middleMeanKiB = mean(middle.map((p) => p.kib));
  const lastMeanKiB = mean(last.map((p) => p.kib));
  const slopeKiBPerMin = slopePerMinute(points.slice(third));
  const allowanceKiB = allowance(middleMeanKiB);
  return {
    firstKiB: points[0]!.kib,
    lastKiB: points.at(-1)!.kib,
    maxKiB: Math.max(...points.map((p) => p.kib)),
    middleMeanKiB,
    lastMeanKiB,
    slopeKiBPerMin,
    allowanceKiB,
    grows: lastMeanKiB - middleMeanKiB > allowanceKiB &&
      points.at(-1)!.kib - middleMeanKiB > allowanceKiB && slopeKiBPerMin > 0,
  };
}
