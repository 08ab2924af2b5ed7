/**
 * Webhook registrations and the delivery log as the API serves them. Unlike jobs, webhooks
 * are account configuration with no pipeline behind them, so the edge changes them at
 * once, through the tables' owners (`@hire/tables`): the delivery service reads them when
 * it fans an event out, and is woken to make a redelivery queued here.
 * @module
 */
import type { Sql } from "@hire/db";
import * as tables from "@hire/tables";
import type {
  DeliveryOutcome,
  DeliveryRow,
  SecretBox,
  WebhookCreate,
  WebhookRow,
  WebhookUpdate,
} from "@hire/webhooks";
import type { Position } from "./cursor.ts";

/** A webhook with the plaintext of the secret just issued (answered once). */
export type WebhookWithSecret = tables.WebhookWithSecret;

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
 * Registers a webhook with its secret sealed by `secrets` (the plaintext is answered once),
 * or returns undefined when the partner already has the most allowed (two concurrent
 * registrations cannot both take the last place).
 */
export function createWebhook(
  sql: Sql,
  webhook: { partnerId: string; fields: WebhookCreate; secrets: SecretBox },
): Promise<WebhookWithSecret | undefined> {
  return tables.insertWebhook(sql, { ...webhook, max: MAX_WEBHOOKS_PER_PARTNER });
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
  return await tables.updateWebhook(sql, { partnerId, id, changes });
}

/** Removes a webhook and its delivery log; false when the partner has no such webhook. */
export function deleteWebhook(sql: Sql, partnerId: string, id: string): Promise<boolean> {
  return tables.deleteWebhook(sql, { partnerId, id });
}

/**
 * Issues a new secret, sealed by `secrets`; the current one keeps signing, beside it, for
 * the overlap.
 */
export function rotateSecret(
  sql: Sql,
  webhook: tables.PartnerWebhook & { secrets: SecretBox },
): Promise<WebhookWithSecret | undefined> {
  return tables.rotateWebhookSecret(sql, webhook);
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
  return tables.queueRedelivery(sql, { webhookId, deliveryId });
}
