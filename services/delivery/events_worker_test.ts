/** The events worker's real handler on the in-process queue and a database of its own. */
import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { newId } from "@hire/ids";
import { encodeJobEvent, type JobEvent } from "@hire/jobs";
import { silentLogger } from "@hire/log";
import { createRegistry } from "@hire/metrics";
import { createPartner } from "@hire/tables";
import { InProcessQueue, SET_ASIDE_COUNTER, startWorker } from "@hire/queue";
import { ownDatabase } from "@hire/testing/own_database.ts";
import { loadDeliveryConfig } from "./config.ts";
import { eventsWorker } from "./events_worker.ts";

Deno.test("events worker: an event queues one first attempt per subscribed webhook, once", async () => {
  const db = await ownDatabase(
    Deno.env.get("DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/hire_test",
  );
  const sql = connect(db.url, { max: 3, name: "events-worker-test" });
  const queue = new InProcessQueue();
  const cfg = loadDeliveryConfig({ DATABASE_URL: db.url });
  await queue.ensureTopics([{ topic: cfg.TOPIC_JOBS_EVENTS, numPartitions: 3 }]);
  let wakes = 0;
  const worker = await startWorker(
    eventsWorker(cfg, { sql, queued: () => wakes++ }),
    { queue, log: silentLogger },
  );
  try {
    const { partner_id } = await createPartner(sql, {
      name: "Events worker",
      plan: "growth",
      adminEmails: [],
    });
    const subscribed = newId("wh");
    const other = newId("wh");
    for (const [id, events] of [[subscribed, ["job.deleted"]], [other, ["job.matched"]]] as const) {
      await sql`INSERT INTO webhooks (id, partner_id, url, events, is_active, secret, created_at, updated_at)
        VALUES (${id}, ${partner_id}, 'https://example.sa/hook', ${events}, true, 'whsec_test',
                now() - interval '1 minute', now())`;
    }
    const event = {
      id: newId("evt"),
      type: "job.deleted",
      created_at: new Date().toISOString(),
      partner_id,
      data: {
        job_id: newId("job"),
        service_url: "https://jobs.example.sa/jobs/x",
        deleted_at: new Date().toISOString(),
      },
    } as JobEvent;
    const publisher = queue.publisher();
    await publisher.send({ topic: cfg.TOPIC_JOBS_EVENTS, messages: [encodeJobEvent(event)] });
    await queue.whenIdle();
    const attempts = () =>
      sql`SELECT webhook_id, attempt, trigger, status FROM webhook_deliveries
          WHERE event_id = ${event.id}`;
    assert.deepEqual((await attempts()).map((r) => ({ ...r })), [
      { webhook_id: subscribed, attempt: 1, trigger: "event", status: "pending" },
    ]);
    assert.equal(wakes, 1);
    // Redelivered (a crash before the commit, say): nothing more is queued, nobody woken.
    await publisher.send({ topic: cfg.TOPIC_JOBS_EVENTS, messages: [encodeJobEvent(event)] });
    await queue.whenIdle();
    assert.equal((await attempts()).length, 1);
    assert.equal(wakes, 1);
  } finally {
    await worker.stop();
    await sql.end();
    await db.drop();
  }
});

Deno.test("events worker: an event naming one partner and another partner's job is set aside; nothing is queued for it", async () => {
  const db = await ownDatabase(
    Deno.env.get("DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/hire_test",
  );
  const sql = connect(db.url, { max: 3, name: "events-worker-test" });
  const queue = new InProcessQueue();
  const cfg = loadDeliveryConfig({ DATABASE_URL: db.url });
  await queue.ensureTopics([{ topic: cfg.TOPIC_JOBS_EVENTS, numPartitions: 1 }]);
  const metrics = createRegistry();
  const worker = await startWorker(
    eventsWorker(cfg, { sql, queued: () => {} }),
    { queue, log: silentLogger, metrics },
  );
  try {
    const [owner, other] = await Promise.all(
      ["Owner", "Other"].map((name) =>
        createPartner(sql, { name, plan: "growth", adminEmails: [] })
      ),
    );
    const webhookId = newId("wh");
    await sql`INSERT INTO webhooks (id, partner_id, url, events, is_active, secret, created_at, updated_at)
      VALUES (${webhookId}, ${other!.partner_id}, 'https://other.example.sa/hook', ${[
      "job.deleted",
    ]},
              true, 'whsec_test', now() - interval '1 minute', now())`;
    const jobId = newId("job");
    await sql`INSERT INTO jobs (id, partner_id, title, description, city, employment_type, created_at, updated_at)
      VALUES (${jobId}, ${owner!.partner_id}, 'Nurse', 'x', 'Riyadh', 'full_time', now(), now())`;
    const event = (partnerId: string, jobOf: string) =>
      ({
        id: newId("evt"),
        type: "job.deleted",
        created_at: new Date().toISOString(),
        partner_id: partnerId,
        data: {
          job_id: jobOf,
          service_url: "https://jobs.example.sa/jobs/x",
          deleted_at: new Date().toISOString(),
        },
      }) as JobEvent;
    // The owner's job, under the other partner's name; then the other partner's own event
    // (a job no longer stored: nothing contradicts it) on the same partition.
    const forged = event(other!.partner_id, jobId);
    const own = event(other!.partner_id, newId("job"));
    await queue.publisher().send({
      topic: cfg.TOPIC_JOBS_EVENTS,
      messages: [forged, own].map(encodeJobEvent),
    });
    await queue.whenIdle();
    const queued =
      await sql`SELECT event_id FROM webhook_deliveries WHERE webhook_id = ${webhookId}`;
    assert.deepEqual(queued.map((r) => r.event_id), [own.id]);
    assert.equal(
      metrics.counter(SET_ASIDE_COUNTER).value({
        topic: cfg.TOPIC_JOBS_EVENTS,
        reason: "job_of_other_partner",
      }),
      1,
    );
  } finally {
    await worker.stop();
    await sql.end();
    await db.drop();
  }
});
