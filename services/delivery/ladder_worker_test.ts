import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { newId } from "@hire/ids";
import { silentLogger } from "@hire/log";
import { createPartner } from "@hire/tables";
import { InProcessQueue, startWorker } from "@hire/queue";
import { ownDatabase } from "@hire/testing/own_database.ts";
import { waitUntil } from "@hire/testing/wait.ts";
import { encodeRetry, type RetryMessage, retryTopic } from "@hire/webhooks";
import { loadDeliveryConfig } from "./config.ts";
import { ladderWorker, splitDue } from "./ladder_worker.ts";

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

Deno.test("ladder worker: a retry not due waits on its rung, with what is behind it, and is queued when due", async () => {
  const db = await ownDatabase(
    Deno.env.get("DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/hire_test",
  );
  const sql = connect(db.url, { max: 3, name: "ladder-worker-test" });
  const queue = new InProcessQueue();
  const cfg = loadDeliveryConfig({ DATABASE_URL: db.url, WEBHOOK_RETRY_SCHEDULE: "1s,2s" });
  const rungs = cfg.WEBHOOK_RETRY_SCHEDULE;
  const [first, second] = rungs.map((r) => retryTopic(r, cfg.TOPIC_WEBHOOKS_RETRY_PREFIX));
  await queue.ensureTopics([first!, second!].map((topic) => ({ topic, numPartitions: 1 })));
  let wakes = 0;
  const worker = await startWorker(
    ladderWorker(cfg, { sql, rungs, queued: () => wakes++ }),
    { queue, log: silentLogger },
  );
  try {
    const { partner_id } = await createPartner(sql, {
      name: "Ladder worker",
      plan: "growth",
      adminEmails: ["admin@example.sa"],
    });
    const webhookId = newId("wh");
    await sql`INSERT INTO webhooks (id, partner_id, url, events, is_active, secret, created_at, updated_at)
      VALUES (${webhookId}, ${partner_id}, 'https://example.sa/hook', ${["job.deleted"]}, true,
              'whsec_test', now(), now())`;
    const events = [newId("evt"), newId("evt")];
    for (const id of events) {
      await sql`INSERT INTO webhook_events (id, partner_id, job_id, type, envelope)
        VALUES (${id}, ${partner_id}, ${newId("job")}, 'job.deleted', '{}')`;
    }
    const retry = (eventId: string, dueAt: number): RetryMessage => ({
      webhook_id: webhookId,
      event_id: eventId,
      attempt: 2,
      due_at: new Date(dueAt).toISOString(),
      previous_delivery_id: newId("dlv"),
    });
    const due = Date.now() + 700;
    await queue.publisher().send({
      topic: first!,
      messages: [
        // A malformed message is skipped; it does not hold the rung up.
        { key: webhookId, value: "{not json" },
        encodeRetry(retry(events[0]!, due)),
        encodeRetry(retry(events[1]!, due + 100)),
      ],
    });
    const queued = () =>
      sql<{ event_id: string; created_at: Date }[]>`
        SELECT event_id, created_at FROM webhook_deliveries WHERE trigger = 'retry' ORDER BY seq`;
    await queue.whenIdle();
    assert.equal((await queued()).length, 0, "nothing queued before it is due");
    assert.equal(wakes, 0);
    const rows = await waitUntil("both retries queued", async () => {
      const rows = await queued();
      return rows.length === 2 ? rows : undefined;
    }, { intervalMs: 20 });
    assert.deepEqual(rows.map((r) => r.event_id), events);
    assert.ok(rows[0]!.created_at.getTime() >= due, "the first at its due time, not before");
    assert.ok(rows[1]!.created_at.getTime() >= due + 100, "the second at its own");
    assert.equal(wakes, 2);
  } finally {
    await worker.stop();
    await sql.end();
    await db.drop();
  }
});
