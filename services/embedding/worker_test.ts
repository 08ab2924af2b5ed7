/**
 * The embedding service's real handlers on the in-process queue, a database of their own,
 * pgvector and the `openai` provider against a local HTTP server: no broker.
 */
import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { createEmbeddingProvider } from "@hire/embedding";
import { newId } from "@hire/ids";
import { decodeJobEvent } from "@hire/jobs";
import { API_LOAD_CHANNEL } from "@hire/load";
import { silentLogger } from "@hire/log";
import { createRegistry } from "@hire/metrics";
import { createPartner } from "@hire/tables";
import { decodeEmbedded, type JobChanged } from "@hire/pipeline";
import { InProcessQueue, SET_ASIDE_COUNTER } from "@hire/queue";
import { encodeSeeker } from "@hire/seekers";
import { startEmbeddingServer } from "@hire/testing/embedding_server.ts";
import { ownDatabase } from "@hire/testing/own_database.ts";
import { seeker } from "@hire/testing/seekers.ts";
import { waitUntil } from "@hire/testing/wait.ts";
import { createPgvectorIndex } from "@hire/vector";
import { loadEmbeddingServiceConfig } from "./config.ts";
import { pipelineDeps } from "./pipeline_deps.ts";
import { reindex, type ReindexProgress } from "./reindex.ts";
import { startEmbeddingService } from "./service.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

const db = await ownDatabase(
  TEST_DATABASE_URL,
);
const sql = connect(db.url, { max: 8, name: "embedding-worker-test" });
const server = startEmbeddingServer(8);
const cfg = loadEmbeddingServiceConfig({
  DATABASE_URL: db.url,
  ...server.env,
  OUTBOX_INTERVAL_MS: "50",
  EMBEDDING_RETRY_SWEEP_MS: "100",
});
const queue = new InProcessQueue();
await queue.ensureTopics(
  [cfg.TOPIC_JOBS_CHANGED, cfg.TOPIC_SEEKERS, cfg.TOPIC_JOBS_EVENTS, cfg.TOPIC_EMBEDDINGS_READY]
    .map((topic) => ({ topic, numPartitions: 3 })),
);
const provider = await createEmbeddingProvider(cfg);
const index = createPgvectorIndex({ sql, dimensions: provider.dimensions });
await index.init();
const metrics = createRegistry();
const service = await startEmbeddingService(cfg, {
  sql,
  queue,
  log: silentLogger,
  provider,
  index,
  metrics,
});
Deno.test.afterAll(async () => {
  await service.stop();
  await provider.close();
  await index.close();
  await sql.end();
  await server.stop();
  await db.drop();
});

const publisher = queue.publisher();
const published = <T>(topic: string, decode: (v: string) => T) =>
  queue.messages(topic).flat().map((m) => decode(m.value!));

Deno.test("embedding worker: a job change embeds the job, marks it ready, announces job.created and job.embedded", async () => {
  const { partner_id } = await createPartner(sql, {
    name: "Embedding worker",
    plan: "growth",
    adminEmails: [],
  });
  const jobId = newId("job");
  const now = new Date();
  await sql`INSERT INTO jobs (id, partner_id, title, description, city, employment_type, created_at, updated_at)
    VALUES (${jobId}, ${partner_id}, 'ICU nurse', 'Bedside care', 'Riyadh', 'full_time', ${now}, ${now})`;
  const change: JobChanged = {
    id: newId("evt"),
    type: "job.changed",
    job_id: jobId,
    partner_id,
    content_version: 1,
    reasons: ["created"],
    at: now.toISOString(),
  };
  await publisher.send({
    topic: cfg.TOPIC_JOBS_CHANGED,
    messages: [{ key: jobId, value: JSON.stringify(change) }],
  });
  await queue.whenIdle();
  const [job] = await sql`
    SELECT embedding_status, embedded_version, match_ready FROM jobs WHERE id = ${jobId}`;
  assert.deepEqual({ ...job }, {
    embedding_status: "ready",
    embedded_version: 1,
    match_ready: true,
  });
  assert.ok(await index.getJob(jobId), "the vector is in the index");
  await waitUntil("job.created and job.embedded published", () => {
    const created = published(cfg.TOPIC_JOBS_EVENTS, decodeJobEvent)
      .filter((e) => e.type === "job.created");
    const embedded = published(cfg.TOPIC_EMBEDDINGS_READY, decodeEmbedded)
      .filter((e) => e.type === "job.embedded" && e.job_id === jobId);
    return Promise.resolve(created.length === 1 && embedded.length === 1 ? true : undefined);
  });
});

Deno.test("embedding worker: a change of salary or status, or a redelivered change, does not run the model again", async () => {
  const { partner_id } = await createPartner(sql, {
    name: "Unchanged text",
    plan: "growth",
    adminEmails: [],
  });
  const jobId = newId("job");
  const now = new Date();
  await sql`INSERT INTO jobs (id, partner_id, title, description, city, employment_type, salary_min, created_at, updated_at)
    VALUES (${jobId}, ${partner_id}, 'Cashier', 'Tills', 'Abha', 'full_time', 4000, ${now}, ${now})`;
  const change = (reasons: JobChanged["reasons"]): JobChanged => ({
    id: newId("evt"),
    type: "job.changed",
    job_id: jobId,
    partner_id,
    content_version: 1,
    reasons,
    at: new Date().toISOString(),
  });
  const send = async (c: JobChanged) => {
    await publisher.send({
      topic: cfg.TOPIC_JOBS_CHANGED,
      messages: [{ key: jobId, value: JSON.stringify(c) }],
    });
    await queue.whenIdle();
  };
  await send(change(["created"]));
  const embedded = await index.getJob(jobId);
  assert.ok(embedded, "embedded once");
  const calls = server.requests;

  // What the job service stores and announces when only these change: the text, and so
  // its content version, stays.
  await sql`UPDATE jobs SET salary_min = 4500, status = 'paused' WHERE id = ${jobId}`;
  await send(change(["status"]));
  assert.equal((await index.getJob(jobId))?.status, "paused", "the payload follows the row");
  await send(change(["created"]));
  assert.equal(server.requests, calls, "no provider call");
  assert.deepEqual((await index.getJob(jobId))?.vector, embedded.vector);

  // The text changes: embedded again, once.
  await sql`UPDATE jobs SET description = 'Tills and stock counts', content_version = 2,
    embedding_status = 'processing' WHERE id = ${jobId}`;
  await send({ ...change(["content"]), content_version: 2 });
  assert.equal(server.requests, calls + 1);
});

Deno.test("embedding worker: a job change naming another partner is set aside; the job's own is embedded", async () => {
  const [owner, other] = await Promise.all(
    ["Owner", "Other"].map((name) => createPartner(sql, { name, plan: "growth", adminEmails: [] })),
  );
  const jobId = newId("job");
  const now = new Date();
  await sql`INSERT INTO jobs (id, partner_id, title, description, city, employment_type, created_at, updated_at)
    VALUES (${jobId}, ${
    owner!.partner_id
  }, 'Welder', 'Pipelines', 'Dammam', 'full_time', ${now}, ${now})`;
  const change = (partnerId: string): JobChanged => ({
    id: newId("evt"),
    type: "job.changed",
    job_id: jobId,
    partner_id: partnerId,
    content_version: 1,
    reasons: ["created"],
    at: now.toISOString(),
  });
  const setAside = () =>
    metrics.counter(SET_ASIDE_COUNTER).value({
      topic: cfg.TOPIC_JOBS_CHANGED,
      reason: "job_of_other_partner",
    });
  const before = setAside();
  await publisher.send({
    topic: cfg.TOPIC_JOBS_CHANGED,
    messages: [{ key: jobId, value: JSON.stringify(change(other!.partner_id)) }],
  });
  await queue.whenIdle();
  assert.equal(setAside(), before + 1);
  const status = async () =>
    (await sql`SELECT embedding_status FROM jobs WHERE id = ${jobId}`)[0]!.embedding_status;
  assert.equal(await status(), "processing", "nothing was done for it");
  assert.equal(await index.getJob(jobId), undefined);
  // Its partition goes on: the job's own change is embedded.
  await publisher.send({
    topic: cfg.TOPIC_JOBS_CHANGED,
    messages: [{ key: jobId, value: JSON.stringify(change(owner!.partner_id)) }],
  });
  await queue.whenIdle();
  assert.equal(await status(), "ready");
  assert.equal(setAside(), before + 1);
});

Deno.test("embedding worker: a profile on seekers.v1 is stored and embedded; its tombstone deletes it", async () => {
  const profile = seeker({ headline: "Accountant", summary: "IFRS and VAT returns" });
  await publisher.send({ topic: cfg.TOPIC_SEEKERS, messages: [encodeSeeker(profile)] });
  await queue.whenIdle();
  const stored = async () =>
    (await sql`SELECT embedded_hash IS NOT NULL AS embedded FROM seekers WHERE id = ${profile.id}`)[
      0
    ];
  assert.deepEqual({ ...await stored() }, { embedded: true });
  assert.ok(await index.getSeeker(profile.id));
  await waitUntil("seeker.embedded published", () =>
    Promise.resolve(
      published(cfg.TOPIC_EMBEDDINGS_READY, decodeEmbedded)
          .some((e) => e.type === "seeker.embedded" && e.seeker_id === profile.id)
        ? true
        : undefined,
    ));

  await publisher.send({ topic: cfg.TOPIC_SEEKERS, messages: [{ key: profile.id, value: null }] });
  await queue.whenIdle();
  assert.equal(await stored(), undefined);
  assert.equal(await index.getSeeker(profile.id), undefined);
});

Deno.test("embedding worker: while the API is busy late work is deferred to the sweeper, fresh work goes at once", async () => {
  const { partner_id } = await createPartner(sql, {
    name: "Busy API",
    plan: "growth",
    adminEmails: [],
  });
  // One job changed just now, one ten minutes ago (a backlog's): only the second is late.
  const [fresh, late] = [newId("job"), newId("job")];
  const now = new Date();
  const tenMinutesAgo = new Date(now.getTime() - 600_000);
  for (const [id, at] of [[fresh, now], [late, tenMinutesAgo]] as const) {
    await sql`INSERT INTO jobs (id, partner_id, title, description, city, employment_type, created_at, updated_at)
      VALUES (${id}, ${partner_id}, 'Porter', 'Luggage', 'Jeddah', 'full_time', ${at}, ${at})`;
  }
  const state = (id: string) =>
    sql<{ embedding_status: string; embedding_attempts: number; due_at: Date | null }[]>`
      SELECT embedding_status, embedding_attempts, s.due_at FROM jobs
      LEFT JOIN job_embedding_schedule s ON s.job_id = jobs.id WHERE id = ${id}`
      .then(([row]) => row!);

  // The API says it uses five cores, as its processes do through @hire/load.
  const announce = () => sql.notify(API_LOAD_CHANNEL, "worker-test#busy 5.000").catch(() => {});
  await announce();
  const busy = setInterval(announce, 100);
  try {
    await new Promise((r) => setTimeout(r, 300)); // heard by the service's listener
    await publisher.send({
      topic: cfg.TOPIC_JOBS_CHANGED,
      messages: [fresh, late].map((id) => ({
        key: id,
        value: JSON.stringify(
          {
            id: newId("evt"),
            type: "job.changed",
            job_id: id,
            partner_id,
            content_version: 1,
            reasons: ["created"],
            at: now.toISOString(),
          } satisfies JobChanged,
        ),
      })),
    });
    await queue.whenIdle();
    assert.equal(
      (await state(fresh)).embedding_status,
      "ready",
      "fresh work outside a burst is never held",
    );
    const deferred = await state(late);
    assert.equal(deferred.embedding_status, "processing");
    assert.equal(deferred.embedding_attempts, 0, "a deferral is not a failed attempt");
    assert.ok(deferred.due_at! > now, "handed to the sweeper for later");
    assert.equal(await index.getJob(late), undefined);
  } finally {
    clearInterval(busy);
  }
  // The API went quiet: the sweeper embeds it when it falls due, and announces it once.
  await waitUntil(
    "the deferred job embedded by the sweeper",
    async () => (await state(late)).embedding_status === "ready" || undefined,
    { timeoutMs: 15_000 },
  );
  assert.ok(await index.getJob(late));
  assert.equal((await state(late)).due_at, null, "its schedule goes once it is ready");
  await waitUntil("job.created for the deferred job", () => {
    const created = published(cfg.TOPIC_JOBS_EVENTS, decodeJobEvent)
      .filter((e) => e.type === "job.created" && e.data.job.id === late);
    return Promise.resolve(created.length === 1 || undefined);
  });
});

Deno.test("re-index: a new embedding space's index gets every job and seeker, with no change a partner sees", async () => {
  const { partner_id } = await createPartner(sql, {
    name: "Re-index",
    plan: "growth",
    adminEmails: [],
  });
  const jobId = newId("job");
  const now = new Date();
  await sql`INSERT INTO jobs (id, partner_id, title, description, city, employment_type, created_at, updated_at)
    VALUES (${jobId}, ${partner_id}, 'Pharmacist', 'Dispensing', 'Jeddah', 'full_time', ${now}, ${now})`;
  const change: JobChanged = {
    id: newId("evt"),
    type: "job.changed",
    job_id: jobId,
    partner_id,
    content_version: 1,
    reasons: ["created"],
    at: now.toISOString(),
  };
  const profile = seeker({ headline: "Pharmacist", summary: "Dispensing", city: "Jeddah" });
  await publisher.send({
    topic: cfg.TOPIC_JOBS_CHANGED,
    messages: [{ key: jobId, value: JSON.stringify(change) }],
  });
  await publisher.send({ topic: cfg.TOPIC_SEEKERS, messages: [encodeSeeker(profile)] });
  await queue.whenIdle();
  const jobBefore = (await sql`SELECT * FROM jobs WHERE id = ${jobId}`)[0]!;
  assert.equal(jobBefore.embedding_status, "ready");
  const triggers = () =>
    published(cfg.TOPIC_EMBEDDINGS_READY, decodeEmbedded).filter((e) =>
      e.type === "job.embedded" ? e.job_id === jobId : e.seeker_id === profile.id
    ).length;
  await waitUntil(
    "both first triggers published",
    () => Promise.resolve(triggers() === 2 ? true : undefined),
  );
  const created = () =>
    published(cfg.TOPIC_JOBS_EVENTS, decodeJobEvent).filter((e) =>
      e.type === "job.created" && e.data.job.id === jobId
    ).length;
  // Written with the trigger in one transaction, published by the outbox in its own time.
  await waitUntil("job.created published", () => Promise.resolve(created() === 1 || undefined));

  const next = createPgvectorIndex({ sql, dimensions: provider.dimensions, tablePrefix: "reidx_" });
  await next.init();
  try {
    const seen: ReindexProgress[] = [];
    const deps = pipelineDeps(cfg, { sql, provider, index: next, log: silentLogger });
    const done = await reindex(deps, { batch: 2, onProgress: (p) => seen.push(p) });
    assert.ok(done.jobs >= 1 && done.seekers >= 1);
    assert.deepEqual((await next.getJob(jobId))?.vector, (await index.getJob(jobId))?.vector);
    assert.deepEqual(
      (await next.getSeeker(profile.id))?.vector,
      (await index.getSeeker(profile.id))?.vector,
    );
    // Matching runs again for both; the partner sees no change and no second job.created.
    await waitUntil(
      "re-index triggers published",
      () => Promise.resolve(triggers() === 4 ? true : undefined),
    );
    const jobAfter = (await sql`SELECT * FROM jobs WHERE id = ${jobId}`)[0]!;
    assert.deepEqual(
      [jobAfter.embedding_status, jobAfter.updated_at, jobAfter.first_ready_at],
      [jobBefore.embedding_status, jobBefore.updated_at, jobBefore.first_ready_at],
    );
    assert.equal(created(), 1);
    const last = seen.filter((p) => p.what === "seekers").at(-1)!;
    assert.equal(last.done, last.total);

    // A full index: the second run embeds nothing and triggers nothing.
    await reindex(deps, { batch: 2, onProgress: () => {} });
    await queue.whenIdle();
    assert.equal(triggers(), 4);
  } finally {
    await sql.unsafe("DROP TABLE IF EXISTS reidx_job_vectors, reidx_seeker_vectors");
  }
});
