/**
 * `webhooks.retry.<delay>` (internal): one topic per rung of the retry ladder, where failed
 * webhook deliveries wait for their next attempt.
 * @module
 */
import { retryMessageSchema } from "@hire/webhooks";
import { declareTopic } from "../declaration.ts";
import { GROUPS } from "../groups.ts";
import { PARTITIONS, retention } from "../kafka_config.ts";
import { WEBHOOK_ID } from "../keys.ts";
import { text } from "../prose.ts";

/** The declaration of the rung topics. */
export const WEBHOOKS_RETRY = declareTopic({
  channel: "webhooksRetry",
  name: "webhooks.retry",
  env: "TOPIC_WEBHOOKS_RETRY_PREFIX",
  perRetryRung: {
    parameter: "delay",
    description: "The rung's delay as written in `WEBHOOK_RETRY_SCHEDULE`, e.g. `30m`.",
  },
  visibility: "internal",
  partitions: PARTITIONS,
  // A rung keeps its messages well past the longest delay, so none expires while waiting.
  config: (schedule) => retention(7, 2 * Math.max(0, ...schedule.map((r) => r.delayMs))),
  title: "Webhook retry ladder (internal)",
  summary: "Internal: a failed webhook delivery waiting for its next attempt. Not a contract.",
  description: text`
    **Internal.** One topic per rung of \`WEBHOOK_RETRY_SCHEDULE\` (default
    \`webhooks.retry.1m\`, \`.5m\`, \`.30m\`, \`.2h\`, \`.12h\`), written by the delivery service
    through its outbox after a failed attempt and read back by it when \`due_at\` has come (the
    partition is paused until its first message is due). Big data stays in Postgres: the
    event itself is read back by id.`,
  value: retryMessageSchema,
  messages: [{
    id: "WebhookRetry",
    name: "webhook.retry",
    title: "webhook retry (internal)",
    schema: retryMessageSchema,
    key: { schema: WEBHOOK_ID, field: "webhook_id" },
    summary: "A delivery due at a time, on a rung of the ladder.",
    fields: {
      attempt: "The attempt to make when due: 2 for the first retry.",
      previous_delivery_id: "The failed attempt that scheduled this one, `dlv_<ulid>`.",
    },
    examples: [{
      name: "webhookRetry",
      payload: {
        webhook_id: "wh_01JN8H1Q2R3S4T5V6W7X8Y9Z0A",
        event_id: "evt_01JN8GP0PSK2D7WQ4X9B3M6TNA",
        attempt: 2,
        due_at: "2025-03-01T09:31:31.000Z",
        previous_delivery_id: "dlv_01JN8GP1A2B3C4D5E6F7G8H9JK",
      },
    }],
  }],
  producers: [{
    service: "delivery",
    writes: ["webhook.retry"],
    title: "Schedule a webhook retry (delivery service, internal)",
  }],
  consumers: [{
    group: GROUPS.deliveryLadder,
    title: "Attempt a due retry (delivery service, internal)",
    summary: "The delivery service makes the attempt once `due_at` has come.",
  }],
});
