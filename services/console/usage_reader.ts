/**
 * The overview's reads: the counters the edge's limits keep (`rate_limit_windows`,
 * `job_quota_usage`, written only by `@hire/tables` usage.ts) and a partner's job creates
 * per Riyadh calendar day. Read with the database's clock, which the edges count by.
 * @module
 */
import type { Sql } from "@hire/db";
import { TIME_ZONE } from "@hire/pages";
import type { DayCount } from "./usage_chart.ts";

/** A partner's usage at one moment. */
export interface Usage {
  /** Requests granted in the current one-minute window; 0 when none was opened yet. */
  requestsThisMinute: number;
  /** Jobs created (and reserved by requests in flight) this calendar month, UTC. */
  jobsThisMonth: number;
  /** The first instant of next month (UTC), when the monthly count starts afresh. */
  monthResetsAt: Date;
  /** Today's Riyadh calendar day, `YYYY-MM-DD`. */
  today: string;
}

/**
 * This minute's requests and this month's jobs, as the edge counts them (the same window
 * and month expressions as `leaseRequests` and `reserveJobs`).
 */
export async function readUsage(sql: Sql, partnerId: string): Promise<Usage> {
  const [row] = await sql<
    { requests: number; jobs_used: number; month_resets_at: Date; today: string }[]
  >`
    SELECT
      COALESCE((SELECT requests FROM rate_limit_windows
                WHERE partner_id = ${partnerId} AND window_start = date_trunc('minute', now())), 0)
        AS requests,
      COALESCE((SELECT used FROM job_quota_usage
                WHERE partner_id = ${partnerId}
                  AND month = date_trunc('month', now() AT TIME ZONE 'UTC')::date), 0)
        AS jobs_used,
      (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC'
        AS month_resets_at,
      (now() AT TIME ZONE ${TIME_ZONE})::date::text AS today`;
  return {
    requestsThisMinute: row!.requests,
    jobsThisMonth: row!.jobs_used,
    monthResetsAt: row!.month_resets_at,
    today: row!.today,
  };
}

/**
 * Jobs the partner created on each Riyadh calendar day from `firstDay` (`YYYY-MM-DD`) on,
 * deleted ones included (they count against the quota too); days without one are absent.
 */
export async function dailyJobCreates(
  sql: Sql,
  opts: { partnerId: string; firstDay: string },
): Promise<DayCount[]> {
  // A timestamp (a date would be taken as a UTC instant) at Riyadh's midnight.
  const since = sql`${opts.firstDay}::date::timestamp AT TIME ZONE ${TIME_ZONE}`;
  // Live and deleted jobs apart: the live half is an index-only range of the partner's rows
  // in jobs_list (one query over both would scan every partner's jobs); the deleted half
  // reads deleted jobs, which are purged after 30 days. Grouped by date, cast to text only
  // for the 30 rows.
  return await sql<DayCount[]>`
    SELECT day::text AS day, count::int AS count FROM (
      SELECT (created_at AT TIME ZONE ${TIME_ZONE})::date AS day, count(*) AS count
      FROM (
        SELECT created_at FROM jobs
        WHERE partner_id = ${opts.partnerId} AND deleted_at IS NULL AND created_at >= ${since}
        UNION ALL
        SELECT created_at FROM jobs
        WHERE partner_id = ${opts.partnerId} AND deleted_at IS NOT NULL AND created_at >= ${since}
      ) j
      GROUP BY 1
    ) d`;
}
