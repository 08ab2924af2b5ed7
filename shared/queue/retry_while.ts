/**
 * Retrying a consumer's work in place while the failure is one that waiting cures (the
 * database is down, a race to retry). While a partition's work cannot proceed, nothing
 * behind it can either, so waiting here holds up nothing that could have run.
 * @module
 */
import type { Logger } from "@hire/log";

/** How {@link retryWhile} decides and waits. */
export interface RetryWhileOptions {
  /** Whether waiting may cure this failure; others are thrown at once. */
  retriable: (err: unknown) => boolean;
  /** Whether the consumer still owns the work (not stopping, not rebalanced away). */
  isRunning: () => boolean;
  /** Keeps the consumer's group membership alive while it waits. */
  heartbeat: () => Promise<void>;
  log: Logger;
  /** Longest single wait, in milliseconds. */
  maxDelayMs?: number;
}

/** Runs `work` until it succeeds, backing off exponentially between retriable failures. */
export async function retryWhile<T>(work: () => Promise<T>, opts: RetryWhileOptions): Promise<T> {
  for (let attempt = 1;; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!opts.retriable(err) || !opts.isRunning()) throw err;
      const delay = Math.min(200 * 2 ** attempt, opts.maxDelayMs ?? 5000);
      opts.log.warn("work failed; retrying", { err, attempt, delay });
      await new Promise((r) => setTimeout(r, delay));
      await opts.heartbeat().catch(() => {});
    }
  }
}
