/**
 * A partner's limits at one moment, and how they are told: the IETF `RateLimit-Policy` and
 * `RateLimit` fields (draft-ietf-httpapi-ratelimit-headers) and the older `X-RateLimit-*`
 * trio. Pure, so the arithmetic of windows and resets is tested without a database.
 * @module
 */
import type { PlanLimits } from "@hire/partners";

/** One limit: its size, what is left of it, and when it starts afresh (epoch ms). */
export interface Allowance {
  limit: number;
  remaining: number;
  resetAt: number;
}

/** The per-minute request limit and the monthly job quota, as of `now` (epoch ms). */
export interface LimitState {
  minute: Allowance & { exceeded: boolean };
  month: Allowance & { used: number };
  now: number;
}

/** What counting a request found in the database. */
export interface CountedRequest {
  /** Requests counted in the current window, this one included. */
  requests: number;
  windowStart: Date;
  /** Jobs created (or reserved) this month. */
  jobsUsed: number;
  /** The database's clock, which every edge shares. */
  now: Date;
}

const MINUTE_MS = 60_000;

/** The first instant of the calendar month (UTC) after the one holding `now`. */
export function nextMonthStart(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** The state after counting a request. */
export function limitState(limits: PlanLimits, counted: CountedRequest): LimitState {
  const now = counted.now.getTime();
  return {
    minute: {
      limit: limits.requestsPerMinute,
      remaining: Math.max(0, limits.requestsPerMinute - counted.requests),
      resetAt: counted.windowStart.getTime() + MINUTE_MS,
      exceeded: counted.requests > limits.requestsPerMinute,
    },
    month: monthAllowance(limits.jobsPerMonth, counted.jobsUsed, now),
    now,
  };
}

/** The monthly allowance with `used` jobs counted, e.g. after a reservation. */
export function monthAllowance(
  limit: number,
  used: number,
  now: number,
): LimitState["month"] {
  return { limit, used, remaining: Math.max(0, limit - used), resetAt: nextMonthStart(now) };
}

/** Whole seconds from `now` until `at`, at least 1: a client told 0 would retry at once. */
export function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}

/** The response headers that report `state`. */
export function limitHeaders(state: LimitState): Record<string, string> {
  const { minute, month, now } = state;
  const minuteReset = secondsUntil(minute.resetAt, now);
  return {
    "RateLimit-Policy": `"minute";q=${minute.limit};w=60, "month";q=${month.limit};qu="jobs"`,
    "RateLimit": `"minute";r=${minute.remaining};t=${minuteReset}, "month";r=${month.remaining};t=${
      secondsUntil(month.resetAt, now)
    }`,
    "X-RateLimit-Limit": String(minute.limit),
    "X-RateLimit-Remaining": String(minute.remaining),
    "X-RateLimit-Reset": String(Math.ceil(minute.resetAt / 1000)),
  };
}
