/** The events worker's real handler on the in-process queue and a database of its own. */
import assert from "node:assert/strict";
import { connect, type Sql } from "@hire/db";
import { newId } from "@hire/ids";
import { encodeJobEvent, type JobEvent } from "@hire/jobs";
import { type RecordedLine, recordingLogger } from "@hire/log";
import { createRegistry, type Registry } from "@hire/metrics";
import { createPartner } from "@hire/tables";
import { InProcessQueue, SET_ASIDE_COUNTER, startWorker } from "@hire/queue";
import { ownDatabase } from "@hire/testing/own_database.ts";
import { type DeliveryConfig, loadDeliveryConfig } from "./config.ts";
import { eventsWorker } from "./events_worker.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";
import { deletedEvent } from "@hire/testing/webhooks.ts";
import { insertWebhookRow } from "@hire/testing/webhook_rows.ts";
import { startTcpProxy } from "@hire/testing/tcp_proxy.ts";
import { freePort } from "@hire/testing/ports.ts";
import { waitUntil } from "@hire/testing/wait.ts";

interface Running {
  sql: Sql;
  cfg: DeliveryConfig;
  metrics: Registry;
  /** Publishes events to the worker's topic and waits until it has handled them. */
  publish: (events: readonly JobEvent[]) => Promise<void>;
  /** Publishes events to the worker's topic. */
  send: (events: readonly JobEvent[]) => Promise<void>;
  /** Resolves once the worker has handled everything published. */
  handled: () => Promise<void>;
  /** How many times the worker said attempts were queued. */
  wakes: () => number;
  /** What the worker logged. */
  log: RecordedLine[];
}

/**
 * The worker on a topic of `partitions` partitions, on a database of its own; it reaches the
 * database through 127.0.0.1:`opts.dbPort` when given (the test's own pool connects directly).
 */
async function withEventsWorker(
  partitions: number,
  fn: (r: Running) => Promise<void>,
  opts: { dbPort?: number } = {},
) {
  const db = await ownDatabase(
    TEST_DATABASE_URL,
  );
  const sql = connect(db.url, { max: 3, name: "events-worker-test" });
  const workerSql = opts.dbPort === undefined ? sql : connect(
    Object.assign(new URL(db.url), { hostname: "127.0.0.1", port: String(opts.dbPort) }).href,
    { max: 3, name: "events-worker-test-worker" },
  );
  const queue = new InProcessQueue();
  const cfg = loadDeliveryConfig({ DATABASE_URL: db.url });
  await queue.ensureTopics([{ topic: cfg.TOPIC_JOBS_EVENTS, numPartitions: partitions }]);
  const metrics = createRegistry();
  const log = recordingLogger();
  let wakes = 0;
  const worker = await startWorker(
    eventsWorker(cfg, { sql: workerSql, queued: () => wakes++ }),
    { queue, log, metrics },
  );
  const publisher = queue.publisher();
  const send = (events: readonly JobEvent[]) =>
    publisher.send({ topic: cfg.TOPIC_JOBS_EVENTS, messages: events.map(encodeJobEvent) });
  try {
    await fn({
      sql,
      cfg,
      metrics,
      publish: async (events) => {
        await send(events);
        await queue.whenIdle();
      },
      send,
      handled: () => queue.whenIdle(),
      wakes: () => wakes,
      log: log.lines,
    });
  } finally {
    await worker.stop();
    if (workerSql !== sql) await workerSql.end();
    await sql.end();
    await db.drop();
  }
}

const webhook = (sql: Sql, partnerId: string, events: readonly string[]) =>
  insertWebhookRow(sql, { partnerId, events });

Deno.test("events worker: an event queues one first attempt per subscribed webhook, once", async () => {
  await withEventsWorker(3, async ({ sql, publish, wakes }) => {
    const { partner_id } = await createPartner(sql, {
      name: "Events worker",
      plan: "growth",
      adminEmails: [],
    });
    const subscribed = await webhook(sql, partner_id, ["job.deleted"]);
    await webhook(sql, partner_id, ["job.matched"]);
    const event = deletedEvent(partner_id);
    await publish([event]);
    const attempts = () =>
      sql`SELECT webhook_id, attempt, trigger, status FROM webhook_deliveries
          WHERE event_id = ${event.id}`;
    assert.deepEqual((await attempts()).map((r) => ({ ...r })), [
      { webhook_id: subscribed, attempt: 1, trigger: "event", status: "pending" },
    ]);
    assert.equal(wakes(), 1);
    // Redelivered (a crash before the commit, say): nothing more is queued, nobody woken.
    await publish([event]);
    assert.equal((await attempts()).length, 1);
    assert.equal(wakes(), 1);
  });
});

Deno.test("events worker: an event naming one partner and another partner's job is set aside; nothing is queued for it", async () => {
  await withEventsWorker(1, async ({ sql, cfg, metrics, publish }) => {
    const [owner, other] = await Promise.all(
      ["Owner", "Other"].map((name) =>
        createPartner(sql, { name, plan: "growth", adminEmails: [] })
      ),
    );
    const webhookId = await webhook(sql, other!.partner_id, ["job.deleted"]);
    const jobId = newId("job");
    await sql`INSERT INTO jobs (id, partner_id, title, description, city, employment_type, created_at, updated_at)
      VALUES (${jobId}, ${owner!.partner_id}, 'Nurse', 'x', 'Riyadh', 'full_time', now(), now())`;
    // The owner's job, under the other partner's name; then the other partner's own event
    // (a job no longer stored: nothing contradicts it) on the same partition.
    const forged = deletedEvent(other!.partner_id, jobId);
    const own = deletedEvent(other!.partner_id);
    await publish([forged, own]);
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
  });
});

Deno.test("events worker: a batch fanning out to more attempts than one statement can bind is queued whole", async () => {
  await withEventsWorker(1, async ({ sql, publish, wakes }) => {
    const { partner_id } = await createPartner(sql, {
      name: "Many webhooks",
      plan: "scale",
      adminEmails: [],
    });
    // A partner's most webhooks (20) × 400 events: 8,000 attempts of 9 columns each, more
    // than the 65,533 parameters one INSERT may bind.
    for (let i = 0; i < 20; i++) await webhook(sql, partner_id, ["job.deleted"]);
    await publish(Array.from({ length: 400 }, () => deletedEvent(partner_id)));
    const [row] = await sql<{ n: number; events: number }[]>`
      SELECT count(*)::int AS n, count(DISTINCT event_id)::int AS events
      FROM webhook_deliveries WHERE partner_id = ${partner_id}`;
    assert.deepEqual({ ...row }, { n: 8000, events: 400 });
    assert.ok(wakes() >= 1);
  });
});

Deno.test("events worker: while the database is unreachable the events wait; once it is back each is queued once", async () => {
  const dbPort = freePort();
  await withEventsWorker(2, async ({ sql, send, handled, wakes, log }) => {
    const { partner_id } = await createPartner(sql, {
      name: "Outage",
      plan: "growth",
      adminEmails: [],
    });
    const hook = await webhook(sql, partner_id, ["job.deleted"]);
    const events = [deletedEvent(partner_id), deletedEvent(partner_id), deletedEvent(partner_id)];
    await send(events);
    // The reads before the fan-out are refused: the batch is retried in place, not dropped.
    await waitUntil("a refused read to be retried", () =>
      Promise.resolve(
        log.some((l) => l.level === "warn" && l.msg === "work failed; retrying") || undefined,
      ));
    const queued = () =>
      sql<{ event_id: string; webhook_id: string }[]>`
        SELECT event_id, webhook_id FROM webhook_deliveries WHERE event_id = ANY(${
        events.map((e) => e.id)
      })`;
    assert.equal((await queued()).length, 0);
    assert.equal(wakes(), 0);

    const { hostname, port } = new URL(TEST_DATABASE_URL);
    const proxy = startTcpProxy({ hostname, port: Number(port || 5432) }, { port: dbPort });
    try {
      await handled();
      const rows = await queued();
      assert.deepEqual(
        rows.map((r) => r.event_id).sort(),
        events.map((e) => e.id).sort(),
      );
      assert.ok(rows.every((r) => r.webhook_id === hook));
      assert.ok(wakes() >= 1);
    } finally {
      proxy.cut();
    }
  }, { dbPort });
});
