/**
 * The monthly job quota as a request uses it: reserve before creating, give back what was
 * not created, and keep the reported limits up to date. Reserving after validation and
 * idempotency means an invalid request or a replay never spends quota.
 * @module
 */
import type { Sql } from "@hire/db";
import { releaseJobs } from "@hire/tables";
import type { Context } from "hono";
import type { EdgeEnv } from "../env.ts";
import { ApiError } from "../problem.ts";
import { type LimitState, monthAllowance, secondsUntil } from "./limit_state.ts";
import type { ReserveJobs } from "./quota_reservations.ts";
import type { RequestCounter } from "./request_leases.ts";

/** Jobs a request may create, and how to give back those it did not. */
export interface QuotaGrant {
  granted: number;
  release(n: number): Promise<void>;
}

/** The refusal when the month's quota is used up: 429 with the reset time. */
export function quotaExceeded(state: LimitState): ApiError {
  const { month, now } = state;
  return new ApiError("partner.quota_exceeded", {
    detail: `Your plan allows ${month.limit} new jobs per calendar month (UTC).`,
    headers: { "Retry-After": String(secondsUntil(month.resetAt, now)) },
    extensions: {
      quota: {
        limit: month.limit,
        used: Math.min(month.used, month.limit),
        reset_at: new Date(month.resetAt).toISOString(),
      },
    },
  });
}

/**
 * Reserves up to `n` jobs for this request; throws {@link quotaExceeded} when none is left.
 * Fewer than `n` may be granted when the quota runs out part-way (bulk create).
 */
export async function takeJobQuota(
  c: Context<EdgeEnv>,
  deps: { sql: Sql; counter: RequestCounter; reserveJobs: ReserveJobs },
  n: number,
): Promise<QuotaGrant> {
  const { sql } = deps;
  const { partnerId } = c.get("partner");
  const limit = c.get("limits").month.limit;
  const reservation = await deps.reserveJobs({ partnerId, n, limit });
  const now = reservation.now.getTime();
  let used = reservation.used;
  const report = () => {
    c.set("limits", { ...c.get("limits"), month: monthAllowance(limit, used, now) });
    deps.counter.noteJobsUsed(partnerId, used);
  };
  report();
  if (reservation.granted === 0) throw quotaExceeded(c.get("limits"));
  return {
    granted: reservation.granted,
    async release(k) {
      if (k <= 0) return;
      await releaseJobs(sql, { partnerId, month: reservation.month, n: k });
      used -= k;
      report();
    },
  };
}
