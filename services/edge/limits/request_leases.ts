/**
 * Counting requests without a database write per request. Each edge takes requests from
 * the partner's shared window in Postgres in small batches (a lease) and spends them
 * locally, topping the batch up in the background when half of it is spent; the database
 * never grants more than the limit in a window, so however many edges serve a partner, no
 * more than the limit gets through. The price: tokens an edge still holds when the window
 * ends go unused (fewer than one and a half batches), so a partner spread over E edges may
 * be refused up to that many requests per other edge early. Batches are 1/50 of the limit,
 * from 1 (every request asks Postgres: exact, no top-up) to 100.
 * @module
 */
import type { RequestLease } from "@hire/tables";
import type { CountedRequest } from "./limit_state.ts";

/** What the shared counter granted. */
export type Lease = RequestLease;

/** Takes up to `want` requests of the partner's current window of `limit`. */
export type LeaseFn = (partnerId: string, want: number, limit: number) => Promise<Lease>;

/** Counts requests against per-partner limits. */
export interface RequestCounter {
  /** Counts one request; `requests > limit` in the answer means it is refused. */
  count(partnerId: string, limit: number): Promise<CountedRequest>;
  /** Records a fresher monthly job count (after a reservation) for later answers. */
  noteJobsUsed(partnerId: string, jobsUsed: number): void;
}

const WINDOW_MS = 60_000;

/** Requests one lease asks for under `limit`. */
export function leaseSize(limit: number): number {
  return Math.min(100, Math.max(1, Math.floor(limit / 50)));
}

interface Entry {
  limit: number;
  windowStart: Date;
  /** Local clock time at which the window ends. */
  windowEndsAt: number;
  /** Database clock minus local clock. */
  offset: number;
  tokens: number;
  /** Requests the database has granted in the window (all edges), this edge's tokens too. */
  granted: number;
  /** The database has nothing left for this window. */
  exhausted: boolean;
  jobsUsed: number;
}

/** A counter over `lease`; `clock` is the local clock (tests move it). */
export function createRequestCounter(lease: LeaseFn, clock = Date.now): RequestCounter {
  const entries = new Map<string, Entry>();
  const refills = new Map<string, Promise<void>>();

  const refill = async (partnerId: string, limit: number) => {
    const asked = clock();
    const l = await lease(partnerId, leaseSize(limit), limit);
    const e = entries.get(partnerId);
    if (e && e.limit === limit && e.windowStart.getTime() === l.windowStart.getTime()) {
      // A top-up of the same window: add to the tokens still held.
      Object.assign(e, {
        tokens: e.tokens + l.granted,
        granted: l.requests,
        exhausted: l.granted === 0,
        jobsUsed: l.jobsUsed,
      });
      return;
    }
    const offset = l.now.getTime() - asked;
    entries.set(partnerId, {
      limit,
      windowStart: l.windowStart,
      windowEndsAt: l.windowStart.getTime() + WINDOW_MS - offset,
      offset,
      tokens: l.granted,
      granted: l.requests,
      exhausted: l.granted === 0,
      jobsUsed: l.jobsUsed,
    });
  };

  /** One lease at a time per partner; callers arriving meanwhile share it. */
  const refilling = (partnerId: string, limit: number) => {
    let pending = refills.get(partnerId);
    if (!pending) {
      pending = refill(partnerId, limit).finally(() => refills.delete(partnerId));
      refills.set(partnerId, pending);
    }
    return pending;
  };

  const answer = (e: Entry, now: number, requests: number): CountedRequest => ({
    requests,
    windowStart: e.windowStart,
    jobsUsed: e.jobsUsed,
    now: new Date(now + e.offset),
  });

  return {
    async count(partnerId, limit) {
      for (;;) {
        const e = entries.get(partnerId);
        const now = clock();
        if (e && e.limit === limit && now < e.windowEndsAt) {
          if (e.tokens > 0) {
            e.tokens--;
            // Batches of more than one are topped up before they run out, so a busy
            // partner's requests do not queue behind a round trip; a failed top-up is
            // retried by the request that finds no token left.
            const size = leaseSize(limit);
            if (size > 1 && !e.exhausted && e.tokens < size / 2) {
              refilling(partnerId, limit).catch(() => {});
            }
            // As this edge sees it: every granted request is spent except its own tokens.
            return answer(e, now, e.granted - e.tokens);
          }
          if (e.exhausted) return answer(e, now, limit + 1);
        }
        await refilling(partnerId, limit);
      }
    },
    noteJobsUsed(partnerId, jobsUsed) {
      const e = entries.get(partnerId);
      if (e) e.jobsUsed = jobsUsed;
    },
  };
}
