/** Queueing first attempts with their events in one statement, outside any transaction. */
import assert from "node:assert/strict";
import type { Sql } from "@hire/db";
import { newId } from "@hire/ids";
import { withOwnDatabase } from "@hire/testing/own_database.ts";
import { insertWebhookRow } from "@hire/testing/webhook_rows.ts";
import { firstAttemptOf, queueFirstAttempts } from "./deliveries.ts";
import { createPartner } from "./partners.ts";
import type { WebhookEventRow } from "./webhook_events.ts";

async function webhookOfNewPartner(sql: Sql) {
  const { partner_id } = await createPartner(sql, {
    name: "Fan-out",
    plan: "growth",
    adminEmails: [],
  });
  return {
    partnerId: partner_id,
    webhookId: await insertWebhookRow(sql, { partnerId: partner_id }),
  };
}

function batch(partnerId: string, webhookId: string, n: number) {
  const events: WebhookEventRow[] = Array.from({ length: n }, (_, i) => ({
    id: newId("evt"),
    partner_id: partnerId,
    job_id: newId("job"),
    type: "job.deleted",
    envelope: JSON.stringify({ n: i }),
  }));
  const attempts = events.map((e) => firstAttemptOf(e, webhookId));
  return { events, attempts };
}

const counts = async (sql: Sql, eventIds: string[]) => {
  const [row] = await sql<{ events: number; log: number; queue: number }[]>`
    SELECT (SELECT count(*) FROM webhook_events WHERE id = ANY(${eventIds}))::int AS events,
           (SELECT count(*) FROM webhook_deliveries WHERE event_id = ANY(${eventIds}))::int AS log,
           (SELECT count(*) FROM delivery_queue q JOIN webhook_deliveries d ON d.id = q.delivery_id
            WHERE d.event_id = ANY(${eventIds}))::int AS queue`;
  return { ...row! };
};

Deno.test("queueFirstAttempts stores the events and queues their attempts in one statement, once", async () => {
  await withOwnDatabase({ name: "first-attempts-test" }, async (sql) => {
    const { partnerId, webhookId } = await webhookOfNewPartner(sql);
    const { events, attempts } = batch(partnerId, webhookId, 3);
    const ids = events.map((e) => e.id);
    assert.equal(await queueFirstAttempts(sql, attempts, events), 3);
    assert.deepEqual(await counts(sql, ids), { events: 3, log: 3, queue: 3 });
    const [stored] = await sql`SELECT envelope FROM webhook_events WHERE id = ${ids[1]!}`;
    assert.equal(stored!.envelope, '{"n":1}');
    // The batch again (a redelivery after a crash before the offsets' commit): nothing new.
    assert.equal(await queueFirstAttempts(sql, attempts, events), 0);
    assert.deepEqual(await counts(sql, ids), { events: 3, log: 3, queue: 3 });
  });
});

Deno.test("queueFirstAttempts of an event neither given nor stored fails whole: nothing is kept", async () => {
  await withOwnDatabase({ name: "first-attempts-test" }, async (sql) => {
    const { partnerId, webhookId } = await webhookOfNewPartner(sql);
    const { events, attempts } = batch(partnerId, webhookId, 2);
    await assert.rejects(
      queueFirstAttempts(sql, attempts, events.slice(0, 1)),
      (err: { code?: string }) => err.code === "23503",
    );
    assert.deepEqual(await counts(sql, events.map((e) => e.id)), { events: 0, log: 0, queue: 0 });
  });
});
