/**
 * `webhook_events`: the only code that writes it. The exact envelope of each public event
 * that some webhook receives, stored once by the delivery service's fan-out and signed
 * and sent by every attempt of it. Retention: as the delivery log's, once no attempt
 * refers to the event any more.
 * @module
 */
import { type ColumnTypes, type Sql, type Tx, unnestRows } from "@hire/db";
import { DELIVERY_LOG_RETENTION_DAYS } from "@hire/webhooks";
import { daysBefore } from "./days_before.ts";

/** An event as stored: `envelope` is the JSON every attempt sends, byte for byte. */
export interface WebhookEventRow {
  id: string;
  partner_id: string;
  job_id: string;
  type: string;
  envelope: string;
}

const EVENT_COLUMNS: Required<ColumnTypes<WebhookEventRow>> = {
  id: "text",
  partner_id: "text",
  job_id: "text",
  type: "text",
  envelope: "text",
};

/**
 * The statement that stores events, one stored before (a redelivered batch) left as it is:
 * run alone ({@link storeWebhookEvents}) or as a part of the statement that queues their first
 * attempts (`queueFirstAttempts`).
 */
export function insertWebhookEvents(q: Sql | Tx, events: readonly WebhookEventRow[]) {
  return q`INSERT INTO webhook_events ${unnestRows(q, events, EVENT_COLUMNS)}
    ON CONFLICT (id) DO NOTHING`;
}

/** Stores events; one stored before (a redelivered batch) is left as it is. */
export async function storeWebhookEvents(
  tx: Tx,
  events: readonly WebhookEventRow[],
): Promise<void> {
  if (events.length === 0) return;
  await insertWebhookEvents(tx, events);
}

/**
 * Deletes events older than the delivery log's 30 days that no attempt refers to any
 * more (a pending one keeps its event); returns how many.
 */
export async function purgeWebhookEvents(q: Sql | Tx, now: Date): Promise<number> {
  const rows = await q`
    DELETE FROM webhook_events e
    WHERE created_at < ${daysBefore(now, DELIVERY_LOG_RETENTION_DAYS)}
      AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)`;
  return rows.count;
}
