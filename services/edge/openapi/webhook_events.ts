/**
 * What the service sends to a registered webhook, as OpenAPI 3.1 top-level `webhooks`: one
 * per event type, with the envelope from the shared event contract (less the internal
 * `partner_id`, with the test events' mark), its example (the AsyncAPI document's, which
 * test events send), the delivery headers and the signature scheme.
 * @module
 */
import { idPattern } from "@hire/ids";
import { type EventType, jobEventSchema, publicEnvelope } from "@hire/jobs";
import { exampleJobEvent } from "@hire/topology";
import {
  DEFAULT_RETRY_SCHEDULE,
  DEFAULT_TOLERANCE_SECONDS,
  DELIVERY_ID_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
} from "@hire/webhooks";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";

/** The component name of an event's envelope, e.g. `JobCreatedEvent` for `job.created`. */
function eventSchemaName(type: EventType): string {
  return type.split(".").map((w) => w[0]!.toUpperCase() + w.slice(1)).join("") + "Event";
}

const TEST_MARK = z.literal(true).optional().meta({
  description: "Present, and true, only in a test event (`POST /v1/partner/webhooks/{id}/test`): " +
    "its `data` is this example's, about a job and a seeker that do not exist. Real events " +
    "never carry it.",
});

/** Each event type's envelope as a webhook receives it: the contract less `partner_id`. */
const ENVELOPES = new Map(
  jobEventSchema.options.map((o) => {
    const type = o.shape.type.value;
    const envelope = o.omit({ partner_id: true }).extend({ test: TEST_MARK });
    return [type, envelope.meta({ id: eventSchemaName(type) })];
  }),
);

const WHEN: Record<EventType, string> = {
  "job.created": "The job was embedded for the first time and is in the match graph " +
    "(`embedding_status: ready`; `match_ready: true` unless it was paused or closed first). " +
    "Once per job.",
  "job.updated": "The title, description or status changed. `changed_fields` lists every " +
    "field the update changed, `previous_attributes` their earlier values.",
  "job.deleted": "The job was deleted.",
  "job.matched": "A seeker matched the job with high confidence. Each (job, seeker) pair is " +
    "announced once, ever.",
};

const minutes = DEFAULT_TOLERANCE_SECONDS / 60;

const DELIVERY = "Sent as `POST` to every **active** webhook of the partner subscribed to the " +
  "event type, with the event envelope as the JSON body.\n\n" +
  `**Signature.** \`${SIGNATURE_HEADER}: t=<timestamp>,v1=<hex>\`: each \`v1\` is the ` +
  "lowercase hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the whole `whsec_…` " +
  "secret. During the 24 hours after a secret rotation the header carries two `v1` values, " +
  "the new secret's first: accept the delivery if any matches. Verify against the raw body " +
  "as received, compare in constant time, and reject a timestamp more than " +
  `${minutes} minutes from your clock. \`${TIMESTAMP_HEADER}\` repeats the timestamp. Each ` +
  "attempt is signed when it is made, so a retry hours later is still inside the tolerance.\n\n" +
  "**Answer** with any 2xx within 10 seconds (DNS, connecting, TLS and the body count). " +
  "Anything else fails the attempt: another status, a timeout, a TLS or connection error. " +
  "Redirects are never followed. A failed attempt is retried after " +
  `${DEFAULT_RETRY_SCHEDULE.replaceAll(",", ", ")}, each retry with a new ` +
  `\`${DELIVERY_ID_HEADER}\`; after the last one the event is given up. When an event's ` +
  "last retry fails and the webhook has failed 5 or more attempts in a row, it is disabled " +
  "(`is_active: false`) and the partner's admins are e-mailed.\n\n" +
  "**Duplicates and order.** Delivery is at least once: deduplicate on the envelope's `id`, " +
  "the same on every attempt. The first attempts of one job's events to one webhook are made " +
  "in order; a retried event can arrive after a later one.";

function deliveryHeaders(type: EventType) {
  return z.object({
    "User-Agent": z.string().meta({
      pattern: "^HirePlatform-Webhooks/[0-9]+\\.[0-9]+\\.[0-9]+ ",
      description: "The delivery client and its version.",
      example: "HirePlatform-Webhooks/1.0.0 (+https://hire.example.sa/docs/webhooks)",
    }),
    [EVENT_HEADER]: z.literal(type).meta({ description: "The event type." }),
    [DELIVERY_ID_HEADER]: z.string().meta({
      pattern: idPattern("dlv"),
      description: "New for every attempt (retries and redeliveries included), as in the " +
        "delivery log.",
    }),
    [SIGNATURE_HEADER]: z.string().meta({
      pattern: "^t=[0-9]+(,v1=[0-9a-f]{64})+$",
      description: "`t=<timestamp>,v1=<hex>`; two `v1` during a secret rotation.",
    }),
    [TIMESTAMP_HEADER]: z.string().meta({
      pattern: "^[0-9]+$",
      description: "The signing time, integer epoch seconds: the signature's `t`.",
    }),
  });
}

/** Declares the `webhooks` section in `registry`: one delivery operation per event type. */
export function registerWebhookEvents(registry: OpenAPIHono["openAPIRegistry"]): void {
  for (const [type, envelope] of ENVELOPES) {
    registry.registerWebhook({
      method: "post",
      path: type,
      operationId: `deliver_${type.replace(".", "_")}`,
      tags: ["Webhook deliveries"],
      summary: type,
      description: `${WHEN[type]}\n\n${DELIVERY}`,
      security: [],
      request: {
        headers: deliveryHeaders(type),
        body: {
          required: true,
          content: {
            "application/json": {
              schema: envelope,
              example: publicEnvelope(exampleJobEvent(type)),
            },
          },
        },
      },
      responses: {
        "2XX": { description: "Received. The body is ignored (at most 64 KiB is read)." },
        default: { description: "Failed: the attempt is retried as described above." },
      },
    });
  }
}
