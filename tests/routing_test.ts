import assert from "node:assert/strict";
import { startStack } from "@hire/testing/stack.ts";

const stack = await startStack();
const partner = await stack.partner();
Deno.test.afterAll(() => stack.stop());

const JOB = "/v1/partner/jobs/job_01ARZ3NDEKTSV4RRFFQ69G5FAV";

Deno.test("an unknown route answers 404 partner.route_not_found as problem details", async () => {
  for (
    const path of ["/v1/partner/nothing", "/v1/partner/jobs/job_x/extra", "/", "/version2"]
  ) {
    const res = await partner.call("GET", path);
    assert.equal(res.status, 404, path);
    assert.equal(res.body.code, "partner.route_not_found");
    assert.equal(res.headers.get("content-type"), "application/problem+json");
    assert.match(res.body.messageAr, /[\u0600-\u06FF]/);
  }
});

Deno.test("a wrong method answers 405 with an Allow header", async () => {
  const cases: [string, string, string][] = [
    ["PUT", "/v1/partner/jobs", "GET, POST"],
    ["DELETE", "/v1/partner/jobs", "GET, POST"],
    ["POST", JOB, "GET, PATCH, DELETE"],
    ["PUT", JOB, "GET, PATCH, DELETE"],
  ];
  for (const [method, path, allow] of cases) {
    const res = await partner.call(method, path, method === "DELETE" ? undefined : {});
    assert.equal(res.status, 405, `${method} ${path}`);
    assert.equal(res.body.code, "partner.method_not_allowed");
    assert.equal(res.headers.get("allow"), allow);
  }
});

Deno.test("every error is RFC 9457 problem details with the spec's bilingual fields and a request id", async () => {
  const res = await partner.call("GET", JOB);
  assert.equal(res.status, 404);
  const requestId = res.headers.get("x-request-id");
  assert.match(requestId ?? "", /^req_[0-9A-HJKMNP-TV-Z]{26}$/);
  assert.deepEqual(res.body, {
    type: "https://jobs.example.sa/docs/errors#partner.not_found",
    title: "Not Found",
    status: 404,
    detail: "The requested resource does not exist.",
    code: "partner.not_found",
    message: "The requested resource does not exist.",
    messageAr: "المورد المطلوب غير موجود.",
    request_id: requestId,
  });
});

Deno.test("every response carries a distinct X-Request-Id, successes included", async () => {
  const responses = [
    await partner.call("GET", "/v1/partner/jobs"),
    await partner.call("GET", "/v1/partner/jobs"),
    await stack.fetch("/healthz"),
    await stack.fetch("/v1/partner/jobs"),
    await partner.call("PATCH", "/v1/partner/jobs"),
  ];
  const ids = responses.map((r) => r.headers.get("x-request-id"));
  for (const id of ids) assert.match(id ?? "", /^req_/);
  assert.equal(new Set(ids).size, ids.length);
});

Deno.test("healthz answers without a key; readyz checks Postgres and Kafka", async () => {
  const health = await stack.fetch("/healthz");
  assert.equal(health.status, 200);
  assert.deepEqual(health.body, { status: "ok" });
  const ready = await stack.fetch("/readyz");
  assert.equal(ready.status, 200);
  assert.deepEqual(ready.body, { status: "ready", checks: { postgres: "ok", kafka: "ok" } });
});
