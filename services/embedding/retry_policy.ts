/**
 * When to try an embedding again: exponential backoff with full jitter, capped, and a
 * limit on attempts after which the job or seeker is marked failed. A pure function of
 * the attempt count and the clock, so it is tested without waiting.
 * @module
 */

/** The retry policy's settings. */
export interface RetryPolicy {
  /** Attempts in all, the first included; reaching it marks the subject failed. */
  maxAttempts: number;
  baseMs: number;
  capMs: number;
}

/** What to do after a failed attempt. */
export type RetryDecision = { retryAt: Date } | { giveUp: true };

/**
 * Decides after failed attempt number `attempt` (1 for the first). A failure the provider
 * calls permanent gives up at once. `random` is injectable so tests are exact.
 */
export function afterFailure(
  attempt: number,
  now: Date,
  policy: RetryPolicy,
  opts: { retriable: boolean; random?: () => number },
): RetryDecision {
  if (!opts.retriable || attempt >= policy.maxAttempts) return { giveUp: true };
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** (attempt - 1));
  // Full jitter spreads retries of many jobs that failed together (a provider outage).
  const delay = Math.max(
    policy.baseMs / 2,
    (opts.random ?? Math.random)() * ceiling,
  );
  return { retryAt: new Date(now.getTime() + Math.round(delay)) };
}
