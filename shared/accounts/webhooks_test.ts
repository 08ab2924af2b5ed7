/**
 * The webhook domain on Postgres: every change audited in its transaction with who made it
 * (never a secret), what a change that changes nothing does, and what a recovery picks.
 */
import assert from "node:assert/strict";
import { connect, type Sql } from "@hire/db";
import { newId } from "@hire/ids";
import { publicEnvelope } from "@hire/jobs";
import {
  type Actor,
  type AuditRow,
  cancelDisabledAttempts,
  createPartner,
  disableWebhook,
  firstAttemptOf,
  listAudit,
  queueFirstAttempts,
  queueRedelivery,
  recordAttempts,
} from "@hire/tables";
import { exampleJobEvent } from "@hire/topology";
import { createSecretBox, generateSecretKey, type WebhookRow } from "@hire/webhooks";
import {
  deleteWebhook,
  findDelivery,
  pauseWebhook,
  recoverDeliveries,
  redeliver,
  registerWebhook,
  resumeWebhook,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
  type WebhookAction,
} from "./webhooks.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

const secrets = createSecretBox([generateSecretKey("test")]);
const KEY: Actor = { kind: "api_key", id: "key_01JD6Z1V7Y3K0M9Q2R4T6W8XAB", label: "hk_live_ab12" };
const USER: Actor = { kind: "user", id: "usr_01JD6Z1V7Y3K0M9Q2R4T6W8XAB", label: "ops@example.sa" };
const FIELDS = { url: "https://hooks.example.sa/hire", events: ["job.created" as const] };

async function withSql(fn: (sql: Sql) => Promise<void>) {
  const sql = connect(TEST_DATABASE_URL, { max: 4, name: "accounts-webhooks-test" });
  try {
    await fn(sql);
  } finally {
    await sql.end();
  }
}

async function partner(sql: Sql): Promise<string> {
  const email = `admin-${crypto.randomUUID()}@example.sa`;
  return (await createPartner(sql, { name: "Audit", plan: "growth", adminEmails: [email] }))
    .partner_id;
}

async function registered(sql: Sql, partnerId: string, actor = KEY): Promise<WebhookAction> {
  const row = await registerWebhook(sql, {
    partnerId,
    actor,
    fields: { ...FIELDS, is_active: true },
    secrets,
  });
  assert.ok(typeof row !== "string");
  return { partnerId, id: row.id, actor };
}

/** The partner's audit log of webhooks, oldest first. */
async function auditOf(sql: Sql, partnerId: string): Promise<AuditRow[]> {
  const { rows } = await listAudit(sql, partnerId, { limit: 100 });
  return rows.filter((r) => r.action.startsWith("webhook.")).reverse();
}

const summary = (rows: AuditRow[]) =>
  rows.map((r) => [r.action, r.actor_kind, r.actor_label, r.target_id]);

Deno.test("every change of a webhook is audited with its actor, and no secret", async () => {
  await withSql(async (sql) => {
    const p = await partner(sql);
    const wh = await registered(sql, p);
    const byUser = { ...wh, actor: USER };
    const updated = await updateWebhook(sql, {
      ...byUser,
      changes: { url: "https://hooks.example.sa/v2", events: ["job.created", "job.deleted"] },
    });
    assert.ok(typeof updated !== "string");
    assert.ok(typeof await pauseWebhook(sql, wh) !== "string");
    assert.ok(typeof await resumeWebhook(sql, byUser) !== "string");
    const rotated = await rotateWebhookSecret(sql, { ...wh, secrets });
    assert.ok(typeof rotated !== "string");
    assert.ok(typeof await deleteWebhook(sql, byUser) !== "string");

    const log = await auditOf(sql, p);
    assert.deepEqual(summary(log), [
      ["webhook.created", "api_key", KEY.label, wh.id],
      ["webhook.updated", "user", USER.label, wh.id],
      ["webhook.paused", "api_key", KEY.label, wh.id],
      ["webhook.resumed", "user", USER.label, wh.id],
      ["webhook.secret_rotated", "api_key", KEY.label, wh.id],
      ["webhook.deleted", "user", USER.label, wh.id],
    ]);
    assert.equal(log[0]!.actor_id, KEY.id);
    assert.deepEqual(log[0]!.detail, { url: FIELDS.url, events: FIELDS.events, is_active: true });
    assert.deepEqual(log[1]!.detail, {
      fields: ["url", "events"],
      url: { from: FIELDS.url, to: "https://hooks.example.sa/v2" },
      events: { from: ["job.created"], to: ["job.created", "job.deleted"] },
    });
    assert.deepEqual(log[4]!.detail, {
      previous_secret_until: rotated.previous_secret_until!.toISOString(),
    });
    const text = JSON.stringify(log);
    assert.ok(!text.includes("whsec_") && !text.includes(rotated.secret), text);
  });
});

Deno.test("a change that changes nothing is neither written nor audited", async () => {
  await withSql(async (sql) => {
    const p = await partner(sql);
    const wh = await registered(sql, p);
    const before = await updateWebhook(sql, { ...wh, changes: {} }) as WebhookRow;
    const same = await updateWebhook(sql, {
      ...wh,
      changes: { url: FIELDS.url, events: ["job.created"], is_active: true },
    }) as WebhookRow;
    assert.equal(same.updated_at.getTime(), before.updated_at.getTime());
    // Only the URL differs: only it is recorded.
    await updateWebhook(sql, {
      ...wh,
      changes: { url: "https://hooks.example.sa/x", is_active: true },
    });
    const log = await auditOf(sql, p);
    assert.deepEqual(log.map((r) => r.action), ["webhook.created", "webhook.updated"]);
    assert.deepEqual(log[1]!.detail.fields, ["url"]);
    assert.equal(
      await updateWebhook(sql, {
        ...wh,
        partnerId: await partner(sql),
        changes: { is_active: false },
      }),
      "not_found",
    );
  });
});

Deno.test("turning on a webhook the service disabled is audited as webhook.re_enabled", async () => {
  await withSql(async (sql) => {
    const p = await partner(sql);
    const wh = await registered(sql, p);
    await sql.begin((tx) =>
      disableWebhook(tx, { id: wh.id, reason: "5 consecutive failed deliveries" })
    );
    const row = await resumeWebhook(sql, { ...wh, actor: USER }) as WebhookRow;
    assert.equal(row.is_active, true);
    assert.equal(row.disabled_at, null);
    const [entry] = (await auditOf(sql, p)).slice(-1);
    assert.equal(entry!.action, "webhook.re_enabled");
    assert.equal(entry!.detail.disabled_reason, "5 consecutive failed deliveries");
  });
});

/** How an event's attempts to a webhook ended, latest last. */
type Ending = "succeeded" | "dead" | "retry" | "none" | "cancelled" | "pending";

/** An event fanned out to `wh` `agoMs` ago whose first attempt ended so; its delivery id. */
async function delivered(sql: Sql, wh: WebhookAction, ending: Ending, agoMs = 0) {
  const eventId = newId("evt");
  const jobId = newId("job");
  const id = newId("dlv");
  const event = {
    id: eventId,
    partner_id: wh.partnerId,
    job_id: jobId,
    type: "job.deleted",
    envelope: "{}",
  };
  await queueFirstAttempts(sql, [firstAttemptOf(event, wh.id, id)], [event]);
  await settle(sql, wh, id, ending);
  if (agoMs > 0) {
    const at = new Date(Date.now() - agoMs);
    await sql`UPDATE webhook_events SET created_at = ${at} WHERE id = ${eventId}`;
    await sql`UPDATE webhook_deliveries SET created_at = ${at} WHERE id = ${id}`;
  }
  return id;
}

/** Records the pending attempt `id` as ended by `ending`. */
async function settle(sql: Sql, wh: WebhookAction, id: string, ending: Ending) {
  if (ending === "pending") return;
  await sql.begin(async (tx) => {
    if (ending === "cancelled") return await cancelDisabledAttempts(tx, wh.id);
    const ok = ending === "succeeded";
    await recordAttempts(tx, [{
      id,
      ok,
      statusCode: ok ? 200 : 500,
      durationMs: 5,
      error: ok ? null : "HTTP 500",
      attemptedAt: new Date(),
      nextStep: ok ? null : ending as "dead" | "retry" | "none",
      nextAttemptAt: ending === "retry" ? new Date(Date.now() + 60_000) : null,
      requestHeaders: { "Content-Length": "2" },
      responseExcerpt: ok ? "ok" : "boom",
    }]);
  });
}

Deno.test("recover resends, oldest first, what failed for good or was never made; dry run and cap", async () => {
  await withSql(async (sql) => {
    const p = await partner(sql);
    const wh = await registered(sql, p);
    const day = 86_400_000;
    await delivered(sql, wh, "dead", 3 * day); // before `since`
    const dead = await delivered(sql, wh, "dead", 2 * 3600_000);
    const redeliveryFailed = await delivered(sql, wh, "none", 3600_000);
    const cancelled = await delivered(sql, wh, "cancelled", 1800_000);
    await delivered(sql, wh, "retry"); // a retry is still to come
    await delivered(sql, wh, "succeeded");
    await delivered(sql, wh, "pending");
    // Failed, then redelivered with success: its latest attempt succeeded.
    const recovered = await delivered(sql, wh, "dead");
    const again = await sql.begin((tx) =>
      queueRedelivery(tx, { webhookId: wh.id, deliveryId: recovered })
    );
    await settle(sql, wh, again!.id, "succeeded");
    // A test event that failed is never resent.
    const test = await sendTestEvent(sql, { ...wh, eventType: "job.created" });
    assert.ok(typeof test !== "string");
    await settle(sql, wh, test.id, "none");

    const since = new Date(Date.now() - day);
    const dry = await recoverDeliveries(sql, { ...wh, since, dryRun: true, limit: 2 });
    assert.deepEqual(dry, { count: 2, capped: true, since });
    const counted = await recoverDeliveries(sql, { ...wh, since, dryRun: true });
    assert.deepEqual(counted, { count: 3, capped: false, since });
    assert.equal((await auditOf(sql, p)).some((r) => r.action === "webhook.recovered"), false);

    const eventOf = async (id: string) =>
      (await findDelivery(sql, { partnerId: p, webhookId: wh.id, deliveryId: id }))!.event_id;
    const queuedEvents = async () =>
      (await sql<{ event_id: string }[]>`
        SELECT event_id FROM webhook_deliveries
        WHERE webhook_id = ${wh.id} AND trigger = 'redeliver' AND status = 'pending'
        ORDER BY seq`).map((r) => r.event_id);
    const first = await recoverDeliveries(sql, { ...wh, since, dryRun: false, limit: 2 });
    assert.deepEqual(first, { count: 2, capped: true, since });
    assert.deepEqual(await queuedEvents(), [await eventOf(dead), await eventOf(redeliveryFailed)]);
    // The next call takes the rest: those queued now have an attempt pending.
    const rest = await recoverDeliveries(sql, { ...wh, since, dryRun: false, limit: 2 });
    assert.deepEqual(rest, { count: 1, capped: false, since });
    assert.deepEqual((await queuedEvents()).slice(2), [await eventOf(cancelled)]);

    const entries = (await auditOf(sql, p)).filter((r) => r.action === "webhook.recovered");
    assert.deepEqual(entries.map((r) => r.detail), [
      { since: since.toISOString(), count: 2, capped: true },
      { since: since.toISOString(), count: 1, capped: false },
    ]);
  });
});

Deno.test("a paused webhook is sent test events, but refuses redeliveries and recoveries", async () => {
  await withSql(async (sql) => {
    const p = await partner(sql);
    const wh = await registered(sql, p);
    const failed = await delivered(sql, wh, "dead");
    await pauseWebhook(sql, wh);
    const since = new Date(Date.now() - 3600_000);
    assert.equal(await redeliver(sql, { ...wh, deliveryId: failed }), "webhook_inactive");
    assert.equal(await recoverDeliveries(sql, { ...wh, since, dryRun: true }), "webhook_inactive");

    const test = await sendTestEvent(sql, { ...wh, actor: USER, eventType: "job.matched" });
    assert.ok(typeof test !== "string");
    assert.equal(test.trigger, "test");
    assert.equal(test.event_type, "job.matched");
    const [entry] = (await auditOf(sql, p)).slice(-1);
    assert.equal(entry!.action, "webhook.test_sent");
    assert.equal(entry!.actor_label, USER.label);
    assert.deepEqual(entry!.detail, {
      event_type: "job.matched",
      event_id: test.event_id,
      delivery_id: test.id,
    });

    // Another partner's webhook is not found, whatever is asked of it.
    const stranger = { ...wh, partnerId: await partner(sql) };
    assert.equal(await sendTestEvent(sql, { ...stranger, eventType: "job.created" }), "not_found");
    assert.equal(await redeliver(sql, { ...stranger, deliveryId: failed }), "not_found");
    assert.equal(await recoverDeliveries(sql, { ...stranger, since, dryRun: true }), "not_found");
    assert.equal(
      await findDelivery(sql, {
        partnerId: stranger.partnerId,
        webhookId: wh.id,
        deliveryId: failed,
      }),
      undefined,
    );
  });
});

Deno.test("a test event sends the documented example with a new id, the time, and the test mark", async () => {
  await withSql(async (sql) => {
    const p = await partner(sql);
    const wh = await registered(sql, p);
    const before = Date.now();
    const test = await sendTestEvent(sql, { ...wh, eventType: "job.updated" });
    assert.ok(typeof test !== "string");
    const detail = await findDelivery(sql, { partnerId: p, webhookId: wh.id, deliveryId: test.id });
    const example = publicEnvelope(exampleJobEvent("job.updated"));
    const sent = JSON.parse(detail!.envelope);
    assert.deepEqual(Object.keys(sent), ["id", "type", "created_at", "data", "test"]);
    assert.equal(sent.test, true);
    assert.deepEqual(sent.data, example.data);
    assert.equal(sent.type, "job.updated");
    assert.notEqual(sent.id, example.id);
    assert.equal(sent.id, test.event_id);
    assert.ok(Date.parse(sent.created_at) >= before - 1000);
    assert.equal(detail!.request_headers, null, "not made yet");
  });
});
