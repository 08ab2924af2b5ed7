/**
 * `GET /v1/partner/jobs/{id}/matches` on the real pipeline (job, embedding and matching
 * services, the local model, pgvector, Kafka, Postgres), and re-matching after a job's text
 * changes: only new pairs are announced, and the listing keeps every pair as first recorded.
 */
import assert from "node:assert/strict";
import type { JobEvent } from "@hire/jobs";
import type { Seeker } from "@hire/seekers";
import { waitForCaughtUp } from "@hire/testing/consumer_lag.ts";
import { readEvents } from "@hire/testing/events.ts";
import { seeker } from "@hire/testing/seekers.ts";
import { type ApiResponse, jobBody, startStack, type TestPartner } from "@hire/testing/stack.ts";
import { waitUntil } from "@hire/testing/wait.ts";

const stack = await startStack({ pipeline: {} });
const events = await readEvents(stack.kafka, stack.topics.events);
Deno.test.afterAll(async () => {
  await events.stop();
  await stack.stop();
});
const partner = await stack.partner();

// Texts that are plainly about one profession each, so that no pair depends on how the
// matcher weighs a borderline case.
const NURSE_JOB = {
  title: "Registered Nurse",
  description: "We are hiring a registered nurse for our hospital wards. You will provide " +
    "bedside patient care, administer medication, monitor vital signs and work with doctors " +
    "on care plans. Requirements: nursing degree, BLS certification, infection control.",
  employment_type: "full_time",
  salary_min: 9000,
  salary_max: 15000,
};
const ACCOUNTANT_JOB = {
  title: "Accountant",
  description: "We are hiring an accountant for our finance department. You will prepare " +
    "financial statements, file VAT returns, reconcile bank accounts and run the month-end " +
    "close. Requirements: accounting degree, IFRS, SAP FI.",
};
const nurse = (city: string, years: number) =>
  seeker({
    headline: "Registered Nurse",
    skills: [
      "Patient care",
      "Medication administration",
      "Vital signs",
      "BLS",
      "Infection control",
    ],
    summary: `Registered nurse with ${years} years of experience in hospital wards: bedside ` +
      "patient care, administering medication and monitoring vital signs.",
    city,
  });
const accountant = (city: string, years: number) =>
  seeker({
    headline: "Accountant",
    skills: ["Financial statements", "VAT returns", "Bank reconciliation", "IFRS", "SAP FI"],
    summary: `Accountant with ${years} years of experience preparing financial statements, ` +
      "filing VAT returns and running the month-end close.",
    city,
  });

interface Listed {
  seeker_id: string;
  score: number;
  created_at: string;
  event_id: string;
}
type Matched = Extract<JobEvent, { type: "job.matched" }>;

const matchesPath = (jobId: string, query = "") =>
  `/v1/partner/jobs/${jobId}/matches${query ? `?${query}` : ""}`;

/** The `job.matched` events of a job read so far, once per event id. */
function matchedOf(jobId: string): Matched[] {
  const byId = new Map<string, Matched>();
  for (const e of events.events) {
    if (e.type === "job.matched" && e.data.job_id === jobId) byId.set(e.id, e);
  }
  return [...byId.values()];
}

const sortedSeekers = (list: { seeker_id: string }[]) => list.map((m) => m.seeker_id).sort();
const ids = (seekers: Seeker[]) => seekers.map((s) => s.id).sort();

async function createJob(body: Record<string, unknown>, owner = partner) {
  const res = await owner.call("POST", "/v1/partner/jobs", body);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

/** Every page of a job's matches with `limit`, checking the envelope of each. */
async function listAll(jobId: string, limit: number, owner = partner) {
  const items: Listed[] = [];
  const pages: ApiResponse[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const res = await owner.call("GET", matchesPath(jobId, query));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.ok(res.body.data.length <= limit);
    assert.equal(res.body.has_more, res.body.next_cursor !== null);
    items.push(...res.body.data);
    pages.push(res);
    cursor = res.body.next_cursor;
  } while (cursor);
  return { items, pages };
}

/** Unpublished outbox rows of `topic` keyed by any of `keys`, and how many rows in all. */
async function outboxOf(topic: string, keys: string[]) {
  const [row] = await stack.sql<{ total: number; unpublished: number }[]>`
    SELECT count(*)::int AS total, count(q.seq)::int AS unpublished
    FROM outbox o LEFT JOIN outbox_pending q USING (topic, seq)
    WHERE o.topic = ${topic} AND o.key IN ${stack.sql(keys)}`;
  return row!;
}

/**
 * Waits until matching has handled every trigger about `keys` (job or seeker ids) that is
 * in the outbox now, and until every event of `jobIds` it produced has been read here.
 * After it, nothing announced for those triggers can still be on its way.
 */
async function matchingSettled(keys: string[], jobIds: string[] = []) {
  await waitUntil(
    "triggers published",
    async () => (await outboxOf(stack.topics.embeddingsReady, keys)).unpublished === 0 || undefined,
  );
  await waitForCaughtUp(stack.kafka, stack.env.MATCHING_GROUP_ID!, stack.topics.embeddingsReady);
  for (const jobId of jobIds) {
    const outbox = await waitUntil("events published", async () => {
      const o = await outboxOf(stack.topics.events, [jobId]);
      return o.unpublished === 0 ? o : undefined;
    });
    await events.waitFor(() =>
      new Set(
        events.events.filter((e) => ("job" in e.data ? e.data.job.id : e.data.job_id) === jobId)
          .map((e) => e.id),
      ).size >= outbox.total
    );
  }
}

/** Waits until the job's current text is embedded (the pipeline test's notion of done). */
async function embedded(jobId: string) {
  return await waitUntil(`${jobId} embedded`, async () => {
    const res = await partner.call("GET", `/v1/partner/jobs/${jobId}`);
    if (res.body.embedding_status !== "ready") return undefined;
    const [row] = await stack.sql`
      SELECT 1 FROM jobs WHERE id = ${jobId} AND embedded_version = content_version`;
    return row ? res.body : undefined;
  });
}

/** Publishes profiles and waits until matching has handled them. */
async function publish(seekers: Seeker[]) {
  await stack.publishSeekers(seekers);
  const list = seekers.map((s) => s.id);
  await waitUntil("seekers embedded", async () => {
    const rows = await stack.sql`
      SELECT 1 FROM seekers WHERE id IN ${stack.sql(list)} AND embedded_hash = content_hash`;
    return rows.length === list.length || undefined;
  });
  await matchingSettled(list);
}

/** What a problem document says, without what differs on every request. */
const problem = ({ request_id: _, ...rest }: Record<string, unknown>) => rest;

// One nurse job in Riyadh matched by three nurses at once, then by a fourth who arrives later.
let riyadh: Promise<{ job: { id: string }; first: Seeker[]; late: Seeker }> | undefined;
const riyadhJob = () =>
  riyadh ??= (async () => {
    const first = [nurse("Riyadh", 3), nurse("Riyadh", 7), nurse("Riyadh", 12)];
    await publish([...first, accountant("Riyadh", 5)]);
    const job = await createJob({ ...NURSE_JOB, city: "Riyadh" });
    await embedded(job.id);
    await events.waitFor(() => matchedOf(job.id).length >= first.length);
    const late = nurse("Riyadh", 9);
    await publish([late]);
    await events.waitFor(() => matchedOf(job.id).length >= first.length + 1);
    await matchingSettled([job.id, late.id], [job.id]);
    return { job, first, late };
  })();

Deno.test("a job's matches are listed newest first, each with the seeker, score and event id of its job.matched", async () => {
  const { job, first, late } = await riyadhJob();
  const announced = matchedOf(job.id);
  assert.deepEqual(sortedSeekers(announced.map((e) => e.data)), ids([...first, late]));

  const res = await partner.call("GET", matchesPath(job.id));
  assert.equal(res.status, 200);
  assert.equal(res.body.has_more, false);
  assert.equal(res.body.next_cursor, null);
  assert.ok(res.headers.get("x-ratelimit-remaining"), "counted like every request");
  const listed: Listed[] = res.body.data;
  const byEvent = new Map(announced.map((e) => [e.id, e]));
  for (const m of listed) {
    const event = byEvent.get(m.event_id);
    assert.ok(event, `${m.event_id} was announced`);
    assert.equal(m.seeker_id, event.data.seeker_id);
    assert.equal(m.score, event.data.score);
    assert.match(m.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  }
  assert.deepEqual(sortedSeekers(listed), ids([...first, late]));

  // The later pair first; the three recorded together (one matching run, one time) by
  // seeker id, descending.
  assert.equal(listed[0]!.seeker_id, late.id);
  const together = listed.slice(1);
  assert.equal(new Set(together.map((m) => m.created_at)).size, 1);
  assert.ok(listed[0]!.created_at > together[0]!.created_at);
  assert.deepEqual(together.map((m) => m.seeker_id), ids(first).reverse());
});

Deno.test("limit=1 walks every pair once, in the order of the whole list", async () => {
  const { job } = await riyadhJob();
  const whole = await partner.call("GET", matchesPath(job.id, "limit=100"));
  const { items, pages } = await listAll(job.id, 1);
  assert.equal(pages.length, 4);
  assert.ok(pages.every((p) => p.body.data.length === 1));
  assert.deepEqual(pages.map((p) => p.body.has_more), [true, true, true, false]);
  assert.deepEqual(items, whole.body.data);
  assert.equal(new Set(items.map((m) => m.seeker_id)).size, items.length);
  // The default page holds them all.
  assert.deepEqual((await partner.call("GET", matchesPath(job.id))).body.data, items);
});

Deno.test("another partner's job, an unknown job and a malformed id answer 404 exactly as the job itself does", async () => {
  const { job } = await riyadhJob();
  const other = await stack.partner();
  const cases: [TestPartner, string][] = [
    [other, job.id],
    [partner, "job_01ARZ3NDEKTSV4RRFFQ69G5FAV"],
    [partner, "not-a-job"],
    [partner, "wh_01ARZ3NDEKTSV4RRFFQ69G5FAV"],
  ];
  for (const [who, id] of cases) {
    const res = await who.call("GET", `${matchesPath(id)}?limit=0&cursor=x`);
    const itself = await who.call("GET", `/v1/partner/jobs/${id}`);
    assert.equal(res.status, 404, id);
    assert.equal(itself.status, 404, id);
    assert.deepEqual(problem(res.body), problem(itself.body), id);
  }
  // A path of the jobs resource under the matches: not a job id either.
  assert.equal((await partner.call("GET", "/v1/partner/jobs/bulk/matches")).status, 404);
});

Deno.test("a cursor the listing did not issue, a bad limit or an unknown parameter answers 422 in both languages", async () => {
  const { job } = await riyadhJob();
  await createJob(jobBody({ title: "Warehouse Supervisor", city: "Jeddah" }));
  const jobsPage = await partner.call("GET", "/v1/partner/jobs?limit=1");
  const jobsCursor: string = jobsPage.body.next_cursor;
  assert.equal(typeof jobsCursor, "string");
  const cases: [string, string, string][] = [
    ["cursor=not-a-cursor", "/query/cursor", "invalid_cursor"],
    [`cursor=${encodeURIComponent(jobsCursor)}`, "/query/cursor", "invalid_cursor"],
    ["limit=0", "/limit", "too_small"],
    ["limit=101", "/limit", "too_big"],
    ["status=active", "/status", "unknown_field"],
  ];
  for (const [query, field, code] of cases) {
    const res = await partner.call("GET", matchesPath(job.id, query));
    assert.equal(res.status, 422, query);
    assert.equal(res.body.code, "partner.validation_failed", query);
    assert.match(res.body.message, /\w/, query);
    assert.match(res.body.messageAr, /\p{Script=Arabic}/u, query);
    assert.deepEqual(res.body.errors.map((e: { field: string }) => e.field), [field], query);
    assert.equal(res.body.errors[0].code, code, query);
    assert.match(res.body.errors[0].message, /\w/, query);
    assert.match(res.body.errors[0].messageAr, /\p{Script=Arabic}/u, query);
  }
  // The listing's own cursor is refused by the jobs list, with the same 422.
  const page = await partner.call("GET", matchesPath(job.id, "limit=1"));
  const jobs = await partner.call(
    "GET",
    `/v1/partner/jobs?cursor=${encodeURIComponent(page.body.next_cursor)}`,
  );
  assert.equal(jobs.status, 422);
  assert.equal(jobs.body.errors[0].code, "invalid_cursor");
  // Only GET.
  const post = await partner.call("POST", matchesPath(job.id), {});
  assert.equal(post.status, 405);
  assert.equal(post.headers.get("allow"), "GET");
});

Deno.test("a Sandbox partner lists its job's matches: reads are in every plan", async () => {
  const sandbox = await stack.partner("sandbox");
  const job = await createJob(jobBody({ city: "Tabuk" }), sandbox);
  const res = await sandbox.call("GET", matchesPath(job.id));
  assert.equal(res.status, 200);
  assert.deepEqual(res.body, { data: [], next_cursor: null, has_more: false });
});

Deno.test("a paused or closed job's matches stay listed; a deleted job's answer 404", async () => {
  const { job } = await riyadhJob();
  const before = (await listAll(job.id, 100)).items;
  assert.equal(before.length, 4);
  for (const status of ["paused", "closed"]) {
    const res = await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, { status });
    assert.equal(res.status, 200);
    assert.deepEqual((await listAll(job.id, 100)).items, before, status);
  }
  assert.equal((await partner.call("DELETE", `/v1/partner/jobs/${job.id}`)).status, 204);
  const res = await partner.call("GET", matchesPath(job.id));
  assert.equal(res.status, 404);
  assert.deepEqual(
    problem(res.body),
    problem((await partner.call("GET", `/v1/partner/jobs/${job.id}`)).body),
  );
});

Deno.test("re-matching: a nurse job edited into an accountant job announces the accountants once, and nothing again when edited back", async () => {
  const nurses = [nurse("Dammam", 4), nurse("Dammam", 10)];
  const accountants = [accountant("Dammam", 3), accountant("Dammam", 8)];
  await publish([...nurses, ...accountants]);

  const job = await createJob({ ...NURSE_JOB, city: "Dammam" });
  await embedded(job.id);
  await events.waitFor(() => matchedOf(job.id).length >= nurses.length);
  await matchingSettled([job.id], [job.id]);
  assert.deepEqual(sortedSeekers(matchedOf(job.id).map((e) => e.data)), ids(nurses));
  const asNurseJob = (await listAll(job.id, 100)).items;
  assert.deepEqual(sortedSeekers(asNurseJob), ids(nurses));

  // Into an accountant job: re-embedded and matched again.
  const edited = await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, ACCOUNTANT_JOB);
  assert.equal(edited.status, 200);
  assert.equal(edited.body.embedding_status, "processing");
  assert.equal(edited.body.match_ready, true);
  await embedded(job.id);
  await events.waitFor(() => matchedOf(job.id).length >= nurses.length + accountants.length);
  await matchingSettled([job.id], [job.id]);
  const announced = matchedOf(job.id);
  assert.deepEqual(sortedSeekers(announced.map((e) => e.data)), ids([...nurses, ...accountants]));
  for (const s of [...nurses, ...accountants]) {
    assert.equal(announced.filter((e) => e.data.seeker_id === s.id).length, 1, s.headline);
  }
  const asAccountantJob = (await listAll(job.id, 100)).items;
  // The nurses' pairs are as first recorded, below the new ones; nothing was re-announced.
  assert.deepEqual(asAccountantJob.slice(accountants.length), asNurseJob);
  assert.deepEqual(sortedSeekers(asAccountantJob.slice(0, accountants.length)), ids(accountants));
  assert.ok(asAccountantJob[accountants.length - 1]!.created_at > asNurseJob[0]!.created_at);
  for (const m of asAccountantJob) {
    assert.equal(m.event_id, announced.find((e) => e.data.seeker_id === m.seeker_id)!.id);
  }

  // Back to a nurse job: every pair it finds was announced before.
  const back = await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, {
    title: NURSE_JOB.title,
    description: NURSE_JOB.description,
  });
  assert.equal(back.status, 200);
  assert.equal(back.body.embedding_status, "processing");
  await embedded(job.id);
  await matchingSettled([job.id], [job.id]);
  const [row] = await stack.sql`SELECT content_version FROM jobs WHERE id = ${job.id}`;
  assert.equal(row!.content_version, 3);
  assert.deepEqual(matchedOf(job.id).map((e) => e.id).sort(), announced.map((e) => e.id).sort());
  assert.deepEqual((await listAll(job.id, 100)).items, asAccountantJob);
});
