/**
 * Bulk create on the real stack: envelope validation, plan gating, per-item outcomes with
 * the single create's error shape, each created job behaving as a single create, and
 * Idempotency-Key replay.
 */
import assert from "node:assert/strict";
import { decodeJobChanged } from "@hire/pipeline";
import { readTopic } from "@hire/testing/events.ts";
import { jobBody, startStack } from "@hire/testing/stack.ts";

const stack = await startStack();
const partner = await stack.partner("growth");
Deno.test.afterAll(() => stack.stop());

const bulk = (body: unknown, headers?: Record<string, string>) =>
  partner.call("POST", "/v1/partner/jobs/bulk", body, headers);

/** A problem document without what differs between two requests. */
const shape = ({ request_id: _r, index: _i, ...rest }: Record<string, unknown>) => rest;

Deno.test("bulk: a Sandbox partner gets 403 partner.forbidden, whatever the body", async () => {
  const sandbox = await stack.partner("sandbox");
  for (const body of [{ jobs: [jobBody()] }, "{not json", { jobs: [] }]) {
    const res = await sandbox.call("POST", "/v1/partner/jobs/bulk", body);
    assert.equal(res.status, 403);
    assert.equal(res.body.code, "partner.forbidden");
    assert.match(res.body.messageAr, /[\u0600-\u06FF]/);
  }
});

Deno.test("bulk: none, more than 100, or not an array is a bilingual 422 on /jobs", async () => {
  const cases: [unknown, string][] = [
    [{ jobs: [] }, "too_few_items"],
    [{ jobs: Array.from({ length: 101 }, () => jobBody()) }, "too_many_items"],
    [{ jobs: "all of them" }, "invalid_type"],
    [{ jobs: { 0: jobBody() } }, "invalid_type"],
    [{}, "required"],
  ];
  for (const [body, code] of cases) {
    const res = await bulk(body);
    assert.equal(res.status, 422, code);
    assert.equal(res.body.code, "partner.validation_failed");
    assert.deepEqual(res.body.errors.map((e: { field: string }) => e.field), ["/jobs"]);
    assert.equal(res.body.errors[0].code, code);
    assert.match(res.body.errors[0].messageAr, /[\u0600-\u06FF]/);
  }
  const extra = await bulk({ jobs: [jobBody()], dry_run: true });
  assert.equal(extra.status, 422);
  assert.equal(extra.body.errors[0].field, "/dry_run");
  assert.equal((await bulk("[1,")).status, 400);
  const wrongMethod = await partner.call("GET", "/v1/partner/jobs/bulk");
  assert.equal(wrongMethod.status, 405);
  assert.equal(wrongMethod.headers.get("allow"), "POST");
});

Deno.test("bulk: mixed items give 207, indexes right, errors shaped like a single create's", async () => {
  const bad = [
    jobBody({ title: "no", city: "Atlantis" }),
    "not a job",
    jobBody({ employment_type: "full_time", salary_min: null }),
  ];
  // What the job service emits for every create, and the embedding pipeline consumes.
  const changes = await readTopic(stack.kafka, stack.topics.changed, decodeJobChanged);
  try {
    const res = await bulk({
      jobs: [jobBody(), bad[0], jobBody({ city: "jiddah" }), bad[1], bad[2]],
    });
    assert.equal(res.status, 207, JSON.stringify(res.body));
    assert.deepEqual(Object.keys(res.body), ["created", "errors"]);
    assert.deepEqual(res.body.created.map((c: { index: number }) => c.index), [0, 2]);
    for (const c of res.body.created) {
      assert.deepEqual(Object.keys(c), ["index", "id", "status"]);
      assert.match(c.id, /^job_[0-9A-HJKMNP-TV-Z]{26}$/);
      assert.equal(c.status, "active");
    }
    assert.deepEqual(res.body.errors.map((e: { index: number }) => e.index), [1, 3, 4]);
    // Exactly what the same body sent alone answers, item index and request id aside.
    for (const [i, body] of bad.entries()) {
      // (the client sends strings as they are: a JSON string must be encoded here)
      const alone = await partner.call("POST", "/v1/partner/jobs", JSON.stringify(body));
      assert.equal(alone.status, 422);
      const item = res.body.errors[i];
      assert.deepEqual(Object.keys(item), ["index", ...Object.keys(alone.body)]);
      assert.deepEqual(shape(item), shape(alone.body));
    }
    assert.equal(
      res.body.errors[0].errors.find((e: { field: string }) => e.field === "/title").code,
      "too_short",
    );

    // Each created job is a job like any other: readable at once, city canonical, and
    // handed to the embedding pipeline exactly as a single create is.
    const second = await partner.call("GET", `/v1/partner/jobs/${res.body.created[1].id}`);
    assert.equal(second.status, 200);
    assert.equal(second.body.city, "Jeddah");
    assert.equal(second.body.embedding_status, "processing");
    for (const { id } of res.body.created) {
      const [changed] = await changes.waitFor((ms) => ms.some((m) => m.job_id === id));
      assert.ok(changed);
      const mine = changes.events.filter((m) => m.job_id === id);
      assert.deepEqual(mine.map((m) => m.reasons), [["created"]]);
      assert.equal(mine[0]!.partner_id, partner.partnerId);
    }
  } finally {
    await changes.stop();
  }
});

Deno.test("bulk: 100 jobs in one call are all created", async () => {
  const res = await bulk({
    jobs: Array.from({ length: 100 }, (_, i) => jobBody({ title: `Engineer ${i + 1}` })),
  });
  assert.equal(res.status, 207);
  assert.equal(res.body.created.length, 100);
  assert.equal(res.body.errors.length, 0);
  assert.deepEqual(res.body.created.map((c: { index: number }) => c.index), [...Array(100).keys()]);
  const [row] = await stack.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM jobs WHERE id IN ${
    stack.sql(res.body.created.map((c: { id: string }) => c.id))
  }`;
  assert.equal(row!.n, 100);
});

Deno.test("bulk: Idempotency-Key replays the 207 and creates nothing twice", async () => {
  const p = await stack.partner("scale");
  const key = crypto.randomUUID();
  const body = { jobs: [jobBody(), jobBody({ salary_min: -1 }), jobBody()] };
  const call = (b: unknown) =>
    p.call("POST", "/v1/partner/jobs/bulk", b, { "idempotency-key": key });
  const first = await call(body);
  assert.equal(first.status, 207);
  const replay = await call(body);
  assert.equal(replay.status, 207);
  assert.equal(replay.headers.get("idempotent-replayed"), "true");
  assert.deepEqual(replay.body, first.body);
  const [row] = await stack.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM jobs WHERE partner_id = ${p.partnerId}`;
  assert.equal(row!.n, 2);
  const other = await call({ jobs: [jobBody()] });
  assert.equal(other.status, 422);
  assert.equal(other.body.code, "partner.idempotency_mismatch");
});
