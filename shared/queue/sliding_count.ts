/**
 * How many messages were handed over in the last span of time: what a batch window looks at to
 * tell a trickle (worth holding batches for) from a flow that fills them by itself.
 * @module
 */

/** A running count of what was added in the last `spanMs`, by the caller's clock. */
export interface SlidingCount {
  add(n: number, at: number): void;
  /** What was added in (`now` − `spanMs`, `now`]. */
  total(now: number): number;
  /** What was added after `from`, as far back as the span still reaches. */
  since(from: number): number;
}

/** A count over the last `spanMs` milliseconds. */
export function slidingCount(spanMs: number): SlidingCount {
  const entries: { at: number; n: number }[] = [];
  let sum = 0;
  const drop = (now: number) => {
    while (entries.length && entries[0]!.at <= now - spanMs) sum -= entries.shift()!.n;
  };
  return {
    add(n, at) {
      entries.push({ at, n });
      sum += n;
      drop(at);
    },
    total(now) {
      drop(now);
      return sum;
    },
    since(from) {
      let n = 0;
      for (let i = entries.length - 1; i >= 0 && entries[i]!.at > from; i--) n += entries[i]!.n;
      return n;
    },
  };
}
