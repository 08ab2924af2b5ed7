/**
 * Keeps the site search index's merges out of the creates' transactions (migration 0023). The
 * vectors a batch writes wait in the index's pending list, and an insert that finds the list
 * full merges all of it before its transaction can commit: about 130 us of the 465 us a posting's
 * insert cost Postgres, paid by whichever create came last (docs/performance.md). Told after each
 * applied batch, this merges the list `intervalMs` later on a pool connection of its own, never
 * two merges at once, and nothing while no jobs are written. If a merge fails, inserts merge the
 * list as before, so a failure costs time, not data.
 * @module
 */
import type { Logger } from "@hire/log";

/** A running merge schedule. */
export interface SearchMerge {
  /** Jobs were written: a merge is due within the interval. */
  wrote(): void;
  /** Waits for a merge under way; none starts after. */
  stop(): Promise<void>;
}

/** Merges with `merge` (pages merged) once `intervalMs` has passed since a write was told. */
export function startSearchMerge(
  merge: () => Promise<number>,
  opts: { intervalMs: number; log: Logger },
): SearchMerge {
  let due = false;
  let stopped = false;
  let failing = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;

  const schedule = () => {
    if (stopped || timer !== undefined || running) return;
    timer = setTimeout(run, opts.intervalMs);
  };
  const run = () => {
    timer = undefined;
    due = false;
    running = merge().then(
      () => {
        if (failing) opts.log.info("search index merges work again");
        failing = false;
      },
      (err) => {
        // Once a streak: while it lasts, every interval with writes would say it again.
        if (!failing) {
          opts.log.warn("search index merge failed; inserts merge it meanwhile", { err });
        }
        failing = true;
      },
    ).finally(() => {
      running = undefined;
      if (due) schedule();
    });
  };

  return {
    wrote() {
      due = true;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
