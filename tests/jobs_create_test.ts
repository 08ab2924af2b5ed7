import assert from "node:assert/strict";
import { jobBody, startStack } from "./support/stack.ts";

const stack = await startStack();
const partner = await stack.partner();

Deno.test("POST /v1/partner/jobs answers 201 with the full job, readable at once", async () => {
  const res = await partner.call("POST", "/v1/partner/jobs", jobBody({ city: "jiddah" }));
  assert.equal(res.status, 201);
  const job = res.body;
  assert.match(job.id, /^job_[0-9A-HJKMNP-TV-Z]{26}$/);
  assert.equal(job.city, "Jeddah");
  assert.equal(job.status, "active");
  assert.equal(job.embedding_status, "processing");
  assert.equal(job.match_ready, false);
  assert.equal(job.currency, "SAR");
  assert.equal(job.service_url, `https://jobs.example.sa/jobs/${job.id}`);
  assert.equal(job.created_at, job.updated_at);
  assert.equal(res.headers.get("location"), `/v1/partner/jobs/${job.id}`);
  assert.match(res.headers.get("x-request-id") ?? "", /^req_/);

  const got = await partner.call("GET", `/v1/partner/jobs/${job.id}`);
  assert.equal(got.status, 200);
  assert.deepEqual(got.body, job);
});

Deno.test.afterAll(async () => {
  await stack.stop();
});
