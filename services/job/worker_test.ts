/**
 * The job service's real handlers on the in-process queue and the real Postgres: no
 * broker. The same behaviour on Kafka is covered by tests/ (the edge and the service).
 */
import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { newId } from "@hire/ids";
import { decodeJobEvent, encodeJobCommand, type JobCommand } from "@hire/jobs";
import { silentLogger } from "@hire/log";
import { createPartner } from "@hire/tables";
import { decodeJobChanged } from "@hire/pipeline";
import { InProcessQueue } from "@hire/queue";
import { waitUntil } from "@hire/testing/wait.ts";
import { loadJobConfig } from "./config.ts";
import { startJobService } from "./service.ts";

const DATABASE_URL = Deno.env.get("DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/hire_test";
const sql = connect(DATABASE_URL, { max: 4, name: "job-worker-test" });

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
    DATABASE_URL,
    TOPIC_JOBS_COMMANDS: topics.commands,
    TOPIC_JOBS_EVENTS: topics.events,
    TOPIC_JOBS_CHANGED: topics.changed,
    OUTBOX_INTERVAL_MS: "50",
  });
  const service = await startJobService(cfg, { sql, queue, log: silentLogger });
  const publisher = queue.publisher();
  const { partner_id } = await createPartner(sql, {
    name: "Job worker test",
    plan: "growth",
    adminEmails: ["admin@example.sa"],
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
    events: () => published(topics.events).map(decodeJobEvent),
    changes: () => published(topics.changed).map(decodeJobChanged),
    async stop() {
      await service.stop();
      await sql`DELETE FROM outbox WHERE topic IN ${sql(Object.values(topics))}`;
    },
  };
}

function command(
  partnerId: string,
  jobId: string,
  body: { type: "job.create"; salary?: number } | { type: "job.update"; title: string },
): JobCommand {
  const now = new Date();
  const base = {
    command_id: newId("cmd"),
    job_id: jobId,
    partner_id: partnerId,
    issued_at: now.toISOString(),
    deadline: new Date(now.getTime() + 60_000).toISOString(),
  };
  return body.type === "job.create"
    ? {
      ...base,
      type: "job.create",
      job: {
        title: "Worker check",
        description: "x",
        city: "Riyadh",
        employment_type: "full_time",
        salary_min: body.salary ?? 5000,
        salary_max: null,
        currency: "SAR",
      },
    }
    : { ...base, type: "job.update", changes: { title: body.title } };
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
