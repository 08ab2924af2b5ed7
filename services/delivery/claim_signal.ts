/**
 * When the dispatcher claims next, short of the full claim after which it goes again at
 * once. Two kinds of wake:
 * - **queued**: new attempts were queued (a fan-out, a retry handed over, a redelivery's
 *   `NOTIFY`). They are due now, so the next claim is due as soon as the loop turns.
 * - **freed**: an attempt was answered or recorded, so a place under a cap, a worker or a
 *   job's turn may have come free. These come one per attempt and most find nothing new,
 *   and a claim costs about the same for one attempt as for many (it reads every open
 *   webhook's heads: 0.6 ms apiece in bench/results/starvation-statements.md, where each
 *   claim took about three attempts). So while attempts trickle (`gathering()`: few requests
 *   out) a freed wake claims `gatherMs` later and the wakes of those milliseconds share one
 *   claim. Under a flow every wake claims at once.
 * Without a wake the next claim is due after `pollMs` (leases that ended).
 * New attempts once waited out the gather too: at 2,200 deliveries/s to endpoints answering
 * in a few milliseconds fewer than 8 requests were often out, so the flow counted as a
 * trickle, and the claim after each fan-out waited up to 10 ms (docs/performance.md,
 * Webhook delivery).
 * @module
 */

/** What the claim loop waits on. */
export interface ClaimSignal {
  /** New attempts were queued: claim as soon as the loop turns. */
  queued(): void;
  /** A place may have come free: claim within the gather. */
  freed(): void;
  /** Resolves when the next claim is due (at once once stopped). */
  next(): Promise<void>;
  /** Lets a waiting `next` go, and every later one at once. */
  stop(): void;
}

/** The signal; `gatherMs` 0, or `gathering()` false, claims as soon as the loop turns. */
export function claimSignal(
  opts: { pollMs: number; gatherMs: number; gathering: () => boolean },
): ClaimSignal {
  // Since the first wake after the last claim; `urgent` once a queued wake came.
  let wokenAt: number | undefined;
  let urgent = false;
  let stopped = false;
  let due: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const fire = () => {
    clearTimeout(timer);
    const resolve = due;
    due = undefined;
    wokenAt = undefined;
    urgent = false;
    resolve?.();
  };
  const wait = () => {
    if (wokenAt === undefined) return opts.pollMs;
    if (urgent || !opts.gathering()) return 0;
    return opts.gatherMs - (performance.now() - wokenAt);
  };
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(fire, Math.max(0, wait()));
  };

  return {
    queued() {
      if (urgent) return;
      urgent = true;
      wokenAt ??= performance.now();
      if (due) arm();
    },
    freed() {
      if (wokenAt !== undefined) return;
      wokenAt = performance.now();
      if (due) arm();
    },
    next: () =>
      new Promise<void>((resolve) => {
        if (stopped) return resolve();
        due = resolve;
        arm();
      }),
    stop() {
      stopped = true;
      fire();
    },
  };
}
