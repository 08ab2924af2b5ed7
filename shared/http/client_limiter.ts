/**
 * Requests per client address: a token bucket per address, refilled continuously, so a
 * client may send in bursts up to the per-minute allowance. Kept in the process's memory:
 * each process counts on its own, which bounds a flood per process without a database
 * round trip on every anonymous request.
 * @module
 */

/** The answer for one request. */
export type Decision = { allowed: true } | { allowed: false; retryAfterS: number };

/** Options of {@link createClientLimiter}. */
export type ClientLimiterOptions =
  & (
    | { perMinute: number; perHour?: never }
    | { perHour: number; perMinute?: never }
  )
  & {
    /** Addresses remembered at most; past it, addresses whose bucket is full are forgotten. */
    maxClients?: number;
    now?: () => number;
  };

/** Counts requests per client address. */
export interface ClientLimiter {
  take(address: string): Decision;
  /** Returns a unit `take` allowed, for work that turned out to cost nothing to guard. */
  giveBack(address: string): void;
  /** Addresses currently remembered. */
  size(): number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** A limiter allowing `perMinute` requests per address per minute, or `perHour` per hour. */
export function createClientLimiter(opts: ClientLimiterOptions): ClientLimiter {
  const now = opts.now ?? Date.now;
  const maxClients = opts.maxClients ?? 100_000;
  // A bucket holds one window's allowance and refills it over the window.
  const capacity = opts.perMinute ?? opts.perHour;
  const perMs = opts.perMinute !== undefined ? opts.perMinute / 60_000 : opts.perHour / 3_600_000;
  const buckets = new Map<string, Bucket>();

  const refill = (b: Bucket, t: number) => {
    b.tokens = Math.min(capacity, b.tokens + (t - b.at) * perMs);
    b.at = t;
  };
  // A full bucket says nothing a new one would not, so it can go.
  const forgetIdle = (t: number) => {
    for (const [address, b] of buckets) {
      refill(b, t);
      if (b.tokens >= capacity) buckets.delete(address);
    }
    // Still too many busy addresses (a spoofed flood): forget the oldest entries.
    for (const address of buckets.keys()) {
      if (buckets.size < maxClients) break;
      buckets.delete(address);
    }
  };

  return {
    take(address) {
      const t = now();
      let b = buckets.get(address);
      if (!b) {
        if (buckets.size >= maxClients) forgetIdle(t);
        b = { tokens: capacity, at: t };
        buckets.set(address, b);
      } else {
        refill(b, t);
      }
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return { allowed: true };
      }
      return { allowed: false, retryAfterS: Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000)) };
    },
    giveBack(address) {
      const b = buckets.get(address);
      // A forgotten bucket starts full anyway.
      if (b) b.tokens = Math.min(capacity, b.tokens + 1);
    },
    size: () => buckets.size,
  };
}
