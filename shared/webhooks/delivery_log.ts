/**
 * The delivery log partners read: one entry per attempt, its stored row and public object,
 * and the list endpoint's query.
 * @module
 */
import { z } from "zod";

/** NOTIFY channel that wakes the delivery service when an attempt is queued outside Kafka. */
export const DELIVERIES_CHANNEL = "webhook_deliveries";

/** Where an attempt stands. */
export const DELIVERY_OUTCOMES = ["pending", "succeeded", "failed", "cancelled"] as const;
export type DeliveryOutcome = typeof DELIVERY_OUTCOMES[number];

/** What made the attempt: the event itself, a rung of the ladder, or a partner's request. */
export type DeliveryTrigger = "event" | "retry" | "redeliver";

/** An attempt as stored. */
export interface DeliveryRow {
  id: string;
  seq: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  trigger: DeliveryTrigger;
  status: DeliveryOutcome;
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
  next_step: "retry" | "dead" | "none" | null;
  next_attempt_at: Date | null;
  created_at: Date;
  attempted_at: Date | null;
}

/** One entry of `GET /v1/partner/webhooks/:id/deliveries`. */
export function toPublicDelivery(row: DeliveryRow) {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    event_id: row.event_id,
    event_type: row.event_type,
    attempt: row.attempt,
    trigger: row.trigger,
    outcome: row.status,
    status_code: row.status_code,
    duration_ms: row.duration_ms,
    error: row.error,
    next_attempt_at: row.next_step === "retry" ? row.next_attempt_at?.toISOString() ?? null : null,
    final: row.next_step === "dead",
    created_at: row.created_at.toISOString(),
    attempted_at: row.attempted_at?.toISOString() ?? null,
  };
}

/** A public log entry. */
export type PublicDelivery = ReturnType<typeof toPublicDelivery>;

/** Query of the delivery log; unknown parameters are refused like unknown body fields. */
export const deliveryListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20).meta({
    description: "Entries per page.",
  }),
  cursor: z.string().optional().meta({ description: "The `next_cursor` of the previous page." }),
  event_id: z.string().optional().meta({ description: "Only the attempts of this event." }),
  outcome: z.enum(DELIVERY_OUTCOMES).optional().meta({
    description: "Only the attempts with this outcome.",
  }),
});
