import assert from "node:assert/strict";
import {
  limitHeaders,
  limitState,
  monthAllowance,
  nextMonthStart,
  secondsUntil,
} from "./limit_state.ts";

const GROWTH = { requestsPerMinute: 600, jobsPerMonth: 20_000 };
const at = (iso: string) => new Date(iso);

Deno.test("nextMonthStart: the first instant of the next calendar month in UTC", () => {
  assert.equal(
    nextMonthStart(Date.parse("2026-11-22T10:00:00Z")),
    Date.parse("2026-12-01T00:00:00Z"),
  );
  assert.equal(
    nextMonthStart(Date.parse("2026-12-31T23:59:59.999Z")),
    Date.parse("2027-01-01T00:00:00Z"),
  );
  // Riyadh is already in March here; the quota month is UTC's.
  assert.equal(
    nextMonthStart(Date.parse("2027-02-28T22:00:00Z")),
    Date.parse("2027-03-01T00:00:00Z"),
  );
});

Deno.test("secondsUntil: whole seconds rounded up, never below 1", () => {
  assert.equal(secondsUntil(10_000, 0), 10);
  assert.equal(secondsUntil(10_001, 0), 11);
  assert.equal(secondsUntil(5, 5), 1);
  assert.equal(secondsUntil(0, 5_000), 1);
});

Deno.test("limitState: remaining requests and jobs, window reset, exceeded past the limit", () => {
  const state = limitState(GROWTH, {
    requests: 598,
    windowStart: at("2026-11-22T10:15:00Z"),
    jobsUsed: 19_990,
    now: at("2026-11-22T10:15:42.500Z"),
  });
  assert.deepEqual(state, {
    minute: {
      limit: 600,
      remaining: 2,
      resetAt: Date.parse("2026-11-22T10:16:00Z"),
      exceeded: false,
    },
    month: {
      limit: 20_000,
      used: 19_990,
      remaining: 10,
      resetAt: Date.parse("2026-12-01T00:00:00Z"),
    },
    now: Date.parse("2026-11-22T10:15:42.500Z"),
  });
  const at600 = limitState(GROWTH, { ...counted(600) });
  assert.equal(at600.minute.exceeded, false);
  assert.equal(at600.minute.remaining, 0);
  const at601 = limitState(GROWTH, { ...counted(601) });
  assert.equal(at601.minute.exceeded, true);
  assert.equal(at601.minute.remaining, 0);
});

function counted(requests: number) {
  return {
    requests,
    windowStart: at("2026-11-22T10:15:00Z"),
    jobsUsed: 0,
    now: at("2026-11-22T10:15:30Z"),
  };
}

Deno.test("monthAllowance: never a negative remainder (a plan lowered mid-month)", () => {
  const m = monthAllowance(500, 700, Date.parse("2026-11-02T00:00:00Z"));
  assert.equal(m.remaining, 0);
  assert.equal(m.used, 700);
});

Deno.test("limitHeaders: IETF RateLimit-Policy and RateLimit, and the X-RateLimit trio", () => {
  const state = limitState(GROWTH, {
    requests: 1,
    windowStart: at("2026-11-22T10:15:00Z"),
    jobsUsed: 250,
    now: at("2026-11-22T10:15:42.500Z"),
  });
  assert.deepEqual(limitHeaders(state), {
    "RateLimit-Policy": '"minute";q=600;w=60, "month";q=20000;qu="jobs"',
    // 17.5 s to the minute's end rounds up to 18; the month ends in 8 d 13 h 44 min 17.5 s.
    "RateLimit": `"minute";r=599;t=18, "month";r=19750;t=${8 * 86400 + 13 * 3600 + 44 * 60 + 18}`,
    "X-RateLimit-Limit": "600",
    "X-RateLimit-Remaining": "599",
    "X-RateLimit-Reset": String(Date.parse("2026-11-22T10:16:00Z") / 1000),
  });
});
