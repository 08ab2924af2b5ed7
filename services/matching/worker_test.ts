/**
 * The matching service's real handler on the in-process queue, the real Postgres and a
 * pgvector index of its own: no broker.
 */
import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { newId } from "@hire/ids";
import { decodeJobEvent } from "@hire/jobs";
import { silentLogger } from "@hire/log";
import { createRegistry } from "@hire/metrics";
import { createPartner } from "@hire/tables";
import type { Embedded } from "@hire/pipeline";
import { InProcessQueue, SET_ASIDE_COUNTER } from "@hire/queue";
import { waitUntil } from "@hire/testing/wait.ts";
import { createPgvectorIndex } from "@hire/vector";
import { loadMatchingConfig } from "./config.ts";
import { startMatchingService } from "./service.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

/** The service on a queue and index of its own, with a partner, an active job and a seeker. */
async function start() {
  const suffix = crypto.randomUUID().replaceAll("-", "").slice(0, 12);
  const sql = connect(TEST_DATABASE_URL, { max: 6, name: "matching-worker-test" });
  const cfg = loadMatchingConfig({
    DATABASE_URL: TEST_DATABASE_URL,
    // Names of this test's own: no other test's outbox flusher publishes its rows.
    TOPIC_EMBEDDINGS_READY: `test.embeddings.ready.${suffix}`,
    TOPIC_JOBS_EVENTS: `test.jobs.events.${suffix}`,
    OUTBOX_INTERVAL_MS: "50",
  });
  const queue = new InProcessQueue();
  await queue.ensureTopics(
    [cfg.TOPIC_EMBEDDINGS_READY, cfg.TOPIC_JOBS_EVENTS].map((topic) => ({
      topic,
      numPartitions: 3,
    })),
  );
  const index = createPgvectorIndex({ sql, dimensions: 4, tablePrefix: `t${suffix}_` });
  await index.init();
  const metrics = createRegistry();
  const service = await startMatchingService(cfg, {
    sql,
    queue,
    log: silentLogger,
    index,
    metrics,
  });
  const { partner_id } = await createPartner(sql, {
    name: "Matching worker",
    plan: "growth",
    adminEmails: [],
  });
  const jobId = newId("job");
  const seekerId = newId("seek");
  const now = new Date();
  await sql`INSERT INTO jobs (id, partner_id, title, description, city, employment_type, created_at, updated_at)
    VALUES (${jobId}, ${partner_id}, 'Nurse', 'x', 'Riyadh', 'full_time', ${now}, ${now})`;
  const vector = new Float32Array([1, 0, 0, 0]);
  await index.upsertJobs([{
    id: jobId,
    partnerId: partner_id,
    status: "active",
    city: "Riyadh",
    employmentType: "full_time",
    vector,
  }]);
  await index.upsertSeekers([{
    id: seekerId,
    city: "Riyadh",
    employmentTypes: ["full_time"],
    vector,
  }]);
  const publisher = queue.publisher();
  return {
    sql,
    queue,
    partnerId: partner_id,
    jobId,
    seekerId,
    /** Publishes `job.embedded` for the job, naming `partnerId`. */
    embedded: async (partnerId: string) => {
      const embedded: Embedded = {
        id: newId("evt"),
        type: "job.embedded",
        job_id: jobId,
        partner_id: partnerId,
        content_version: 1,
        at: now.toISOString(),
      };
      await publisher.send({
        topic: cfg.TOPIC_EMBEDDINGS_READY,
        messages: [{ key: jobId, value: JSON.stringify(embedded) }],
      });
    },
    /** Publishes `messages` in one send under one key: one partition, one chunk. */
    together: async (messages: Embedded[]) => {
      await publisher.send({
        topic: cfg.TOPIC_EMBEDDINGS_READY,
        messages: messages.map((e) => ({ key: jobId, value: JSON.stringify(e) })),
      });
    },
    /** Another job of the partner, its vector the same as the first's. */
    anotherJob: async (status: "active" | "paused") => {
      const id = newId("job");
      await sql`INSERT INTO jobs (id, partner_id, title, description, city, employment_type,
          status, created_at, updated_at)
        VALUES (${id}, ${partner_id}, 'Nurse', 'x', 'Riyadh', 'full_time', ${status}, ${now},
          ${now})`;
      await index.upsertJobs([{
        id,
        partnerId: partner_id,
        status,
        city: "Riyadh",
        employmentType: "full_time",
        vector,
      }]);
      return id;
    },
    matches: () => sql`SELECT seeker_id, score FROM matches WHERE job_id = ${jobId}`,
    allMatches: () =>
      sql<{ job_id: string; seeker_id: string }[]>`
        SELECT job_id, seeker_id FROM matches WHERE partner_id = ${partner_id} ORDER BY job_id`,
    events: () => queue.messages(cfg.TOPIC_JOBS_EVENTS).flat().map((m) => decodeJobEvent(m.value!)),
    setAside: (reason: string) =>
      metrics.counter(SET_ASIDE_COUNTER).value({ topic: cfg.TOPIC_EMBEDDINGS_READY, reason }),
    async stop() {
      await service.stop();
      await sql`DELETE FROM outbox WHERE topic = ${cfg.TOPIC_JOBS_EVENTS}`;
      await sql.unsafe(`DROP TABLE IF EXISTS t${suffix}_job_vectors, t${suffix}_seeker_vectors`);
      await index.close();
      await sql.end();
    },
  };
}

Deno.test("matching worker: job.embedded in, the pair recorded once and job.matched out", async () => {
  const m = await start();
  try {
    // Twice: a redelivered trigger announces nothing twice.
    await m.embedded(m.partnerId);
    await m.embedded(m.partnerId);
    await m.queue.whenIdle();
    assert.deepEqual((await m.matches()).map((r) => ({ ...r })), [
      { seeker_id: m.seekerId, score: 1 },
    ]);
    const events = await waitUntil("job.matched published", () => {
      const events = m.events();
      return Promise.resolve(events.length ? events : undefined);
    });
    assert.deepEqual(events.map((e) => e.type), ["job.matched"]);
    assert.equal(events[0]!.partner_id, m.partnerId);
  } finally {
    await m.stop();
  }
});

Deno.test("matching worker: job.embedded naming another partner is set aside; the job's own is matched", async () => {
  const m = await start();
  try {
    const { partner_id: other } = await createPartner(m.sql, {
      name: "Other partner",
      plan: "growth",
      adminEmails: [],
    });
    await m.embedded(other);
    await m.queue.whenIdle();
    assert.equal(m.setAside("job_of_other_partner"), 1);
    assert.equal((await m.matches()).length, 0, "nothing matched for it");
    // The partition goes on.
    await m.embedded(m.partnerId);
    await m.queue.whenIdle();
    assert.equal((await m.matches()).length, 1);
    assert.equal(m.setAside("job_of_other_partner"), 1);
  } finally {
    await m.stop();
  }
});

Deno.test("matching worker: a chunk's jobs and seekers matched together, each pair recorded and announced once", async () => {
  const m = await start();
  try {
    const second = await m.anotherJob("active");
    const paused = await m.anotherJob("paused");
    const at = new Date().toISOString();
    const job = (id: string): Embedded => ({
      id: newId("evt"),
      type: "job.embedded",
      job_id: id,
      partner_id: m.partnerId,
      content_version: 1,
      at,
    });
    // The seeker finds both active jobs, each of which finds the seeker: two pairs, not four.
    await m.together([
      job(m.jobId),
      job(second),
      job(paused),
      { id: newId("evt"), type: "seeker.embedded", seeker_id: m.seekerId, at },
    ]);
    await m.queue.whenIdle();
    const expected = [m.jobId, second].sort().map((job_id) => ({ job_id, seeker_id: m.seekerId }));
    assert.deepEqual((await m.allMatches()).map((r) => ({ ...r })), expected);
    const events = await waitUntil("job.matched published", () => {
      const events = m.events();
      return Promise.resolve(events.length >= 2 ? events : undefined);
    });
    assert.deepEqual(
      events.map((e) => e.type === "job.matched" ? e.data.job_id : e.type).sort(),
      [m.jobId, second].sort(),
      "one job.matched a pair; none for the paused job",
    );
  } finally {
    await m.stop();
  }
});
