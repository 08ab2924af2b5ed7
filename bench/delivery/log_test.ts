/** The delivery log's reads, on a database of its own. */
import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { newId } from "@hire/ids";
import { createPartner } from "@hire/tables";
import { ownDatabase } from "@hire/testing/own_database.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";
import { deletedEvent } from "@hire/testing/webhooks.ts";
import { insertWebhookRow } from "@hire/testing/webhook_rows.ts";
import { planFanOut, queuePlanned, subscriptionsOf } from "../../services/delivery/fan_out.ts";
import { loggedFirstAttempts } from "./log.ts";

Deno.test("loggedFirstAttempts: each made first attempt by label, queued and made to the millisecond", async () => {
  const db = await ownDatabase(TEST_DATABASE_URL);
  const sql = connect(db.url, { max: 2, name: "bench-delivery-log-test" });
  try {
    const { partner_id } = await createPartner(sql, {
      name: "Log",
      plan: "growth",
      adminEmails: [],
    });
    const ids = new Map<string, string>();
    for (const label of ["4001/fast-1", "4001/fast-2"]) {
      const url = `https://localhost:4001/${label}`;
      ids.set(label, await insertWebhookRow(sql, { partnerId: partner_id, url }));
    }
    const [made, unmade] = [deletedEvent(partner_id), deletedEvent(partner_id)];
    const subscriptions = await subscriptionsOf(sql, [partner_id]);
    const planned = planFanOut([made, unmade], subscriptions, () => newId("dlv"));
    assert.equal(await queuePlanned(sql, planned), 4);
    const attemptedAt = new Date("2030-01-02T03:04:05.678Z");
    await sql`UPDATE webhook_deliveries SET status = 'succeeded', attempted_at = ${attemptedAt}
              WHERE event_id = ${made.id}`;
    // A retry of the made one: not a first attempt.
    const [first] = await sql`SELECT * FROM webhook_deliveries
                              WHERE event_id = ${made.id} AND webhook_id = ${ids.get(
      "4001/fast-1",
    )!}`;
    await sql`INSERT INTO webhook_deliveries
        (id, webhook_id, partner_id, event_id, event_type, job_id, attempt, trigger, status, attempted_at)
      VALUES (${newId("dlv")}, ${first!.webhook_id}, ${partner_id}, ${made.id}, 'job.deleted',
              ${first!.job_id}, 2, 'retry', 'succeeded', now())`;
    const [row] = await sql<{ queued: Date }[]>`
      SELECT min(created_at) AS queued FROM webhook_deliveries WHERE event_id = ${made.id}`;

    const logged = await loggedFirstAttempts(sql, { ids }, [...ids.keys()]);
    assert.deepEqual(
      logged.sort((a, b) => a.webhook.localeCompare(b.webhook)),
      ["4001/fast-1", "4001/fast-2"].map((webhook) => ({
        webhook,
        eventId: made.id,
        queuedAt: row!.queued.getTime(),
        attemptedAt: attemptedAt.getTime(),
      })),
    );
    assert.deepEqual(
      await loggedFirstAttempts(sql, { ids }, ["4001/fast-2"]).then((l) => l.length),
      1,
    );
  } finally {
    await sql.end();
    await db.drop();
  }
});
