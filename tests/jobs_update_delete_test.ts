import assert from "node:assert/strict";
import { readEvents } from "@hire/testing/events.ts";
import { jobBody, startStack } from "@hire/testing/stack.ts";

const stack = await startStack();
const events = await readEvents(stack.kafka, stack.topics.events);
Deno.test.afterAll(async () => {
  await events.stop();
  await stack.stop();
});

const partner = await stack.partner();
const other = await stack.partner();

async function newJob(overrides = {}) {
  const res = await partner.call("POST", "/v1/partner/jobs", jobBody(overrides));
  assert.equal(res.status, 201);
  return res.body;
}

const eventsOf = (jobId: string) =>
  events.events.filter((e) => ("job" in e.data ? e.data.job.id : e.data.job_id) === jobId);

Deno.test("PATCH changes only the fields sent and answers 200 with the full job", async () => {
  const job = await newJob();
  await new Promise((r) => setTimeout(r, 5)); // updated_at must move past created_at
  const res = await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, {
    title: "Staff Backend Engineer",
  });
  assert.equal(res.status, 200);
  assert.deepEqual(res.body, {
    ...job,
    title: "Staff Backend Engineer",
    updated_at: res.body.updated_at,
  });
  assert.ok(Date.parse(res.body.updated_at) > Date.parse(job.updated_at));
  assert.deepEqual((await partner.call("GET", `/v1/partner/jobs/${job.id}`)).body, res.body);
});

Deno.test("PATCH of title emits job.updated with the changed fields and previous values, keyed by job id", async () => {
  const job = await newJob();
  await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, {
    title: "Data Engineer",
    salary_max: 30000,
  });
  await events.waitFor(() => eventsOf(job.id).length === 1);
  const [e] = eventsOf(job.id);
  assert.equal(e!.type, "job.updated");
  assert.match(e!.id, /^evt_/);
  assert.equal(e!.partner_id, partner.partnerId);
  assert.ok(e!.type === "job.updated");
  assert.deepEqual(e!.data.changed_fields, ["title", "salary_max"]);
  assert.deepEqual(e!.data.previous_attributes, { title: job.title, salary_max: job.salary_max });
  assert.equal(e!.data.job.title, "Data Engineer");
  assert.equal(e!.data.job.service_url, job.service_url);
});

Deno.test("PATCH of status emits job.updated; every status move is allowed", async () => {
  const job = await newJob();
  for (const status of ["paused", "closed", "active", "closed", "paused"]) {
    const res = await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, { status });
    assert.equal(res.status, 200);
    assert.equal(res.body.status, status);
  }
  await events.waitFor(() => eventsOf(job.id).length === 5);
  assert.deepEqual(
    eventsOf(job.id).map((e) => e.type === "job.updated" && e.data.job.status),
    ["paused", "closed", "active", "closed", "paused"],
  );
});

Deno.test("PATCH of other fields alone, or with unchanged values, emits no event", async () => {
  const job = await newJob();
  await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, { salary_max: 26000, city: "Dammam" });
  const same = await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, { title: job.title });
  assert.equal(same.status, 200);
  const empty = await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, {});
  assert.equal(empty.status, 200);
  assert.equal(empty.body.updated_at, same.body.updated_at);
  // A later eventful change proves the quiet ones were processed and emitted nothing.
  await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, { status: "paused" });
  await events.waitFor(() => eventsOf(job.id).length >= 1);
  await new Promise((r) => setTimeout(r, 300));
  assert.deepEqual(eventsOf(job.id).map((e) => e.type === "job.updated" && e.data.changed_fields), [
    ["status"],
  ]);
});

Deno.test("PATCH holds salary rules against the stored job when only one bound changes", async () => {
  const job = await newJob({ salary_min: 10000, salary_max: 20000 });
  const low = await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, { salary_max: 9999 });
  assert.equal(low.status, 422);
  assert.equal(low.body.errors[0].field, "/salary_max");
  assert.equal(low.body.errors[0].code, "salary_range");
  const high = await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, { salary_min: 20001 });
  assert.equal(high.status, 422);
  const cleared = await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, { salary_min: null });
  assert.equal(cleared.status, 422);
  assert.equal(cleared.body.errors[0].code, "salary_required");
  assert.equal((await partner.call("GET", `/v1/partner/jobs/${job.id}`)).body.salary_max, 20000);
});

Deno.test("PATCH to full_time requires the job to have a salary_min", async () => {
  const job = await newJob({
    employment_type: "internship",
    salary_min: undefined,
    salary_max: undefined,
  });
  const res = await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, {
    employment_type: "full_time",
  });
  assert.equal(res.status, 422);
  assert.equal(res.body.errors[0].field, "/salary_min");
  const ok = await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, {
    employment_type: "full_time",
    salary_min: 8000,
  });
  assert.equal(ok.status, 200);
});

Deno.test("PATCH validates fields like create and refuses unknown ones", async () => {
  const job = await newJob();
  const cases: [unknown, string, string][] = [
    [{ title: "ab" }, "/title", "too_short"],
    [{ status: "archived" }, "/status", "invalid_enum"],
    [{ city: "Cairo" }, "/city", "unknown_city"],
    [{ id: "job_x" }, "/id", "unknown_field"],
    [{ embedding_status: "ready" }, "/embedding_status", "unknown_field"],
  ];
  for (const [body, field, code] of cases) {
    const res = await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, body);
    assert.equal(res.status, 422, JSON.stringify(body));
    assert.equal(res.body.errors[0].field, field);
    assert.equal(res.body.errors[0].code, code);
  }
});

Deno.test("DELETE answers 204 with no body, emits job.deleted, and the job is gone at once", async () => {
  const job = await newJob();
  const res = await partner.call("DELETE", `/v1/partner/jobs/${job.id}`);
  assert.equal(res.status, 204);
  assert.equal(res.body, null);
  assert.equal((await partner.call("GET", `/v1/partner/jobs/${job.id}`)).status, 404);
  assert.equal(
    (await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, { title: "Again" })).status,
    404,
  );
  assert.equal((await partner.call("DELETE", `/v1/partner/jobs/${job.id}`)).status, 404);
  const list = await partner.call("GET", "/v1/partner/jobs?limit=100");
  assert.ok(!list.body.data.some((j: { id: string }) => j.id === job.id));

  await events.waitFor(() => eventsOf(job.id).length === 1);
  const [e] = eventsOf(job.id);
  assert.equal(e!.type, "job.deleted");
  assert.ok(e!.type === "job.deleted");
  assert.equal(e!.data.job_id, job.id);
  assert.equal(e!.data.service_url, job.service_url);
  // Soft delete: the row stays for the retention period.
  const [row] = await stack.sql`SELECT deleted_at FROM jobs WHERE id = ${job.id}`;
  assert.ok(row!.deleted_at instanceof Date);
});

Deno.test("events of one job reach the topic in the order they happened", async () => {
  const job = await newJob();
  const titles = ["First title", "Second title", "Third title", "Fourth title"];
  for (const title of titles) await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, { title });
  await partner.call("DELETE", `/v1/partner/jobs/${job.id}`);
  await events.waitFor(() => eventsOf(job.id).length === 5);
  assert.deepEqual(
    eventsOf(job.id).map((e) => (e.type === "job.updated" ? e.data.job.title : e.type)),
    [...titles, "job.deleted"],
  );
});

Deno.test("another partner's job answers 404 partner.not_found on GET, PATCH and DELETE, like a missing one", async () => {
  const job = await newJob();
  const missing = "job_01ARZ3NDEKTSV4RRFFQ69G5FAV";
  for (const id of [job.id, missing]) {
    for (
      const [method, body] of [["GET"], ["PATCH", { title: "Stolen job" }], ["DELETE"]] as const
    ) {
      const res = await other.call(method, `/v1/partner/jobs/${id}`, body);
      assert.equal(res.status, 404, `${method} ${id}`);
      assert.equal(res.body.code, "partner.not_found");
      assert.equal(res.body.message, "The requested resource does not exist.");
      assert.match(res.body.messageAr, /[\u0600-\u06FF]/);
    }
  }
  const mine = await partner.call("GET", `/v1/partner/jobs/${job.id}`);
  assert.equal(mine.status, 200);
  assert.equal(mine.body.title, job.title);
});

Deno.test("a malformed job id answers 404 like a missing job", async () => {
  for (const id of ["123", "job_lowercase", "wh_01ARZ3NDEKTSV4RRFFQ69G5FAV"]) {
    const res = await partner.call("GET", `/v1/partner/jobs/${id}`);
    assert.equal(res.status, 404);
    assert.equal(res.body.code, "partner.not_found");
  }
});
