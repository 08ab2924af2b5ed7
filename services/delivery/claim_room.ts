/**
 * How many attempts the dispatcher may claim at a time.
 * @module
 */

/** Most outcomes one record transaction takes. */
export const RECORD_BATCH = 500;

/** A dispatcher's attempts under way. */
export interface Workload {
  /** Its workers (`DELIVERY_CONCURRENCY`). */
  concurrency: number;
  /** Attempts whose request is out: each holds a worker. */
  requesting: number;
  /** Attempts answered whose record has not committed: they hold no worker. */
  awaitingRecord: number;
}

/**
 * The attempts to claim now: one per free worker, a worker being free once its answer is in;
 * but no more than leave one record transaction's worth awaiting their records, so that a
 * database recording slowly slows the claiming rather than piling up made attempts.
 */
export function claimRoom(w: Workload): number {
  return Math.max(0, Math.min(w.concurrency - w.requesting, RECORD_BATCH - w.awaitingRecord));
}
