/**
 * A partner's webhooks as partners change them, by API key at the edge or in the console:
 * registration, changes, pausing and re-enabling, deletion, secret rotation, the delivery
 * log, and what is sent from it (redeliveries, recoveries, test events). One code path for
 * both callers: each change is written through the tables' owners (`@hire/tables`) and
 * audited, with who made it, in its transaction (never a secret); the delivery service is
 * woken through NOTIFY to make what is queued here. Refusals are values (`WebhookRefusal`);
 * each caller answers them its own way.
 * @module
 */
import type { Sql, Tx } from "@hire/db";
import { newId } from "@hire/ids";
import { encodeJobEvent, type EventType, publicEnvelope } from "@hire/jobs";
import * as tables from "@hire/tables";
import { type Actor, recordAudit } from "@hire/tables";
import { exampleJobEvent } from "@hire/topology";
import type {
  DeliveryDetailRow,
  DeliveryOutcome,
  DeliveryRow,
  SecretBox,
  WebhookCreate,
  WebhookRow,
  WebhookUpdate,
} from "@hire/webhooks";

/** A webhook with the plaintext of the secret just issued (answered once). */
export type WebhookWithSecret = tables.WebhookWithSecret;

/** Most webhooks one partner may register (Stripe allows 16): each is fanned out to. */
export const MAX_WEBHOOKS_PER_PARTNER = 20;

/** Most events one recovery resends; a recovery that finds more says so (`capped`). */
export const RECOVER_LIMIT = 1_000;

/** Why a request about a webhook was refused. */
export type WebhookRefusal =
  /** No such webhook of this partner (or no such delivery of it). */
  | "not_found"
  /** Paused or disabled: nothing is sent to it but test events. */
  | "webhook_inactive"
  /** The partner has {@link MAX_WEBHOOKS_PER_PARTNER} already. */
  | "webhook_limit_reached";

/** A partner's webhook and who acts on it. */
export interface WebhookAction {
  partnerId: string;
  id: string;
  actor: Actor;
}

/** The audit entry of a change to webhook `id`, in the caller's transaction. */
function audit(
  tx: Tx,
  of: WebhookAction,
  action: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  return recordAudit(tx, {
    partnerId: of.partnerId,
    actor: of.actor,
    action: `webhook.${action}`,
    targetId: of.id,
    detail,
  });
}

function inTransaction<T>(sql: Sql, work: (tx: Tx) => Promise<T>): Promise<T> {
  return sql.begin(work) as Promise<T>;
}

/** A partner's webhook, or undefined (also for another partner's). */
export async function findWebhook(
  sql: Sql,
  partnerId: string,
  id: string,
): Promise<WebhookRow | undefined> {
  const [row] = await sql<WebhookRow[]>`SELECT * FROM webhooks WHERE id = ${id}`;
  return row && row.partner_id === partnerId ? row : undefined;
}

/** Every webhook of a partner, oldest first. */
export function listWebhooks(sql: Sql, partnerId: string): Promise<WebhookRow[]> {
  return sql<WebhookRow[]>`
    SELECT * FROM webhooks WHERE partner_id = ${partnerId} ORDER BY created_at, id`;
}

/**
 * Registers a webhook with its secret sealed by `secrets` (the plaintext is answered once),
 * or refuses when the partner already has the most allowed (two concurrent registrations
 * cannot both take the last place). Audited as `webhook.created`.
 */
export function registerWebhook(
  sql: Sql,
  webhook: { partnerId: string; actor: Actor; fields: WebhookCreate; secrets: SecretBox },
): Promise<WebhookWithSecret | "webhook_limit_reached"> {
  const { partnerId, actor, fields } = webhook;
  return inTransaction(sql, async (tx) => {
    const row = await tables.insertWebhook(tx, {
      partnerId,
      fields,
      secrets: webhook.secrets,
      max: MAX_WEBHOOKS_PER_PARTNER,
    });
    if (!row) return "webhook_limit_reached";
    await audit(tx, { partnerId, actor, id: row.id }, "created", {
      url: row.url,
      events: row.events,
      is_active: row.is_active,
    });
    return row;
  });
}

/** The requested changes that change something. */
function effectiveChanges(before: WebhookRow, changes: WebhookUpdate): WebhookUpdate {
  const effective: WebhookUpdate = {};
  if (changes.url !== undefined && changes.url !== before.url) effective.url = changes.url;
  // Both in the catalogue's order (the schema sorts them), so equal sets read the same.
  if (changes.events !== undefined && changes.events.join() !== before.events.join()) {
    effective.events = changes.events;
  }
  if (changes.is_active !== undefined && changes.is_active !== before.is_active) {
    effective.is_active = changes.is_active;
  }
  return effective;
}

/**
 * Applies a partial update of `url`, `events`, `is_active`. Only what differs is changed: a
 * change that changes nothing (an empty one, or the values the webhook has) leaves it as it
 * was, `updated_at` included, and records nothing. Audited as `webhook.updated` (the fields,
 * each URL and event list before and after), `webhook.paused`, and `webhook.resumed` or,
 * for a webhook the service disabled, `webhook.re_enabled`: that clears the record of the
 * disabling and starts the failure count afresh.
 */
export function updateWebhook(
  sql: Sql,
  change: WebhookAction & { changes: WebhookUpdate },
): Promise<WebhookRow | "not_found"> {
  return inTransaction(sql, async (tx) => {
    const before = await tables.lockWebhook(tx, change);
    if (!before) return "not_found";
    const changes = effectiveChanges(before, change.changes);
    if (Object.keys(changes).length === 0) return before;
    const after = await tables.updateWebhook(tx, { ...change, changes });
    const fields = (["url", "events"] as const).filter((f) => changes[f] !== undefined);
    if (fields.length > 0) {
      await audit(tx, change, "updated", {
        fields,
        ...Object.fromEntries(fields.map((f) => [f, { from: before[f], to: after![f] }])),
      });
    }
    if (changes.is_active === false) await audit(tx, change, "paused");
    if (changes.is_active === true && before.disabled_at) {
      await audit(tx, change, "re_enabled", {
        disabled_at: before.disabled_at.toISOString(),
        disabled_reason: before.disabled_reason,
      });
    } else if (changes.is_active === true) {
      await audit(tx, change, "resumed");
    }
    return after!;
  });
}

/** Stops deliveries to a webhook (`is_active: false`); audited as `webhook.paused`. */
export function pauseWebhook(sql: Sql, of: WebhookAction): Promise<WebhookRow | "not_found"> {
  return updateWebhook(sql, { ...of, changes: { is_active: false } });
}

/**
 * Sends a paused webhook deliveries again (`webhook.resumed`), or re-enables one the
 * service disabled after repeated failures (`webhook.re_enabled`).
 */
export function resumeWebhook(sql: Sql, of: WebhookAction): Promise<WebhookRow | "not_found"> {
  return updateWebhook(sql, { ...of, changes: { is_active: true } });
}

/** Removes a webhook and its delivery log; audited as `webhook.deleted`. */
export function deleteWebhook(sql: Sql, of: WebhookAction): Promise<WebhookRow | "not_found"> {
  return inTransaction(sql, async (tx) => {
    const row = await tables.deleteWebhook(tx, of);
    if (!row) return "not_found";
    await audit(tx, of, "deleted", { url: row.url, events: row.events });
    return row;
  });
}

/**
 * Issues a new secret, sealed by `secrets`; the current one keeps signing, beside it, for
 * the overlap. Audited as `webhook.secret_rotated` (without either secret).
 */
export function rotateWebhookSecret(
  sql: Sql,
  of: WebhookAction & { secrets: SecretBox },
): Promise<WebhookWithSecret | "not_found"> {
  return inTransaction(sql, async (tx) => {
    const row = await tables.rotateWebhookSecret(tx, of);
    if (!row) return "not_found";
    await audit(tx, of, "secret_rotated", {
      previous_secret_until: row.previous_secret_until?.toISOString() ?? null,
    });
    return row;
  });
}

/** Filters and position of a page of a webhook's delivery log. */
export interface DeliveryListQuery {
  partnerId: string;
  webhookId: string;
  limit: number;
  /** The page starts after this entry (the previous page's last). */
  after?: { createdAt: Date; id: string };
  eventId?: string;
  eventType?: EventType;
  outcome?: DeliveryOutcome;
  /** Queued at or after. */
  createdAfter?: Date;
  /** Queued before. */
  createdBefore?: Date;
}

/** One page of a webhook's delivery log, newest first. */
export async function listDeliveries(
  sql: Sql,
  q: DeliveryListQuery,
): Promise<{ rows: DeliveryRow[]; hasMore: boolean }> {
  const rows = await sql<DeliveryRow[]>`
    SELECT * FROM webhook_deliveries
    WHERE webhook_id = ${q.webhookId} AND partner_id = ${q.partnerId}
      ${q.eventId ? sql`AND event_id = ${q.eventId}` : sql``}
      ${q.eventType ? sql`AND event_type = ${q.eventType}` : sql``}
      ${q.outcome ? sql`AND status = ${q.outcome}` : sql``}
      ${q.createdAfter ? sql`AND created_at >= ${q.createdAfter}` : sql``}
      ${q.createdBefore ? sql`AND created_at < ${q.createdBefore}` : sql``}
      ${q.after ? sql`AND (created_at, id) < (${q.after.createdAt}, ${q.after.id})` : sql``}
    ORDER BY created_at DESC, id DESC
    LIMIT ${q.limit + 1}`;
  return { rows: rows.slice(0, q.limit), hasMore: rows.length > q.limit };
}

/**
 * One entry of a partner's webhook's delivery log with the envelope its event sends, or
 * undefined (also for another webhook's or partner's).
 */
export async function findDelivery(
  sql: Sql,
  of: { partnerId: string; webhookId: string; deliveryId: string },
): Promise<DeliveryDetailRow | undefined> {
  const [row] = await sql<DeliveryDetailRow[]>`
    SELECT d.*, e.envelope FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
    WHERE d.id = ${of.deliveryId} AND d.webhook_id = ${of.webhookId}
      AND d.partner_id = ${of.partnerId}`;
  return row;
}

/**
 * Queues one more attempt of the event of `deliveryId` (a new delivery id, the same event,
 * not retried; a test event's stays a test), which the delivery service makes at once.
 * Refused for a paused or disabled webhook. Audited as `webhook.redelivered`.
 */
export function redeliver(
  sql: Sql,
  of: WebhookAction & { deliveryId: string },
): Promise<DeliveryRow | "not_found" | "webhook_inactive"> {
  return inTransaction(sql, async (tx) => {
    const webhook = await tables.lockWebhook(tx, of);
    if (!webhook) return "not_found";
    if (!webhook.is_active) return "webhook_inactive";
    const row = await tables.queueRedelivery(tx, { webhookId: of.id, deliveryId: of.deliveryId });
    if (!row) return "not_found";
    await audit(tx, of, "redelivered", {
      delivery_id: row.id,
      of_delivery_id: of.deliveryId,
      event_id: row.event_id,
    });
    return row;
  });
}

/** What a recovery resent, or would have (`dry_run`). */
export interface RecoverResult {
  count: number;
  /** More were found than the limit: recover again for the next ones. */
  capped: boolean;
  since: Date;
}

/**
 * Resends every event first queued to the webhook at or after `since` whose latest attempt
 * failed for good or was never made (`@hire/tables` `queueRecovery`), oldest first, one
 * redelivery each, at most `limit` ({@link RECOVER_LIMIT}). `dryRun` counts them and queues
 * nothing. Refused for a paused or disabled webhook (nothing would be sent). Audited, unless
 * a dry run, as `webhook.recovered`.
 */
export function recoverDeliveries(
  sql: Sql,
  of: WebhookAction & { since: Date; dryRun: boolean; limit?: number },
): Promise<RecoverResult | "not_found" | "webhook_inactive"> {
  return inTransaction(sql, async (tx) => {
    // Locked: the webhook stays active, and recoveries of it run one at a time.
    const webhook = await tables.lockWebhook(tx, of);
    if (!webhook) return "not_found";
    if (!webhook.is_active) return "webhook_inactive";
    const found = await tables.queueRecovery(tx, {
      webhookId: of.id,
      since: of.since,
      limit: of.limit ?? RECOVER_LIMIT,
      dryRun: of.dryRun,
    });
    if (!of.dryRun) {
      await audit(tx, of, "recovered", {
        since: of.since.toISOString(),
        count: found.count,
        capped: found.capped,
      });
    }
    return { ...found, since: of.since };
  });
}

/**
 * The envelope of a test event of `type`: the example the API documents show, with a new
 * event id and the current time, marked `"test": true` after the spec's members.
 */
function testEnvelope(type: EventType, now: Date) {
  const example = exampleJobEvent(type);
  const id = newId("evt");
  const envelope = publicEnvelope({ ...example, id, created_at: now.toISOString() });
  return {
    id,
    jobId: encodeJobEvent(example).key,
    text: JSON.stringify({ ...envelope, test: true }),
  };
}

/**
 * Queues a signed example event of `eventType` to the webhook, made by the delivery service
 * as any attempt (address rules, signature, deadline) but never retried and not counted
 * toward the webhook's failures. Sent whether or not the webhook subscribes to the type,
 * and also while it is paused or disabled: it is how an endpoint is checked before it is
 * turned back on. Audited as `webhook.test_sent`.
 */
export function sendTestEvent(
  sql: Sql,
  of: WebhookAction & { eventType: EventType },
): Promise<DeliveryRow | "not_found"> {
  return inTransaction(sql, async (tx) => {
    // Locked so the webhook cannot go between the check and the attempt's insert.
    const webhook = await tables.lockWebhook(tx, of);
    if (!webhook) return "not_found";
    const event = testEnvelope(of.eventType, new Date());
    await tables.storeWebhookEvents(tx, [{
      id: event.id,
      partner_id: of.partnerId,
      job_id: event.jobId,
      type: of.eventType,
      envelope: event.text,
    }]);
    const row = await tables.queueTestAttempt(tx, {
      id: newId("dlv"),
      webhookId: of.id,
      partnerId: of.partnerId,
      eventId: event.id,
      eventType: of.eventType,
      jobId: event.jobId,
    });
    await audit(tx, of, "test_sent", {
      event_type: of.eventType,
      event_id: event.id,
      delivery_id: row.id,
    });
    return row;
  });
}
