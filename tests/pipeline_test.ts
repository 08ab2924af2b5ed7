import assert from "node:assert/strict";
import type { JobEvent } from "@hire/jobs";
import { readEvents } from "@hire/testing/events.ts";
import { seeker } from "@hire/testing/seekers.ts";
import { startStack } from "@hire/testing/stack.ts";
import { waitUntil } from "@hire/testing/wait.ts";

// The real pipeline: job service, embedding service with the local model, pgvector,
// matching service, on the real Kafka and Postgres.
const stack = await startStack({ pipeline: {} });
const events = await readEvents(stack.kafka, stack.topics.events);
Deno.test.afterAll(async () => {
  await events.stop();
  await stack.stop();
});
const partner = await stack.partner();

const NURSE_JOB = {
  title: "ICU Registered Nurse",
  description:
    "We are hiring an intensive care registered nurse for our hospital in Riyadh. You will provide " +
    "bedside care to critically ill patients, administer medication and monitor vital signs. " +
    "Requirements: BLS and ACLS certification, ventilator care, infection control.",
  city: "Riyadh",
  employment_type: "full_time",
  salary_min: 9000,
  salary_max: 15000,
};
const NURSE = {
  headline: "Registered Nurse | ICU, 6 years of experience",
  skills: [
    "Patient care",
    "Ventilator care",
    "ACLS",
    "Infection control",
    "Medication administration",
  ],
  summary: "Intensive care registered nurse. I provide bedside care to critically ill patients, " +
    "administer medication and monitor vital signs in a Riyadh hospital ICU.",
};
const ACCOUNTANT = {
  headline: "Senior Accountant | IFRS and VAT",
  skills: ["IFRS", "VAT returns", "Accounts payable", "SAP FI", "Bank reconciliation"],
  summary:
    "Accountant with 8 years of experience preparing financial statements, VAT returns and " +
    "month-end closing for trading companies.",
};

const of = (type: JobEvent["type"], jobId: string) =>
  events.events.filter((e) =>
    e.type === type && ("job" in e.data ? e.data.job.id : e.data.job_id) === jobId
  );
const matchesOf = (jobId: string) =>
  of("job.matched", jobId).map((e) => e.type === "job.matched" ? e.data : undefined)!;

async function createJob(body: Record<string, unknown>) {
  const res = await partner.call("POST", "/v1/partner/jobs", body);
  assert.equal(res.status, 201);
  return res.body;
}

const ready = (id: string) =>
  waitUntil(`${id} ready`, async () => {
    const res = await partner.call("GET", `/v1/partner/jobs/${id}`);
    return res.body.embedding_status === "ready" ? res.body : undefined;
  });

Deno.test("a new job becomes ready and match_ready, and job.created is emitted once", async () => {
  const job = await createJob(NURSE_JOB);
  assert.equal(job.embedding_status, "processing");
  assert.equal(job.match_ready, false);
  const got = await ready(job.id);
  assert.equal(got.match_ready, true);
  await events.waitFor(() => of("job.created", job.id).length === 1);
  const [created] = of("job.created", job.id);
  assert.ok(created?.type === "job.created");
  assert.equal(created.partner_id, partner.partnerId);
  assert.equal(created.data.job.embedding_status, "ready");
  assert.equal(created.data.job.match_ready, true);
  assert.equal(created.data.job.service_url, job.service_url);
  assert.ok(await stack.index!.getJob(job.id));
});

Deno.test("a seeker written for a job matches it once; an unrelated one and one in another city do not", async () => {
  const job = await createJob(NURSE_JOB);
  await ready(job.id);
  const nurse = seeker(NURSE);
  const accountant = seeker(ACCOUNTANT);
  const jeddahNurse = seeker({ ...NURSE, city: "Jeddah" });
  await stack.publishSeekers([nurse, accountant, jeddahNurse]);

  await events.waitFor(() => matchesOf(job.id).length >= 1);
  const [match] = matchesOf(job.id);
  assert.equal(match!.seeker_id, nurse.id);
  // At least MATCH_THRESHOLD's default.
  assert.ok(match!.score >= 0.6 && match!.score <= 1, String(match!.score));
  assert.equal(match!.service_url, job.service_url);
  const [row] = await stack
    .sql`SELECT score FROM matches WHERE job_id = ${job.id} AND seeker_id = ${nurse.id}`;
  assert.equal(row!.score, match!.score);

  // The accountant and the Jeddah nurse were processed too, and matched nothing here.
  await waitUntil("seekers embedded", async () => {
    const rows = await stack.sql`SELECT 1 FROM seekers WHERE id IN ${
      stack.sql([accountant.id, jeddahNurse.id])
    }
      AND embedded_hash = content_hash`;
    return rows.length === 2 ? true : undefined;
  });
  await new Promise((r) => setTimeout(r, 500));
  assert.deepEqual(matchesOf(job.id).map((m) => m!.seeker_id), [nurse.id]);

  // Re-publishing the same profile (a redelivery) announces nothing new.
  await stack.publishSeekers([nurse]);
  await new Promise((r) => setTimeout(r, 1000));
  assert.equal(matchesOf(job.id).length, 1);
});

Deno.test("an Arabic job matches Arabic and English profiles of its occupation; an unrelated Arabic profile does not", async () => {
  const job = await createJob({
    title: "ممرضة عناية مركزة",
    description:
      "مطلوب ممرضة للعمل في قسم العناية المركزة بمستشفى في الرياض، لتقديم الرعاية للمرضى " +
      "ومراقبة العلامات الحيوية وإعطاء الأدوية.",
    city: "Riyadh",
    employment_type: "full_time",
    salary_min: 8000,
  });
  await ready(job.id);
  const nurse = seeker({
    headline: "ممرضة عناية مركزة بخبرة خمس سنوات",
    skills: ["رعاية المرضى", "مراقبة العلامات الحيوية", "إعطاء الأدوية"],
    summary:
      "ممرضة عناية مركزة ذات خبرة خمس سنوات في مستشفيات الرياض، أقدم الرعاية للمرضى وأراقب العلامات الحيوية.",
  });
  const driver = seeker({
    headline: "سائق شاحنة بخبرة عشر سنوات",
    skills: ["قيادة الشاحنات", "رخصة قيادة عمومية", "صيانة المركبات"],
    summary: "سائق شاحنات نقل ثقيل بخبرة عشر سنوات في نقل البضائع بين المدن.",
  });
  const englishNurse = seeker({
    headline: "Staff Nurse – Medical/Surgical Ward",
    skills: ["Patient care", "Vital signs monitoring", "BLS"],
    summary: "Registered nurse with three years on a medical-surgical ward in Riyadh.",
  });
  await stack.publishSeekers([nurse, driver, englishNurse]);
  const found = () => new Set(matchesOf(job.id).map((m) => m!.seeker_id));
  await events.waitFor(() => found().has(nurse.id) && found().has(englishNurse.id));
  await new Promise((r) => setTimeout(r, 1000));
  assert.ok(!found().has(driver.id), "the truck driver is not a nurse");
  // Same occupation and specialty in one language scores above another specialty in the other.
  const score = (id: string) => matchesOf(job.id).find((m) => m!.seeker_id === id)!.score;
  assert.ok(score(nurse.id) > score(englishNurse.id));
});

Deno.test("a title change re-runs the pipeline while the job stays match_ready; job.created is not repeated", async () => {
  const job = await createJob(NURSE_JOB);
  await ready(job.id);
  const res = await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, {
    title: "Critical Care Nurse (ICU)",
  });
  assert.equal(res.status, 200);
  assert.equal(res.body.embedding_status, "processing");
  assert.equal(res.body.match_ready, true);
  const again = await ready(job.id);
  assert.equal(again.match_ready, true);
  const [row] = await stack
    .sql`SELECT content_version, embedded_version FROM jobs WHERE id = ${job.id}`;
  assert.deepEqual({ ...row }, { content_version: 2, embedded_version: 2 });
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(of("job.created", job.id).length, 1);
});

Deno.test("a status-only change does not re-embed; a paused job leaves the match graph and gets no matches", async () => {
  const job = await createJob(NURSE_JOB);
  await ready(job.id);
  const paused = await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, { status: "paused" });
  assert.equal(paused.body.match_ready, false);
  assert.equal(paused.body.embedding_status, "ready");
  await waitUntil(
    "vector paused",
    async () => (await stack.index!.getJob(job.id))?.status === "paused" || undefined,
  );

  const nurse = seeker(NURSE);
  await stack.publishSeekers([nurse]);
  await waitUntil("seeker embedded", async () => {
    const rows = await stack
      .sql`SELECT 1 FROM seekers WHERE id = ${nurse.id} AND embedded_hash = content_hash`;
    return rows.length ? true : undefined;
  });
  await new Promise((r) => setTimeout(r, 1000));
  assert.equal(matchesOf(job.id).filter((m) => m!.seeker_id === nurse.id).length, 0);
  const [row] = await stack.sql`SELECT embedded_version FROM jobs WHERE id = ${job.id}`;
  assert.equal(row!.embedded_version, 1);

  const active = await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, { status: "active" });
  assert.equal(active.body.match_ready, true);
  // Back in the graph, the job is matched again: the seeker who arrived meanwhile is found.
  await events.waitFor(() => matchesOf(job.id).some((m) => m!.seeker_id === nurse.id));
});

Deno.test("a deleted job leaves the vector index at once", async () => {
  const job = await createJob(NURSE_JOB);
  await ready(job.id);
  assert.equal((await partner.call("DELETE", `/v1/partner/jobs/${job.id}`)).status, 204);
  await waitUntil(
    "vector removed",
    async () => (await stack.index!.getJob(job.id)) ? undefined : true,
    { timeoutMs: 10_000 },
  );
});

Deno.test("a redelivered matching trigger announces no pair twice", async () => {
  const job = await createJob(NURSE_JOB);
  await ready(job.id);
  const nurse = seeker(NURSE);
  await stack.publishSeekers([nurse]);
  await events.waitFor(() => matchesOf(job.id).some((m) => m!.seeker_id === nurse.id));
  const triggers = await stack.sql`SELECT key, payload FROM outbox
    WHERE topic = ${stack.topics.embeddingsReady} AND key IN ${stack.sql([job.id, nurse.id])}`;
  assert.ok(triggers.length >= 2);
  const { createPublisher } = await import("@hire/kafka");
  const publisher = createPublisher(stack.kafka);
  await publisher.sendBatch({
    topicMessages: [{
      topic: stack.topics.embeddingsReady,
      messages: triggers.map((t) => ({ key: t.key, value: JSON.stringify(t.payload) })),
    }],
  });
  await publisher.disconnect();
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal(matchesOf(job.id).filter((m) => m!.seeker_id === nurse.id).length, 1);
});

Deno.test("a tombstone on seekers.v1 deletes the seeker and its vector", async () => {
  const nurse = seeker(NURSE);
  await stack.publishSeekers([nurse]);
  await waitUntil(
    "seeker indexed",
    async () => (await stack.index!.getSeeker(nurse.id)) ? true : undefined,
  );
  const { createPublisher } = await import("@hire/kafka");
  const publisher = createPublisher(stack.kafka);
  await publisher.send({ topic: stack.topics.seekers, messages: [{ key: nurse.id, value: null }] });
  await publisher.disconnect();
  await waitUntil(
    "seeker deleted",
    async () => (await stack.index!.getSeeker(nurse.id)) ? undefined : true,
  );
  assert.equal((await stack.sql`SELECT 1 FROM seekers WHERE id = ${nurse.id}`).length, 0);
});
