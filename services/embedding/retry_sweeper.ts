/**
 * Runs the retries the reconcilers scheduled, when they fall due, also after a restart:
 * due rows are claimed by pushing their retry time out by a lease (so two embedding
 * processes do not both take one; a process that dies holding it only delays the retry)
 * and reconciled again as claimed retries.
 * @module
 */
import type { Sql } from "@hire/db";
import type { Logger } from "@hire/log";
import { claimDueEmbeddingRetries, claimDueSeekerRetries } from "@hire/tables";

const BATCH = 64;
/** How long a claimed retry is held before another process may take it. */
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
  const sweep = async () => {
    const claim = { limit: BATCH, lease: LEASE };
    const jobs = await claimDueEmbeddingRetries(deps.sql, claim);
    if (jobs.length) await deps.retryJobs(jobs);
    const seekers = await claimDueSeekerRetries(deps.sql, claim);
    if (seekers.length) await deps.retrySeekers(seekers);
  };
  const timer = setInterval(() => {
    if (running) return;
    running = sweep()
      .catch((err) => deps.log.warn("retry sweep failed", { err }))
      .finally(() => (running = undefined));
  }, opts.intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
