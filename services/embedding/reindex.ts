/**
 * Fills the configured embedding space's index with every job and seeker it lacks, through
 * the same reconcilers as the service (a job or seeker whose text is embedded but whose
 * vector is missing is embedded again, without any change a partner sees, and matched).
 * Safe beside the running system, resumable, and a no-op on a full index.
 * @module
 */
import { countLiveJobs, countSeekers, liveJobIdsAfter, seekerIdsAfter } from "@hire/tables";
import { reconcileJobs } from "./jobs_reconciler.ts";
import type { PipelineDeps } from "./pipeline_deps.ts";
import { reconcileSeekers } from "./seekers_reconciler.ts";

/** Where a re-index is. */
export interface ReindexProgress {
  what: "jobs" | "seekers";
  done: number;
  total: number;
}

/** Walks every live job, then every seeker, `batch` at a time. */
export async function reindex(
  deps: PipelineDeps,
  opts: { batch: number; onProgress(p: ReindexProgress): void; afterBatch?(): void },
): Promise<{ jobs: number; seekers: number }> {
  const walk = async (
    what: ReindexProgress["what"],
    total: number,
    page: (after: string) => Promise<string[]>,
    reconcile: (ids: string[]) => Promise<void>,
  ) => {
    let done = 0;
    opts.onProgress({ what, done, total });
    for (let after = "", ids = await page(after); ids.length > 0; ids = await page(after)) {
      await reconcile(ids);
      opts.afterBatch?.();
      done += ids.length;
      after = ids.at(-1)!;
      // Rows created during the walk count too.
      opts.onProgress({ what, done, total: Math.max(total, done) });
    }
    return done;
  };
  const jobs = await walk(
    "jobs",
    await countLiveJobs(deps.sql),
    (after) => liveJobIdsAfter(deps.sql, after, opts.batch),
    (ids) => reconcileJobs(deps, ids),
  );
  const seekers = await walk(
    "seekers",
    await countSeekers(deps.sql),
    (after) => seekerIdsAfter(deps.sql, after, opts.batch),
    (ids) => reconcileSeekers(deps, ids),
  );
  return { jobs, seekers };
}
