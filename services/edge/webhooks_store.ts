/**
 * Webhook registrations and the delivery log, in Postgres. Unlike jobs, webhooks are
 * account configuration with no pipeline behind them, so the edge writes them directly:
 * the delivery service reads them when it fans an event out.
 * @module
 */
import type { Sql } from "@hire/db";
import { newId } from "@hire/ids";
import {
  DELIVERIES_CHANNEL,
  type DeliveryOutcome,
  type DeliveryRow,
  generateWebhookSecret,
  SECRET_OVERLAP_MS,
  type WebhookCreate,
  type WebhookRow,
  type WebhookUpdate,
} from "@hire/webhooks";
import type { Position } from "./cursor.ts";

/** Most webhooks one partner may register (Stripe allows 16): each is fanned out to. */
export const MAX_WEBHOOKS_PER_PARTNER = 20;

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
 * Registers a webhook, or returns undefined when the partner already has the most allowed.
 * The count and the insert are serialised per partner so two concurrent registrations
 * cannot both take the last place.
 */
export function createWebhook(
  sql: Sql,
  partnerId: string,
  fields: WebhookCreate,
): Promise<WebhookRow | undefined> {
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtext('webhooks:' || ${partnerId}))`;
    const [count] = await tx<{ n: number }[]>`
      SELECT count(*)::int AS n FROM webhooks WHERE partner_id = ${partnerId}`;
    if (count!.n >= MAX_WEBHOOKS_PER_PARTNER) return undefined;
    const now = new Date();
    const [row] = await tx<WebhookRow[]>`
      INSERT INTO webhooks (id, partner_id, url, events, is_active, secret, created_at, updated_at)
      VALUES (${newId("wh")}, ${partnerId}, ${fields.url}, ${fields.events},
              ${fields.is_active}, ${generateWebhookSecret()}, ${now}, ${now})
      RETURNING *`;
    return row;
  }) as Promise<WebhookRow | undefined>;
}

/**
 * Applies a partial update. Setting `is_active: true` is how a disabled webhook comes back:
 * it clears the record of the disabling and starts the failure count afresh.
 */
export async function updateWebhook(
  sql: Sql,
  partnerId: string,
  id: string,
  changes: WebhookUpdate,
): Promise<WebhookRow | undefined> {
  if (Object.keys(changes).length === 0) return findWebhook(sql, partnerId, id);
  const reenable = changes.is_active === true;
  const [row] = await sql<WebhookRow[]>`
    UPDATE webhooks SET
      url = coalesce(${changes.url ?? null}, url),
      events = coalesce(${changes.events ?? null}::text[], events),
      is_active = coalesce(${changes.is_active ?? null}, is_active),
      consecutive_failures = CASE WHEN ${reenable} THEN 0 ELSE consecutive_failures END,
      disabled_at = CASE WHEN ${reenable} THEN NULL ELSE disabled_at END,
      disabled_reason = CASE WHEN ${reenable} THEN NULL ELSE disabled_reason END,
      updated_at = now()
    WHERE id = ${id} AND partner_id = ${partnerId}
    RETURNING *`;
  return row;
}

/** Removes a webhook and its delivery log; false when the partner has no such webhook. */
export async function deleteWebhook(sql: Sql, partnerId: string, id: string): Promise<boolean> {
  const rows = await sql`DELETE FROM webhooks WHERE id = ${id} AND partner_id = ${partnerId}`;
  return rows.count > 0;
}

/** Issues a new secret; the current one keeps signing, beside it, for the overlap. */
export async function rotateSecret(
  sql: Sql,
  partnerId: string,
  id: string,
): Promise<WebhookRow | undefined> {
  const [row] = await sql<WebhookRow[]>`
    UPDATE webhooks SET
      previous_secret = secret,
      previous_secret_until = now() + ${SECRET_OVERLAP_MS} * interval '1 millisecond',
      secret = ${generateWebhookSecret()},
      updated_at = now()
    WHERE id = ${id} AND partner_id = ${partnerId}
    RETURNING *`;
  return row;
}

/** Filters and position of a delivery log page. */
export interface DeliveryListQuery {
  limit: number;
  after?: Position;
  eventId?: string;
  outcome?: DeliveryOutcome;
}

/** One page of a webhook's delivery log, newest first. */
export async function listDeliveries(
  sql: Sql,
  webhookId: string,
  q: DeliveryListQuery,
): Promise<{ rows: DeliveryRow[]; hasMore: boolean }> {
  const rows = await sql<DeliveryRow[]>`
    SELECT * FROM webhook_deliveries
    WHERE webhook_id = ${webhookId}
      ${q.eventId ? sql`AND event_id = ${q.eventId}` : sql``}
      ${q.outcome ? sql`AND status = ${q.outcome}` : sql``}
      ${q.after ? sql`AND (created_at, id) < (${q.after.createdAt}, ${q.after.id})` : sql``}
    ORDER BY created_at DESC, id DESC
    LIMIT ${q.limit + 1}`;
  return { rows: rows.slice(0, q.limit), hasMore: rows.length > q.limit };
}

/**
 * Queues one more attempt of the event of `deliveryId` (a new delivery id, the same event),
 * or returns undefined when the webhook has no such delivery. The delivery service is
 * woken through NOTIFY and makes the attempt at once.
 */
export function queueRedelivery(
  sql: Sql,
  webhookId: string,
  deliveryId: string,
): Promise<DeliveryRow | undefined> {
  return sql.begin(async (tx) => {
    const [row] = await tx<DeliveryRow[]>`
      INSERT INTO webhook_deliveries
        (id, webhook_id, partner_id, event_id, event_type, job_id, attempt, trigger, status)
      SELECT ${newId("dlv")}, d.webhook_id, d.partner_id, d.event_id, d.event_type, d.job_id,
             (SELECT max(attempt) + 1 FROM webhook_deliveries
              WHERE webhook_id = d.webhook_id AND event_id = d.event_id),
             'redeliver', 'pending'
      FROM webhook_deliveries d
      WHERE d.id = ${deliveryId} AND d.webhook_id = ${webhookId}
      RETURNING *`;
    if (row) await tx`SELECT pg_notify(${DELIVERIES_CHANNEL}, ${webhookId})`;
    return row;
  }) as Promise<DeliveryRow | undefined>;
}
