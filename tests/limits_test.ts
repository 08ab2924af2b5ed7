/**
 * Plans, rate limits and monthly quotas on the real stack. Limits are configured small so
 * the boundaries are reached in a few requests; counters live in Postgres, so two edges
 * share them.
 */
import assert from "node:assert/strict";
import { setPlan } from "@hire/tables";
import {
  type ApiResponse,
  jobBody,
  type Stack,
  startStack,
  type TestPartner,
} from "@hire/testing/stack.ts";
import { waitUntil } from "@hire/testing/wait.ts";

const LIMITS = {
  PLAN_SANDBOX_REQUESTS_PER_MINUTE: "5",
  PLAN_GROWTH_REQUESTS_PER_MINUTE: "8",
  PLAN_SCALE_REQUESTS_PER_MINUTE: "12",
  PLAN_SANDBOX_JOBS_PER_MONTH: "2",
  PLAN_GROWTH_JOBS_PER_MONTH: "4",
  PLAN_SCALE_JOBS_PER_MONTH: "6",
};

const stack = await startStack({ edgeEnv: LIMITS });
Deno.test.afterAll(() => stack.stop());

/** Requests per minute are counted in calendar minutes: keep a burst inside one. */
async function freshWindow() {
  const s = new Date().getUTCSeconds();
  if (s >= 50) await new Promise((r) => setTimeout(r, (60 - s) * 1000 + 250));
}

const list = (p: TestPartner) => p.call("GET", "/v1/partner/jobs");

function assertLimitHeaders(res: ApiResponse, minute: number, month: number) {
  assert.equal(
    res.headers.get("ratelimit-policy"),
    `"minute";q=${minute};w=60, "month";q=${month};qu="jobs"`,
  );
  assert.match(res.headers.get("ratelimit")!, /^"minute";r=\d+;t=\d+, "month";r=\d+;t=\d+$/);
  assert.equal(res.headers.get("x-ratelimit-limit"), String(minute));
  assert.match(res.headers.get("x-ratelimit-remaining")!, /^\d+$/);
  const reset = Number(res.headers.get("x-ratelimit-reset"));
  assert.ok(reset > Date.now() / 1000 && reset <= Date.now() / 1000 + 61, String(reset));
}

const ratelimit = (res: ApiResponse) => {
  const m = /^"minute";r=(\d+);t=(\d+), "month";r=(\d+);t=(\d+)$/.exec(
    res.headers.get("ratelimit") ?? "",
  );
  assert.ok(m, res.headers.get("ratelimit") ?? "no RateLimit header");
  return { r: Number(m[1]), t: Number(m[2]), jobsLeft: Number(m[3]), monthT: Number(m[4]) };
};

Deno.test("every authenticated response carries the limits, errors included", async () => {
  await freshWindow();
  const p = await stack.partner("scale");
  const responses = [
    await list(p),
    await p.call("GET", "/v1/partner/jobs/job_01ARZ3NDEKTSV4RRFFQ69G5FAV"),
    await p.call("POST", "/v1/partner/jobs", { title: "x" }),
    await p.call("PUT", "/v1/partner/jobs"),
    await p.call("GET", "/v1/partner/nothing"),
    await p.call("POST", "/v1/partner/jobs", "{not json"),
  ];
  assert.deepEqual(responses.map((r) => r.status), [200, 404, 422, 405, 404, 400]);
  responses.forEach((res, i) => {
    assertLimitHeaders(res, 12, 6);
    assert.equal(res.headers.get("x-ratelimit-remaining"), String(12 - (i + 1)));
    assert.equal(ratelimit(res).r, 12 - (i + 1));
  });
  const sandbox = await stack.partner("sandbox");
  const forbidden = await sandbox.call("GET", "/v1/partner/webhooks");
  assert.equal(forbidden.status, 403);
  assertLimitHeaders(forbidden, 5, 2);
  // Without a valid key there is no partner to count against: a 401 carries no limits.
  const anonymous = await stack.fetch("/v1/partner/jobs");
  assert.equal(anonymous.status, 401);
  assert.equal(anonymous.headers.get("ratelimit"), null);
});

Deno.test("each plan gets its own per-minute limit, then 429 partner.rate_limited", async () => {
  await freshWindow();
  for (const [plan, limit] of [["sandbox", 5], ["growth", 8], ["scale", 12]] as const) {
    const p = await stack.partner(plan);
    for (let i = 0; i < limit; i++) assert.equal((await list(p)).status, 200, `${plan} ${i}`);
    const refused = await list(p);
    assert.equal(refused.status, 429, plan);
    assert.equal(refused.body.code, "partner.rate_limited");
    assert.match(refused.body.messageAr, /[\u0600-\u06FF]/);
    assert.match(refused.body.detail, new RegExp(`${limit} requests per minute`));
    const retryAfter = Number(refused.headers.get("retry-after"));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, String(retryAfter));
    assert.equal(retryAfter, ratelimit(refused).t);
    assert.equal(refused.headers.get("x-ratelimit-remaining"), "0");
  }
});

Deno.test("parallel requests at the boundary never let more than the limit through, across edges", async () => {
  await freshWindow();
  const second = await startStack({ jobService: false, edgeEnv: LIMITS });
  try {
    const p = await stack.partner("scale");
    const viaSecond = () =>
      second.fetch("/v1/partner/jobs", { headers: { authorization: `Bearer ${p.apiKey}` } });
    const all = await Promise.all(
      Array.from({ length: 30 }, (_, i) => i % 2 ? list(p) : viaSecond()),
    );
    const statuses = all.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 200).length, 12, statuses.join(","));
    assert.equal(statuses.filter((s) => s === 429).length, 18);
  } finally {
    await second.stop();
  }
});

Deno.test("a refused request has no side effect: no job, no quota spent", async () => {
  await freshWindow();
  const p = await stack.partner("sandbox");
  for (let i = 0; i < 5; i++) await list(p);
  const refused = await p.call("POST", "/v1/partner/jobs", jobBody());
  assert.equal(refused.status, 429);
  assert.equal(refused.body.code, "partner.rate_limited");
  assert.equal(await jobCount(stack, p), 0);
  const [usage] = await stack.sql`
    SELECT used FROM job_quota_usage WHERE partner_id = ${p.partnerId}`;
  assert.equal(usage, undefined);
});

Deno.test("set-plan applies at once: new limits and features on the next request", async () => {
  await freshWindow();
  const p = await stack.partner("sandbox");
  assert.equal((await p.call("GET", "/v1/partner/webhooks")).status, 403);
  await setPlan(stack.sql, p.partnerId, "growth");
  const res = await waitUntil("the new plan", async () => {
    const r = await p.call("GET", "/v1/partner/webhooks");
    return r.status === 200 ? r : undefined;
  }, { timeoutMs: 2000, intervalMs: 20 });
  assertLimitHeaders(res, 8, 4);
});

async function jobCount(s: Stack, p: TestPartner): Promise<number> {
  const [row] = await s.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM jobs WHERE partner_id = ${p.partnerId}`;
  return row!.n;
}

Deno.test("the monthly quota: single creates until it is used up, then 429 with the reset time", async (t) => {
  await freshWindow();
  const p = await stack.partner("growth");
  const key = crypto.randomUUID();
  await t.step("invalid requests do not count", async () => {
    const bad = await p.call("POST", "/v1/partner/jobs", jobBody({ title: "" }));
    assert.equal(bad.status, 422);
    assert.equal(ratelimit(bad).jobsLeft, 4);
  });
  await t.step("each create counts one", async () => {
    const first = await p.call("POST", "/v1/partner/jobs", jobBody(), { "idempotency-key": key });
    assert.equal(first.status, 201);
    assert.equal(ratelimit(first).jobsLeft, 3);
    for (const left of [2, 1, 0]) {
      const res = await p.call("POST", "/v1/partner/jobs", jobBody());
      assert.equal(res.status, 201);
      assert.equal(ratelimit(res).jobsLeft, left);
    }
  });
  await t.step("over the quota: 429 partner.quota_exceeded, bilingual, with reset_at", async () => {
    const res = await p.call("POST", "/v1/partner/jobs", jobBody());
    assert.equal(res.status, 429);
    assert.equal(res.body.code, "partner.quota_exceeded");
    assert.match(res.body.messageAr, /[\u0600-\u06FF]/);
    const now = new Date();
    const reset = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    assert.deepEqual(res.body.quota, { limit: 4, used: 4, reset_at: reset.toISOString() });
    const retryAfter = Number(res.headers.get("retry-after"));
    assert.ok(Math.abs(retryAfter - (reset.getTime() - Date.now()) / 1000) < 5, String(retryAfter));
    assert.equal(ratelimit(res).jobsLeft, 0);
    assert.equal(await jobCount(stack, p), 4);
  });
  await t.step("a replay of an earlier create still answers, and spends nothing", async () => {
    const replay = await p.call("POST", "/v1/partner/jobs", jobBody(), { "idempotency-key": key });
    assert.equal(replay.status, 201);
    assert.equal(replay.headers.get("idempotent-replayed"), "true");
  });
});

Deno.test("a create refused for quota, with a key, can be retried once quota is back", async () => {
  await freshWindow();
  const p = await stack.partner("growth");
  await stack.sql`
    INSERT INTO job_quota_usage (partner_id, month, used, last_reserved)
    VALUES (${p.partnerId}, date_trunc('month', now() AT TIME ZONE 'UTC')::date, 4, 0)`;
  const key = crypto.randomUUID();
  const refused = await p.call("POST", "/v1/partner/jobs", jobBody(), { "idempotency-key": key });
  assert.equal(refused.status, 429);
  assert.equal(refused.body.code, "partner.quota_exceeded");
  await stack.sql`UPDATE job_quota_usage SET used = 3 WHERE partner_id = ${p.partnerId}`;
  const again = await p.call("POST", "/v1/partner/jobs", jobBody(), { "idempotency-key": key });
  assert.equal(again.status, 201);
  assert.equal(ratelimit(again).jobsLeft, 0);
});

Deno.test("parallel creates at the quota boundary never create more than the quota", async () => {
  await freshWindow();
  const p = await stack.partner("scale");
  const all = await Promise.all(
    Array.from({ length: 11 }, () => p.call("POST", "/v1/partner/jobs", jobBody())),
  );
  const statuses = all.map((r) => r.status);
  assert.equal(statuses.filter((s) => s === 201).length, 6, statuses.join(","));
  assert.ok(
    all.filter((r) => r.status === 429).every((r) => r.body.code === "partner.quota_exceeded"),
  );
  assert.equal(await jobCount(stack, p), 6);
});

Deno.test("bulk counts one request and one quota unit per job created", async () => {
  await freshWindow();
  const p = await stack.partner("scale");
  await p.call("POST", "/v1/partner/jobs", jobBody()); // 1 of 6 jobs, 1 of 12 requests
  const res = await p.call("POST", "/v1/partner/jobs/bulk", {
    jobs: [jobBody(), { title: "no" }, jobBody(), jobBody(), jobBody(), jobBody(), jobBody()],
  });
  assert.equal(res.status, 207, JSON.stringify(res.body));
  assert.equal(res.headers.get("x-ratelimit-remaining"), "10");
  // 5 jobs fitted (indexes 0, 2, 3, 4, 5); the invalid item spent nothing; index 6 did not fit.
  assert.deepEqual(res.body.created.map((c: { index: number }) => c.index), [0, 2, 3, 4, 5]);
  assert.deepEqual(
    res.body.errors.map((e: { index: number; code: string; status: number }) => [
      e.index,
      e.code,
      e.status,
    ]),
    [[1, "partner.validation_failed", 422], [6, "partner.quota_exceeded", 429]],
  );
  assert.equal(res.body.errors[1].quota.limit, 6);
  assert.equal(ratelimit(res).jobsLeft, 0);
  assert.equal(await jobCount(stack, p), 6);

  const none = await p.call("POST", "/v1/partner/jobs/bulk", { jobs: [jobBody()] });
  assert.equal(none.status, 429);
  assert.equal(none.body.code, "partner.quota_exceeded");
});
