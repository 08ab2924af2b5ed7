/**
 * `rate_limit_windows` and `job_quota_usage`: the only code that writes them. The shared
 * counters of the edge's limits: requests per partner per one-minute window, and jobs per
 * partner per calendar month (UTC). Each operation is one statement, atomic under any
 * number of concurrent requests and edges, timed by the database's clock. Retention: none
 * (one row per partner, and per partner and month).
 * @module
 */
import type { Sql } from "@hire/db";

/** What the shared request counter granted. */
export interface RequestLease {
  /** Requests granted to this edge, 0 when the window is used up. */
  granted: number;
  /** Requests granted in the window so far, this lease included. */
  requests: number;
  windowStart: Date;
  jobsUsed: number;
  /** The database's clock. */
  now: Date;
}

/**
 * Grants up to `want` requests of the partner's current one-minute window of `limit`, and
 * reads the month's job usage. A transaction that started a moment before a newer window
 * was opened takes from the newer one, so a window never restarts twice. In an UPDATE every
 * right-hand side reads the row as it was, so `last_granted` is this statement's grant.
 */
export async function leaseRequests(
  sql: Sql,
  opts: { partnerId: string; want: number; limit: number },
): Promise<RequestLease> {
  const { partnerId, want, limit } = opts;
  const [row] = await sql<
    { granted: number; requests: number; window_start: Date; jobs_used: number; now: Date }[]
  >`
    WITH leased AS (
      INSERT INTO rate_limit_windows AS r (partner_id, window_start, requests, last_granted)
      VALUES (${partnerId}, date_trunc('minute', now()), LEAST(${want}::int, ${limit}::int),
              LEAST(${want}::int, ${limit}::int))
      ON CONFLICT (partner_id) DO UPDATE SET
        requests = CASE WHEN excluded.window_start > r.window_start THEN excluded.requests
          ELSE r.requests + LEAST(${want}::int, GREATEST(0, ${limit}::int - r.requests)) END,
        last_granted = CASE WHEN excluded.window_start > r.window_start THEN excluded.requests
          ELSE LEAST(${want}::int, GREATEST(0, ${limit}::int - r.requests)) END,
        window_start = GREATEST(r.window_start, excluded.window_start)
      RETURNING last_granted, requests, window_start
    )
    SELECT leased.last_granted AS granted, leased.requests, leased.window_start, now() AS now,
      COALESCE((SELECT used FROM job_quota_usage
                WHERE partner_id = ${partnerId}
                  AND month = date_trunc('month', now() AT TIME ZONE 'UTC')::date), 0)
        AS jobs_used
    FROM leased`;
  return {
    granted: row!.granted,
    requests: row!.requests,
    windowStart: row!.window_start,
    jobsUsed: row!.jobs_used,
    now: row!.now,
  };
}

/** What a reservation obtained. */
export interface Reservation {
  /** Jobs granted, from 0 to the number asked for. */
  granted: number;
  /** Jobs used this month, the grant included. */
  used: number;
  /** The month charged, to release into. */
  month: string;
  now: Date;
}

/**
 * Reserves up to `n` jobs of this month's quota of `limit`: as many as are left. In an
 * UPDATE every right-hand side reads the row as it was, so `last_reserved` is exactly this
 * statement's grant while the row lock keeps concurrent reservations apart.
 */
export async function reserveJobs(
  sql: Sql,
  opts: { partnerId: string; n: number; limit: number },
): Promise<Reservation> {
  const { partnerId, n, limit } = opts;
  const [row] = await sql<{ granted: number; used: number; month: string; now: Date }[]>`
    INSERT INTO job_quota_usage AS q (partner_id, month, used, last_reserved)
    VALUES (${partnerId}, date_trunc('month', now() AT TIME ZONE 'UTC')::date, LEAST(${n}::int, ${limit}::int),
            LEAST(${n}::int, ${limit}::int))
    ON CONFLICT (partner_id, month) DO UPDATE SET
      used = q.used + LEAST(${n}::int, GREATEST(0, ${limit}::int - q.used)),
      last_reserved = LEAST(${n}::int, GREATEST(0, ${limit}::int - q.used))
    RETURNING last_reserved AS granted, used, month::text AS month, now() AS now`;
  return row!;
}

/** Gives back `n` reserved jobs whose creation did not happen. */
export async function releaseJobs(
  sql: Sql,
  opts: { partnerId: string; month: string; n: number },
): Promise<void> {
  await sql`
    UPDATE job_quota_usage SET used = GREATEST(0, used - ${opts.n}::int)
    WHERE partner_id = ${opts.partnerId} AND month = ${opts.month}::date`;
}
