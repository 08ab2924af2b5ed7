import assert from "node:assert/strict";
import { assertFieldError, jobBody, startStack } from "@hire/testing/stack.ts";

const stack = await startStack();
const partner = await stack.partner("sandbox");
Deno.test.afterAll(() => stack.stop());

const create = (body: unknown, headers?: Record<string, string>) =>
  partner.call("POST", "/v1/partner/jobs", body, headers);

Deno.test("create answers 201 with every field of the Job table, readable at once", async () => {
  const res = await create(jobBody({ city: "jiddah" }));
  assert.equal(res.status, 201);
  const job = res.body;
  assert.deepEqual(Object.keys(job), [
    "id",
    "title",
    "description",
    "city",
    "employment_type",
    "salary_min",
    "salary_max",
    "currency",
    "status",
    "embedding_status",
    "match_ready",
    "service_url",
    "created_at",
    "updated_at",
  ]);
  assert.match(job.id, /^job_[0-9A-HJKMNP-TV-Z]{26}$/);
  assert.equal(job.city, "Jeddah");
  assert.equal(job.status, "active");
  assert.equal(job.embedding_status, "processing");
  assert.equal(job.match_ready, false);
  assert.equal(job.currency, "SAR");
  assert.equal(job.service_url, `${stack.siteUrl}/jobs/${job.id}`);
  assert.ok(Math.abs(Date.parse(job.created_at) - Date.now()) < 60_000);
  assert.equal(job.created_at, job.updated_at);
  assert.equal(res.headers.get("location"), `/v1/partner/jobs/${job.id}`);
  assert.equal(res.headers.get("content-type"), "application/json");

  const got = await partner.call("GET", `/v1/partner/jobs/${job.id}`);
  assert.equal(got.status, 200);
  assert.deepEqual(got.body, job);
  assert.equal(got.headers.get("content-type"), "application/json");
  // The second retrieve is the cache's, answered with the body kept beside the row.
  const cached = await partner.call("GET", `/v1/partner/jobs/${job.id}`);
  assert.deepEqual(cached.body, job);
  assert.equal(cached.headers.get("content-type"), "application/json");
});

Deno.test("create stores the canonical spelling of a city alias", async () => {
  for (
    const [input, canonical] of [["Mecca", "Makkah"], ["medina", "Madinah"], [
      "Khobar",
      "Al Khobar",
    ]]
  ) {
    const res = await create(jobBody({ city: input }));
    assert.equal(res.status, 201);
    assert.equal(res.body.city, canonical);
  }
});

Deno.test("create requires title, description, city and employment_type", async () => {
  const res = await create({});
  assert.equal(res.status, 422);
  const fields = res.body.errors.map((e: { field: string; code: string }) =>
    `${e.field}:${e.code}`
  );
  for (const f of ["/title", "/description", "/city", "/employment_type"]) {
    assert.ok(fields.includes(`${f}:required`), `${f} in ${fields}`);
  }
});

Deno.test("create accepts a title of 3 and 200 characters and refuses 2 and 201", async () => {
  assert.equal((await create(jobBody({ title: "abc" }))).status, 201);
  assert.equal((await create(jobBody({ title: "a".repeat(200) }))).status, 201);
  assertFieldError(await create(jobBody({ title: "ab" })), "/title", "too_short");
  assertFieldError(await create(jobBody({ title: "a".repeat(201) })), "/title", "too_long");
});

Deno.test("create counts title length in characters, so Arabic titles get the same limits", async () => {
  const res = await create(jobBody({ title: "م".repeat(200) }));
  assert.equal(res.status, 201);
  assertFieldError(await create(jobBody({ title: "م".repeat(201) })), "/title", "too_long");
});

Deno.test("create accepts a description of 20,000 characters and refuses 20,001", async () => {
  const ok = await create(jobBody({ description: "d".repeat(20_000) }));
  assert.equal(ok.status, 201);
  assert.equal(ok.body.description.length, 20_000);
  assertFieldError(
    await create(jobBody({ description: "d".repeat(20_001) })),
    "/description",
    "too_long",
  );
});

Deno.test("create refuses a city outside Saudi Arabia", async () => {
  assertFieldError(await create(jobBody({ city: "Dubai" })), "/city", "unknown_city");
});

Deno.test("create refuses an unknown employment_type and lists the allowed ones", async () => {
  const res = await create(jobBody({ employment_type: "freelance" }));
  assertFieldError(res, "/employment_type", "invalid_enum");
  assert.match(res.body.errors[0].message, /full_time, part_time, contract, internship/);
});

Deno.test("create requires salary_min for full_time and contract, not for part_time and internship", async () => {
  for (const t of ["full_time", "contract"]) {
    assertFieldError(
      await create(jobBody({ employment_type: t, salary_min: undefined, salary_max: undefined })),
      "/salary_min",
      "salary_required",
    );
  }
  for (const t of ["part_time", "internship"]) {
    const res = await create(
      jobBody({ employment_type: t, salary_min: undefined, salary_max: undefined }),
    );
    assert.equal(res.status, 201);
    assert.equal(res.body.salary_min, null);
    assert.equal(res.body.salary_max, null);
  }
});

Deno.test("create refuses salary_max below salary_min and accepts them equal", async () => {
  assertFieldError(
    await create(jobBody({ salary_min: 9000, salary_max: 8999 })),
    "/salary_max",
    "salary_range",
  );
  assert.equal((await create(jobBody({ salary_min: 9000, salary_max: 9000 }))).status, 201);
});

Deno.test("create refuses negative, fractional and string salaries", async () => {
  assertFieldError(await create(jobBody({ salary_min: -1 })), "/salary_min", "too_small");
  assertFieldError(await create(jobBody({ salary_min: 100.5 })), "/salary_min", "not_integer");
  assertFieldError(
    await create(jobBody({ salary_max: "20000" })),
    "/salary_max",
    "invalid_type",
  );
});

Deno.test("create accepts currency SAR only", async () => {
  assert.equal((await create(jobBody({ currency: "SAR" }))).status, 201);
  assertFieldError(await create(jobBody({ currency: "USD" })), "/currency", "invalid_enum");
});

Deno.test("create refuses unknown fields, including status", async () => {
  assertFieldError(await create(jobBody({ salary: 1 })), "/salary", "unknown_field");
  assertFieldError(await create(jobBody({ status: "paused" })), "/status", "unknown_field");
});

Deno.test("create reports every invalid field at once", async () => {
  const res = await create({ title: "x", city: "Paris", employment_type: "x", description: "" });
  assert.equal(res.status, 422);
  assert.deepEqual(
    res.body.errors.map((e: { field: string }) => e.field).sort(),
    ["/city", "/description", "/employment_type", "/title"],
  );
});

Deno.test("create answers 400 partner.malformed_json to a body that is not JSON", async () => {
  const res = await create("{not json");
  assert.equal(res.status, 400);
  assert.equal(res.body.code, "partner.malformed_json");
  assert.equal(res.headers.get("content-type"), "application/problem+json");
});

Deno.test("create answers 422 to a JSON body that is not an object", async () => {
  for (const body of ["[]", "42", "null", '"text"']) {
    const res = await create(body);
    assert.equal(res.status, 422, body);
    assert.equal(res.body.code, "partner.validation_failed");
  }
});

Deno.test("create answers 415 to a body that is not declared as JSON", async () => {
  const res = await create(JSON.stringify(jobBody()), { "content-type": "text/plain" });
  assert.equal(res.status, 415);
  assert.equal(res.body.code, "partner.unsupported_media_type");
});

Deno.test("create answers 413 partner.payload_too_large to a body over 256 KiB", async () => {
  const res = await create(jobBody({ description: "x".repeat(300 * 1024) }));
  assert.equal(res.status, 413);
  assert.equal(res.body.code, "partner.payload_too_large");
  assert.ok(res.body.message && res.body.messageAr);
});
