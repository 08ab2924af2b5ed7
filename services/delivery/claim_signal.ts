/**
 * When the dispatcher claims next, short of the full claim after which it goes again at
 * once: `gatherMs` after the first wake since its last claim, or after `pollMs` without one.
 * Wakes come one per answered attempt, one per recorded outcome and one per batch of new
 * attempts, and a claim costs about the same for one attempt as for many (it reads every
 * open webhook's heads: 0.6 ms apiece in bench/results/starvation-statements.md, where each
 * claim took about three attempts). Waiting a few milliseconds after a wake lets the wakes
 * of those milliseconds share one claim instead of one claim each.
 * @module
 */

/** What the claim loop waits on. */
export interface ClaimSignal {
  /** Something may be claimable: claim within the gather. */
  wake(): void;
  /** Resolves when the next claim is due (at once once stopped). */
  next(): Promise<void>;
  /** Lets a waiting `next` go, and every later one at once. */
  stop(): void;
}

/** The signal; `gatherMs` 0 claims as soon as the event loop turns after a wake. */
export function claimSignal(opts: { pollMs: number; gatherMs: number }): ClaimSignal {
  let wokenAt: number | undefined;
  let stopped = false;
  let due: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const fire = () => {
    clearTimeout(timer);
    const resolve = due;
    due = undefined;
    wokenAt = undefined;
    resolve?.();
  };
  const arm = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(fire, Math.max(0, ms));
  };

  return {
    wake() {
      if (wokenAt !== undefined) return;
      wokenAt = performance.now();
      if (due) arm(opts.gatherMs);
    },
    next: () =>
      new Promise<void>((resolve) => {
        if (stopped) return resolve();
        due = resolve;
        arm(
          wokenAt === undefined ? opts.pollMs : opts.gatherMs - (performance.now() - wokenAt),
        );
      }),
    stop() {
      stopped = true;
      fire();
    },
  };
}
