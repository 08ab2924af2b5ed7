/**
 * The job service's real handlers on the in-process queue and the real Postgres: no
 * broker. The same behaviour on Kafka is covered by tests/ (the edge and the service).
 */
import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { newId } from "@hire/ids";
import { decodeJobEvent, encodeJobCommand, type JobCommand } from "@hire/jobs";
import { silentLogger } from "@hire/log";
import { createRegistry } from "@hire/metrics";
import { createPartner } from "@hire/tables";
import { decodeJobChanged } from "@hire/pipeline";
import { InProcessQueue, SET_ASIDE_COUNTER } from "@hire/queue";
import { jobCommand as command } from "@hire/testing/job_commands.ts";
import { waitUntil } from "@hire/testing/wait.ts";
import { loadJobConfig } from "./config.ts";
import { startJobService } from "./service.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

const sql = connect(TEST_DATABASE_URL, { max: 4, name: "job-worker-test" });

/** The service on a queue of its own, with topic names no other test's flusher reads. */
async function start() {
  const suffix = crypto.randomUUID();
  const topics = {
    commands: `test.jobs.commands.${suffix}`,
    events: `test.jobs.events.${suffix}`,
    changed: `test.jobs.changed.${suffix}`,
  };
  const queue = new InProcessQueue();
  await queue.ensureTopics(Object.values(topics).map((topic) => ({ topic, numPartitions: 3 })));
  const cfg = loadJobConfig({
    DATABASE_URL: TEST_DATABASE_URL,
    TOPIC_JOBS_COMMANDS: topics.commands,
    TOPIC_JOBS_EVENTS: topics.events,
    TOPIC_JOBS_CHANGED: topics.changed,
    OUTBOX_INTERVAL_MS: "50",
  });
  const metrics = createRegistry();
  const service = await startJobService(cfg, { sql, queue, log: silentLogger, metrics });
  const publisher = queue.publisher();
  const { partner_id } = await createPartner(sql, {
    name: "Job worker test",
    plan: "growth",
    adminEmails: [],
  });
  const published = (topic: string) => queue.messages(topic).flat().map((m) => m.value!);
  return {
    partnerId: partner_id,
    /** Publishes commands, keyed by job id unless `key` puts them all on one partition. */
    send: (commands: JobCommand[], key?: string) =>
      publisher.send({
        topic: topics.commands,
        messages: commands.map((c) => ({ ...encodeJobCommand(c), ...(key ? { key } : {}) })),
      }),
    queue,
    /** How many commands were set aside for `reason`. */
    setAside: (reason: string) =>
      metrics.counter(SET_ASIDE_COUNTER).value({ topic: topics.commands, reason }),
    events: () => published(topics.events).map(decodeJobEvent),
    changes: () => published(topics.changed).map(decodeJobChanged),
    async stop() {
      await service.stop();
      await sql`DELETE FROM outbox WHERE topic IN ${sql(Object.values(topics))}`;
    },
  };
}

const outcomes = async (ids: string[]) =>
  Object.fromEntries(
    (await sql<{ command_id: string; outcome: string }[]>`
      SELECT command_id, outcome FROM command_results WHERE command_id IN ${sql(ids)}`)
      .map((r) => [r.command_id, r.outcome]),
  );

Deno.test.afterAll(() => sql.end());

Deno.test("job worker: commands in, jobs and their results in Postgres, events and job changes out", async () => {
  const s = await start();
  try {
    const jobId = newId("job");
    const create = command(s.partnerId, jobId, { type: "job.create" });
    const rename = command(s.partnerId, jobId, { type: "job.update", title: "Renamed" });
    await s.send([create, rename]);
    await s.queue.whenIdle();
    assert.deepEqual(await outcomes([create.command_id, rename.command_id]), {
      [create.command_id]: "applied",
      [rename.command_id]: "applied",
    });
    const [job] = await sql`SELECT title, content_version FROM jobs WHERE id = ${jobId}`;
    assert.deepEqual({ ...job }, { title: "Renamed", content_version: 2 });
    // Published by the outbox flusher after the commit.
    const events = await waitUntil("job.updated published", () => {
      const e = s.events();
      return Promise.resolve(e.length ? e : undefined);
    });
    assert.deepEqual(events.map((e) => e.type), ["job.updated"]);
    const changes = await waitUntil("two job changes published", () => {
      const c = s.changes();
      return Promise.resolve(c.length === 2 ? c : undefined);
    });
    assert.deepEqual(changes.map((c) => c.reasons), [["created"], ["content"]]);
  } finally {
    await s.stop();
  }
});

Deno.test("job worker: a redelivered command changes nothing", async () => {
  const s = await start();
  try {
    const jobId = newId("job");
    const rename = command(s.partnerId, jobId, { type: "job.update", title: "Once" });
    await s.send([command(s.partnerId, jobId, { type: "job.create" }), rename]);
    await s.queue.whenIdle();
    await s.send([rename]);
    await s.queue.whenIdle();
    const [job] = await sql`SELECT content_version FROM jobs WHERE id = ${jobId}`;
    assert.equal(job!.content_version, 2);
    const [row] = await sql`SELECT count(*)::int AS n FROM outbox WHERE key = ${jobId}`;
    assert.equal(row!.n, 3, "job.changed created, job.changed content, job.updated");
  } finally {
    await s.stop();
  }
});

Deno.test("job worker: a command the database refuses is settled as failed; the others take effect in order", async () => {
  const s = await start();
  try {
    const jobIds = [newId("job"), newId("job"), newId("job")];
    const before = command(s.partnerId, jobIds[0]!, { type: "job.create" });
    // Beyond Postgres's integer range: the edge never sends this, a bug elsewhere might.
    const poison = command(s.partnerId, jobIds[1]!, { type: "job.create", salary: 3_000_000_000 });
    const after = command(s.partnerId, jobIds[2]!, { type: "job.create" });
    // One key: the three share a partition and a chunk.
    await s.send([before, poison, after], "one-partition");
    await s.queue.whenIdle();
    assert.deepEqual(await outcomes([before.command_id, poison.command_id, after.command_id]), {
      [before.command_id]: "applied",
      [poison.command_id]: "failed",
      [after.command_id]: "applied",
    });
    const stored = await sql`SELECT id FROM jobs WHERE id IN ${sql(jobIds)} ORDER BY id`;
    assert.deepEqual(stored.map((r) => r.id), [jobIds[0], jobIds[2]].sort());
    // The worker keeps serving.
    const next = command(s.partnerId, newId("job"), { type: "job.create" });
    await s.send([next]);
    await s.queue.whenIdle();
    assert.deepEqual(await outcomes([next.command_id]), { [next.command_id]: "applied" });
  } finally {
    await s.stop();
  }
});

Deno.test("job worker: commands naming another partner's job or no partner are set aside; those beside them apply", async () => {
  const s = await start();
  try {
    const { partner_id: other } = await createPartner(sql, {
      name: "Another partner",
      plan: "growth",
      adminEmails: [],
    });
    const jobId = newId("job");
    await s.send([command(s.partnerId, jobId, { type: "job.create" })]);
    await s.queue.whenIdle();
    const before = command(s.partnerId, newId("job"), { type: "job.create" });
    const forged = [
      command(other, jobId, { type: "job.update", title: "Hijacked" }),
      command(other, jobId, { type: "job.create" }),
      command(other, jobId, { type: "job.delete" }),
    ];
    const noPartner = command(newId("ptr"), newId("job"), { type: "job.create" });
    const after = command(s.partnerId, jobId, {
      type: "job.update",
      title: "Renamed by its partner",
    });
    // One key: they share a partition, a chunk and a transaction.
    await s.send([before, ...forged, noPartner, after], "one-partition");
    await s.queue.whenIdle();
    const ids = [before, ...forged, noPartner, after].map((c) => c.command_id);
    assert.deepEqual(await outcomes(ids), {
      [before.command_id]: "applied",
      [forged[0]!.command_id]: "not_found",
      [forged[1]!.command_id]: "not_found",
      [forged[2]!.command_id]: "not_found",
      [noPartner.command_id]: "not_found",
      [after.command_id]: "applied",
    });
    const [job] = await sql`
      SELECT partner_id, title, deleted_at FROM jobs WHERE id = ${jobId}`;
    assert.deepEqual({ ...job }, {
      partner_id: s.partnerId,
      title: "Renamed by its partner",
      deleted_at: null,
    });
    const [stray] = await sql`SELECT count(*)::int AS n FROM jobs WHERE id = ${noPartner.job_id}`;
    assert.equal(stray!.n, 0);
    assert.equal(s.setAside("job_of_other_partner"), 3);
    assert.equal(s.setAside("unknown_partner"), 1);
    // Nothing of the forged commands reaches the outbox: created, content (its partner's).
    const [row] = await sql`SELECT count(*)::int AS n FROM outbox WHERE key = ${jobId}`;
    assert.equal(row!.n, 3, "job.changed created, job.changed content, job.updated");
    // The partition is not blocked.
    const next = command(s.partnerId, newId("job"), { type: "job.create" });
    await s.send([next], "one-partition");
    await s.queue.whenIdle();
    assert.deepEqual(await outcomes([next.command_id]), { [next.command_id]: "applied" });
  } finally {
    await s.stop();
  }
});

Deno.test("job worker: a command twice in one batch is applied once, and its partition goes on", async () => {
  const s = await start();
  try {
    const create = command(s.partnerId, newId("job"), { type: "job.create" });
    const next = command(s.partnerId, newId("job"), { type: "job.create" });
    // A producer's retry (or a forgery) can put one command twice in one batch.
    await s.send([create, create, next], "one-partition");
    const ids = [create.command_id, next.command_id];
    const settled = await waitUntil("both commands settled", async () => {
      const o = await outcomes(ids);
      return Object.keys(o).length === 2 ? o : undefined;
    }, { timeoutMs: 10_000 });
    assert.deepEqual(settled, { [create.command_id]: "applied", [next.command_id]: "applied" });
    const [row] = await sql`SELECT count(*)::int AS n FROM outbox WHERE key = ${create.job_id}`;
    assert.equal(row!.n, 1, "one job.changed created");
  } finally {
    await s.stop();
  }
});
