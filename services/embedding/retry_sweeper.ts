/**
 * Runs the retries the reconcilers scheduled, and the late work a consumer deferred while
 * the API was busy, when they fall due, also after a restart: due rows are claimed by
 * pushing their retry time out by a lease (so two embedding processes do not both take
 * one; a process that dies holding it only delays the retry) and reconciled again as
 * claimed retries. A sweep that found a full batch goes on at once, so a deferred backlog
 * drains as fast as the yield gate lets it, not a batch per interval.
 * @module
 */
import type { Sql } from "@hire/db";
import type { Logger } from "@hire/log";
import { claimDueJobEmbeddings, claimDueSeekerEmbeddings } from "@hire/tables";

// One full chunk of the model's (CHUNK_LIMITS.max).
const BATCH = 128;
/**
 * How long a claimed retry is held before another process may take it: longer than a
 * batch takes when every chunk of it waits the gate's longest wait and goes small.
 */
const LEASE = "2 minutes";

/** Claims due job and seeker retries and hands them to the reconcilers. */
export function startRetrySweeper(
  deps: {
    sql: Sql;
    log: Logger;
    retryJobs: (ids: string[]) => Promise<void>;
    retrySeekers: (ids: string[]) => Promise<void>;
  },
  opts: { intervalMs: number },
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  let stopped = false;
  const sweep = async () => {
    const claim = { limit: BATCH, lease: LEASE };
    for (let full = true; full && !stopped;) {
      const jobs = await claimDueJobEmbeddings(deps.sql, claim);
      if (jobs.length) await deps.retryJobs(jobs);
      const seekers = await claimDueSeekerEmbeddings(deps.sql, claim);
      if (seekers.length) await deps.retrySeekers(seekers);
      full = jobs.length === BATCH || seekers.length === BATCH;
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = sweep()
      .catch((err) => deps.log.warn("retry sweep failed", { err }))
      .finally(() => (running = undefined));
  }, opts.intervalMs);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
