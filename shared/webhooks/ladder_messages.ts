/**
 * Messages of the retry ladder's topics: `webhooks.retry.<delay>` (a delivery due at a
 * time) and `webhooks.dead` (a delivery whose schedule is exhausted, for operators). Both
 * are keyed by webhook id. Big data stays in Postgres: the event itself is read back by id.
 * @module
 */
import { z } from "zod";

/** The value of a message on a rung topic. */
export const retryMessageSchema = z.object({
  webhook_id: z.string(),
  event_id: z.string(),
  /** The attempt to make when due: 2 for the first retry. */
  attempt: z.number().int().min(2),
  due_at: z.iso.datetime(),
  /** The failed attempt that scheduled this one. */
  previous_delivery_id: z.string(),
});

/** A delivery due at a time, on a rung of the ladder. */
export type RetryMessage = z.infer<typeof retryMessageSchema>;

/** The value of a message on `webhooks.dead`. */
export const deadMessageSchema = z.object({
  webhook_id: z.string(),
  partner_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  attempts: z.number().int().min(1),
  last_delivery_id: z.string(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  died_at: z.iso.datetime(),
});

/** A delivery given up on after its last rung. */
export type DeadMessage = z.infer<typeof deadMessageSchema>;

/** The Kafka message of a retry. */
export function encodeRetry(m: RetryMessage): { key: string; value: string } {
  return { key: m.webhook_id, value: JSON.stringify(m) };
}

/** Parses a retry message; throws on a malformed one. */
export function decodeRetry(value: string | Uint8Array): RetryMessage {
  return retryMessageSchema.parse(JSON.parse(asText(value)));
}

/** The Kafka message of a dead delivery. */
export function encodeDead(m: DeadMessage): { key: string; value: string } {
  return { key: m.webhook_id, value: JSON.stringify(m) };
}

/** Parses a dead-letter message; throws on a malformed one. */
export function decodeDead(value: string | Uint8Array): DeadMessage {
  return deadMessageSchema.parse(JSON.parse(asText(value)));
}

function asText(value: string | Uint8Array): string {
  return typeof value === "string" ? value : new TextDecoder().decode(value);
}
