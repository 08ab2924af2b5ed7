/**
 * When the dispatcher claims next, short of the full claim after which it goes again at
 * once: after the first wake since its last claim, or after `pollMs` without one. Wakes come
 * one per answered attempt, one per recorded outcome and one per batch of new attempts, and
 * a claim costs about the same for one attempt as for many (it reads every open webhook's
 * heads: 0.6 ms apiece in bench/results/starvation-statements.md, where each claim took
 * about three attempts). So while attempts trickle (`gathering()`: few requests out) a wake
 * claims `gatherMs` later, and the wakes of those milliseconds share one claim instead of
 * one claim each. Under a flow, wakes are many and claims full by themselves, and a wake
 * claims at once: the gather would only add its wait to every attempt.
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

/** The signal; `gatherMs` 0, or `gathering()` false, claims as soon as the loop turns. */
export function claimSignal(
  opts: { pollMs: number; gatherMs: number; gathering: () => boolean },
): ClaimSignal {
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
  const gatherFor = () => opts.gathering() ? opts.gatherMs : 0;
  const arm = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(fire, Math.max(0, ms));
  };

  return {
    wake() {
      if (wokenAt !== undefined) return;
      wokenAt = performance.now();
      if (due) arm(gatherFor());
    },
    next: () =>
      new Promise<void>((resolve) => {
        if (stopped) return resolve();
        due = resolve;
        arm(wokenAt === undefined ? opts.pollMs : gatherFor() - (performance.now() - wokenAt));
      }),
    stop() {
      stopped = true;
      fire();
    },
  };
}
