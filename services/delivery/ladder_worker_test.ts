import assert from "node:assert/strict";
import { connect, type Sql } from "@hire/db";
import { newId } from "@hire/ids";
import { silentLogger } from "@hire/log";
import { createRegistry } from "@hire/metrics";
import { createPartner } from "@hire/tables";
import { InProcessQueue, SET_ASIDE_COUNTER, startWorker } from "@hire/queue";
import { ownDatabase } from "@hire/testing/own_database.ts";
import { waitUntil } from "@hire/testing/wait.ts";
import { insertWebhookRow } from "@hire/testing/webhook_rows.ts";
import { encodeRetry, type RetryMessage, retryTopic } from "@hire/webhooks";
import { loadDeliveryConfig } from "./config.ts";
import { ladderWorker, splitDue } from "./ladder_worker.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

const at = (offset: string, ms: number) => ({
  offset,
  value: { due_at: new Date(ms).toISOString() },
});

Deno.test("splitDue: the due prefix, and the wait for the first message not due", () => {
  const { due, waitMs } = splitDue(
    [at("1", 900), at("2", 1000), at("3", 1500), at("4", 1000)],
    1000,
  );
  assert.deepEqual(due.map((d) => d.offset), ["1", "2"]);
  assert.equal(waitMs, 500);
});

Deno.test("splitDue: everything due, no wait", () => {
  // Malformed messages never get here: the worker runtime logs and skips them (and the
  // ladder worker's test shows one does not hold the rung up).
  const { due, waitMs } = splitDue([at("1", 0), at("2", 5)], 5);
  assert.deepEqual(due.map((d) => d.offset), ["1", "2"]);
  assert.equal(waitMs, 0);
});

/** A partner with a webhook. */
async function partnerWithWebhook(sql: Sql, name: string) {
  const { partner_id } = await createPartner(sql, {
    name,
    plan: "growth",
    adminEmails: [],
  });
  const url = `https://${name}.example.sa/hook`;
  return {
    partnerId: partner_id,
    webhookId: await insertWebhookRow(sql, { partnerId: partner_id, url }),
  };
}

/** An event of the webhook's partner, its first attempt failed: the retry it scheduled. */
async function failedFirstAttempt(
  sql: Sql,
  to: { partnerId: string; webhookId: string },
  dueAt: number,
): Promise<RetryMessage> {
  const eventId = newId("evt");
  const deliveryId = newId("dlv");
  const jobId = newId("job");
  await sql`INSERT INTO webhook_events (id, partner_id, job_id, type, envelope)
    VALUES (${eventId}, ${to.partnerId}, ${jobId}, 'job.deleted', '{}')`;
  await sql`INSERT INTO webhook_deliveries
      (id, webhook_id, partner_id, event_id, event_type, job_id, attempt, trigger, status)
    VALUES (${deliveryId}, ${to.webhookId}, ${to.partnerId}, ${eventId}, 'job.deleted', ${jobId},
            1, 'event', 'failed')`;
  return {
    webhook_id: to.webhookId,
    event_id: eventId,
    attempt: 2,
    due_at: new Date(dueAt).toISOString(),
    previous_delivery_id: deliveryId,
  };
}

/** The ladder worker on its own database and an in-process queue, on one rung. */
async function startLadder() {
  const db = await ownDatabase(
    TEST_DATABASE_URL,
  );
  const sql = connect(db.url, { max: 3, name: "ladder-worker-test" });
  const queue = new InProcessQueue();
  const cfg = loadDeliveryConfig({ DATABASE_URL: db.url, WEBHOOK_RETRY_SCHEDULE: "1s,2s" });
  const rungs = cfg.WEBHOOK_RETRY_SCHEDULE;
  const topics = rungs.map((r) => retryTopic(r, cfg.TOPIC_WEBHOOKS_RETRY_PREFIX));
  await queue.ensureTopics(topics.map((topic) => ({ topic, numPartitions: 1 })));
  const metrics = createRegistry();
  const wakes = { n: 0 };
  const worker = await startWorker(
    ladderWorker(cfg, { sql, rungs, queued: () => wakes.n++ }),
    { queue, log: silentLogger, metrics },
  );
  return {
    sql,
    queue,
    rung: topics[0]!,
    wakes,
    setAside: (reason: string) =>
      metrics.counter(SET_ASIDE_COUNTER).value({ topic: topics[0]!, reason }),
    async stop() {
      await worker.stop();
      await sql.end();
      await db.drop();
    },
  };
}

Deno.test("ladder worker: a retry not due waits on its rung, with what is behind it, and is queued when due", async () => {
  const l = await startLadder();
  try {
    const hook = await partnerWithWebhook(l.sql, "ladder");
    const due = Date.now() + 700;
    const retries = [
      await failedFirstAttempt(l.sql, hook, due),
      await failedFirstAttempt(l.sql, hook, due + 100),
    ];
    await l.queue.publisher().send({
      topic: l.rung,
      messages: [
        // A malformed message is skipped; it does not hold the rung up.
        { key: hook.webhookId, value: "{not json" },
        ...retries.map(encodeRetry),
      ],
    });
    const queued = () =>
      l.sql<{ event_id: string; created_at: Date }[]>`
        SELECT event_id, created_at FROM webhook_deliveries WHERE trigger = 'retry' ORDER BY seq`;
    await l.queue.whenIdle();
    assert.equal((await queued()).length, 0, "nothing queued before it is due");
    assert.equal(l.wakes.n, 0);
    const rows = await waitUntil("both retries queued", async () => {
      const rows = await queued();
      return rows.length === 2 ? rows : undefined;
    }, { intervalMs: 20 });
    assert.deepEqual(rows.map((r) => r.event_id), retries.map((r) => r.event_id));
    assert.ok(rows[0]!.created_at.getTime() >= due, "the first at its due time, not before");
    assert.ok(rows[1]!.created_at.getTime() >= due + 100, "the second at its own");
    // One wake per hand-over: two when the first was handed over before the second fell due,
    // one when a busy machine made it late enough that both went in one transaction.
    // A wake follows its transaction's commit, so the rows can be seen a moment before it.
    const handOvers = new Set(rows.map((r) => r.created_at.getTime())).size;
    await waitUntil(
      "a wake per hand-over",
      () => Promise.resolve(l.wakes.n >= handOvers || undefined),
      {
        intervalMs: 5,
        timeoutMs: 2_000,
      },
    ).catch(() => {});
    assert.equal(l.wakes.n, handOvers);
  } finally {
    await l.stop();
  }
});

Deno.test("ladder worker: a retry naming another partner's webhook, or not following its previous delivery, is set aside; the one beside it is queued", async () => {
  const l = await startLadder();
  try {
    const a = await partnerWithWebhook(l.sql, "partner-a");
    const b = await partnerWithWebhook(l.sql, "partner-b");
    const now = Date.now();
    const retry = await failedFirstAttempt(l.sql, a, now);
    const forged: RetryMessage[] = [
      // A's event, to B's URL.
      { ...retry, webhook_id: b.webhookId },
      { ...retry, previous_delivery_id: newId("dlv") },
      { ...retry, attempt: 3 },
      { ...retry, event_id: newId("evt") },
    ];
    await l.queue.publisher().send({
      topic: l.rung,
      // One key: one partition, one batch, the healthy retry last.
      messages: [...forged, retry].map((r) => ({ ...encodeRetry(r), key: "one-partition" })),
    });
    await l.queue.whenIdle();
    const attempts = await l.sql`
      SELECT webhook_id, event_id, attempt, status FROM webhook_deliveries
      WHERE trigger = 'retry' ORDER BY seq`;
    assert.deepEqual(attempts.map((r) => ({ ...r })), [
      { webhook_id: a.webhookId, event_id: retry.event_id, attempt: 2, status: "pending" },
    ]);
    const [toB] = await l.sql`
      SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = ${b.webhookId}`;
    assert.equal(toB!.n, 0, "nothing queued to the other partner's URL");
    assert.equal(l.setAside("webhook_of_other_partner"), 1);
    assert.equal(l.setAside("not_previous_delivery"), 2);
    assert.equal(l.setAside("unknown_event"), 1);
    assert.equal(l.wakes.n, 1);
  } finally {
    await l.stop();
  }
});
