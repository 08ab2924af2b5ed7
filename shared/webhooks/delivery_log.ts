/**
 * The delivery log partners read: one entry per attempt, its stored row and public object
 * (the list's and the detail's), and the queries and bodies of the log's endpoints.
 * @module
 */
import { EVENT_TYPES } from "@hire/jobs";
import { z } from "zod";

/** NOTIFY channel that wakes the delivery service when an attempt is queued outside Kafka. */
export const DELIVERIES_CHANNEL = "webhook_deliveries";

/**
 * Partners can read their webhook delivery log, redeliver from it and recover from it, for
 * this many days; older entries are purged.
 */
export const DELIVERY_LOG_RETENTION_DAYS = 30;

/** Where an attempt stands. */
export const DELIVERY_OUTCOMES = ["pending", "succeeded", "failed", "cancelled"] as const;
export type DeliveryOutcome = typeof DELIVERY_OUTCOMES[number];

/**
 * What made the attempt: the event itself, a rung of the ladder, a partner's redelivery (or
 * recovery), or a partner's test event, which is never retried and never counted toward the
 * webhook's failures.
 */
export const DELIVERY_TRIGGERS = ["event", "retry", "redeliver", "test"] as const;
export type DeliveryTrigger = typeof DELIVERY_TRIGGERS[number];

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
  /** The headers the attempt sent; null until it is made, or when no request went out. */
  request_headers: Record<string, string> | null;
  /** The start of the response body as text; null when no response came. */
  response_excerpt: string | null;
  created_at: Date;
  attempted_at: Date | null;
}

/** An attempt with the envelope its event sends (the request body). */
export type DeliveryDetailRow = DeliveryRow & { envelope: string };

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

/** `GET /v1/partner/webhooks/:id/deliveries/:delivery_id`: the entry and what was sent. */
export function toPublicDeliveryDetail(row: DeliveryDetailRow) {
  return {
    ...toPublicDelivery(row),
    request_headers: row.request_headers,
    request_body: row.envelope,
    response_excerpt: row.response_excerpt,
  };
}

/** A public log entry with its request and response. */
export type PublicDeliveryDetail = ReturnType<typeof toPublicDeliveryDetail>;

/** RFC 3339 with seconds and a `Z` or an offset, read as a Date. */
const instant = (description: string) =>
  z.iso.datetime({ offset: true }).meta({ description }).transform((s) => new Date(s));

/** Query of the delivery log; unknown parameters are refused like unknown body fields. */
export const deliveryListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20).meta({
    description: "Entries per page.",
  }),
  cursor: z.string().optional().meta({ description: "The `next_cursor` of the previous page." }),
  event_id: z.string().optional().meta({ description: "Only the attempts of this event." }),
  event_type: z.enum(EVENT_TYPES).optional().meta({
    description: "Only the attempts of events of this type.",
  }),
  outcome: z.enum(DELIVERY_OUTCOMES).optional().meta({
    description: "Only the attempts with this outcome.",
  }),
  created_after: instant(
    "Only the attempts queued at or after this time (RFC 3339, e.g. `2025-03-01T00:00:00Z`).",
  ).optional(),
  created_before: instant(
    "Only the attempts queued before this time (RFC 3339): with `created_after`, a half-open " +
      "range.",
  ).optional(),
});

/** A validated query of the delivery log. */
export type DeliveryListParams = z.output<typeof deliveryListQuerySchema>;

/** Body of `POST /v1/partner/webhooks/:id/test`. */
export const testEventSchema = z.strictObject({
  event_type: z.enum(EVENT_TYPES).meta({
    description: "The type of the example event to send; any of the four, subscribed or not.",
  }),
});

/**
 * Body of `POST /v1/partner/webhooks/:id/recover`. `since` may not be older than the log's
 * retention, counted from when the request is read.
 */
export const recoverSchema = z.strictObject({
  since: z.iso.datetime({ offset: true }).meta({
    description: "Resend the failed events first queued to this webhook at or after this " +
      `time (RFC 3339), at most ${DELIVERY_LOG_RETENTION_DAYS} days ago: older entries are ` +
      "no longer in the log.",
  }).transform((s, ctx) => {
    const since = new Date(s);
    if (since.getTime() < Date.now() - DELIVERY_LOG_RETENTION_DAYS * 86_400_000) {
      ctx.addIssue({
        code: "custom",
        params: { code: "too_old", max: DELIVERY_LOG_RETENTION_DAYS },
      });
      return z.NEVER;
    }
    return since;
  }),
  dry_run: z.boolean().default(false).meta({
    description: "Count what would be resent and queue nothing.",
  }),
});

/** A validated recover body. */
export type RecoverBody = z.output<typeof recoverSchema>;
