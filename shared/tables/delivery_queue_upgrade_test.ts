/** The upgrade to the delivery queue (migration 0018) on a database a release ago. */
import assert from "node:assert/strict";
import { migrate } from "@hire/db";
import { newId } from "@hire/ids";
import { withOwnDatabase } from "@hire/testing/own_database.ts";
import { insertWebhookRow } from "@hire/testing/webhook_rows.ts";
import { claimDueAttempts } from "./deliveries.ts";
import { createPartner } from "./partners.ts";
import { storeWebhookEvents } from "./webhook_events.ts";

Deno.test("migration 0018 queues the pending attempts with their leases, and no other", async () => {
  await withOwnDatabase({ name: "delivery-queue-upgrade-test", upTo: 17 }, async (sql) => {
    const { partner_id } = await createPartner(sql, {
      name: "Upgrade",
      plan: "growth",
      adminEmails: [],
    });
    const webhookId = await insertWebhookRow(sql, { partnerId: partner_id });
    // The log as the release before left it: an attempt due, one in flight under a lease, one
    // made; each of a job of its own.
    const attempts = {
      due: { status: "pending", lease: null },
      inFlight: { status: "pending", lease: new Date(Date.now() + 60_000) },
      made: { status: "succeeded", lease: null },
    } as const;
    const ids: Record<string, string> = {};
    for (const [name, { status, lease }] of Object.entries(attempts)) {
      const [eventId, jobId, id] = [newId("evt"), newId("job"), newId("dlv")];
      ids[name] = id;
      await sql.begin((tx) =>
        storeWebhookEvents(tx, [{
          id: eventId,
          partner_id,
          job_id: jobId,
          type: "job.deleted",
          envelope: "{}",
        }])
      );
      await sql`INSERT INTO webhook_deliveries (id, webhook_id, partner_id, event_id, event_type,
                                                job_id, attempt, trigger, status, locked_until)
        VALUES (${id}, ${webhookId}, ${partner_id}, ${eventId}, 'job.deleted', ${jobId}, 1,
                'event', ${status}, ${lease})`;
    }
    // The later migrations apply too, as they do on an upgrade from this release.
    assert.deepEqual((await migrate(sql)).slice(0, 2), [
      "0018_delivery_queue.sql",
      "0019_outbox_pending.sql",
    ]);
    const queued = await sql<{ delivery_id: string; leased: boolean; matches_log: boolean }[]>`
      SELECT q.delivery_id, q.locked_until IS NOT NULL AS leased,
             (q.seq, q.webhook_id, q.partner_id, q.job_id, q.trigger)
               = (d.seq, d.webhook_id, d.partner_id, d.job_id, d.trigger) AS matches_log
      FROM delivery_queue q JOIN webhook_deliveries d ON d.id = q.delivery_id
      ORDER BY q.seq`;
    assert.deepEqual([...queued], [
      { delivery_id: ids.due, leased: false, matches_log: true },
      { delivery_id: ids.inFlight, leased: true, matches_log: true },
    ]);
    // The lease holds across the upgrade: only the due attempt is claimed.
    const claimed = await claimDueAttempts(sql, {
      limit: 10,
      perWebhook: 16,
      perPartner: 16,
      leaseMs: 60_000,
    });
    assert.deepEqual(claimed.map((a) => a.id), [ids.due]);
  });
});
