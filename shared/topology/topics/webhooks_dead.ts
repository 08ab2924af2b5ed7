/**
 * `webhooks.dead` (internal): deliveries given up after the last rung, for operators.
 * @module
 */
import { deadMessageSchema } from "@hire/webhooks";
import { declareTopic } from "../declaration.ts";
import { PARTITIONS, retention } from "../kafka_config.ts";
import { WEBHOOK_ID } from "../keys.ts";
import { text } from "../prose.ts";

/** The declaration of `webhooks.dead`. */
export const WEBHOOKS_DEAD = declareTopic({
  channel: "webhooksDead",
  name: "webhooks.dead",
  env: "TOPIC_WEBHOOKS_DEAD",
  visibility: "internal",
  partitions: PARTITIONS,
  // Kept as long as the public events they were about.
  config: () => retention(30),
  title: "Webhook deliveries given up (internal)",
  summary: "A delivery whose retry schedule is exhausted, for operators.",
  description: text`
    Written by the delivery service (through its outbox) when the last retry of an event to
    a webhook fails. Partners see the same facts in their delivery log (\`final: true\`).`,
  value: deadMessageSchema,
  messages: [{
    id: "WebhookDead",
    name: "webhook.dead",
    title: "webhook delivery given up",
    schema: deadMessageSchema,
    key: { schema: WEBHOOK_ID, field: "webhook_id" },
    summary: "A delivery given up on after its last rung.",
    examples: [{
      name: "webhookDead",
      payload: {
        webhook_id: "wh_01JN8H1Q2R3S4T5V6W7X8Y9Z0A",
        partner_id: "ptr_01JN5Q1ZK4V7W2D8X3Y6M9B0CE",
        event_id: "evt_01JN8GP0PSK2D7WQ4X9B3M6TNA",
        event_type: "job.deleted",
        attempts: 6,
        last_delivery_id: "dlv_01JN9Q2R3S4T5V6W7X8Y9Z0A1B",
        last_status_code: 503,
        last_error: "HTTP 503",
        died_at: "2025-03-02T00:00:00.000Z",
      },
    }],
  }],
  producers: [{
    service: "delivery",
    writes: ["webhook.dead"],
    title: "Give up a webhook delivery (delivery service)",
  }],
  consumers: [],
  outside: [{ who: "operators", does: "reads" }],
});
