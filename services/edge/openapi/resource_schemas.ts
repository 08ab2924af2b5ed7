/**
 * What the edge answers with, as zod schemas for the API reference (the job object is the
 * shared `publicJobSchema` of `@hire/jobs`). Webhooks and deliveries are typed against the
 * public objects the edge builds, so a field added there and not here fails type checking.
 * @module
 */
import { RECOVER_LIMIT } from "@hire/accounts";
import { idPattern } from "@hire/ids";
import { EVENT_TYPES, publicJobSchema } from "@hire/jobs";
import {
  DELIVERY_LOG_RETENTION_DAYS,
  DELIVERY_OUTCOMES,
  DELIVERY_TRIGGERS,
  type PublicDelivery,
  type PublicDeliveryDetail,
  type PublicWebhook,
  WEBHOOK_SECRET_FORMAT,
} from "@hire/webhooks";
import { z } from "zod";
import type { PublicMatch } from "../matches_page.ts";
import { bulkItemErrorSchema } from "./problem_schemas.ts";

const timestamp = z.iso.datetime();
const id = (prefix: "job" | "wh" | "dlv" | "evt" | "seek") =>
  z.string().meta({ pattern: idPattern(prefix) });

/** A page of a cursor-paginated list. */
function pageSchema<T extends z.ZodType>(id: string, item: T) {
  return z.object({
    data: z.array(item),
    next_cursor: z.string().nullable().meta({
      description: "Pass as `cursor` for the next page; null exactly when `has_more` is false.",
    }),
    has_more: z.boolean(),
  }).meta({
    id,
    // What zod cannot say: `next_cursor` is null exactly on the last page.
    if: { properties: { has_more: { const: false } } },
    then: { properties: { next_cursor: { type: "null" } } },
    else: { properties: { next_cursor: { type: "string" } } },
  });
}

/** A webhook as every endpoint but register and rotate-secret answers it: no secret. */
export const webhookSchema = z.object({
  id: id("wh"),
  url: z.string().meta({ format: "uri", description: "Stored in its normalised form." }),
  events: z.array(z.enum(EVENT_TYPES)).min(1),
  is_active: z.boolean().meta({ description: "Deliveries are sent only while true." }),
  created_at: timestamp,
  updated_at: timestamp.meta({ description: "An empty PATCH leaves it as it was." }),
  disabled_at: timestamp.nullable().meta({
    description: "When the service disabled the webhook after repeated failures; cleared by " +
      "re-enabling it.",
  }),
  disabled_reason: z.string().nullable().meta({
    description: "Why, e.g. `6 consecutive failed deliveries after the retry schedule was " +
      "exhausted; the last: HTTP 503`.",
  }),
  previous_secret_expires_at: timestamp.nullable().meta({
    description: "During the 24 hours after a rotation: until when deliveries also carry a " +
      "signature made with the previous secret.",
  }),
}).meta({ id: "Webhook" }) satisfies z.ZodType<PublicWebhook>;

/** The answer of register and rotate-secret: the only place the secret is ever shown. */
export const webhookWithSecretSchema = webhookSchema.extend({
  secret: z.string().regex(WEBHOOK_SECRET_FORMAT).meta({
    description: "The signing secret (`whsec_` and 43 base64url characters). Shown only in " +
      "this response: store it now.",
  }),
}).meta({ id: "WebhookWithSecret" });

/** `GET /v1/partner/webhooks`: not paginated (a partner has at most 20 webhooks). */
export const webhookListSchema = z.object({ data: z.array(webhookSchema) }).meta({
  id: "WebhookList",
});

/** One entry of the delivery log: one attempt. */
export const deliverySchema = z.object({
  id: id("dlv").meta({ description: "The attempt's id, as sent in `X-Service-Delivery-Id`." }),
  webhook_id: id("wh"),
  event_id: id("evt"),
  event_type: z.enum(EVENT_TYPES),
  attempt: z.int().min(1).meta({
    description: "1 for the first attempt of the event to this webhook, then 2, 3… for " +
      "retries and redeliveries.",
  }),
  trigger: z.enum(DELIVERY_TRIGGERS).meta({
    description: "`event` (the event's first attempt), `retry`, `redeliver` (a redelivery or " +
      "a recovery), `test` (a test event: never retried, not counted toward disabling).",
  }),
  outcome: z.enum(DELIVERY_OUTCOMES).meta({
    description: "`pending` (queued or in flight), `succeeded`, `failed`, `cancelled` (never " +
      "made: the webhook was paused or disabled when it fell due).",
  }),
  status_code: z.int().nullable().meta({
    description: "The receiver's HTTP status; null when none came (timeout, TLS, connection, " +
      "refused address).",
  }),
  duration_ms: z.int().min(0).nullable().meta({ description: "The whole attempt, DNS included." }),
  error: z.string().nullable().meta({
    description: "Why it failed, e.g. `HTTP 500`, `timed out after 10000 ms`.",
  }),
  next_attempt_at: timestamp.nullable().meta({
    description: "When the next retry is due, for a failed attempt that will be retried.",
  }),
  final: z.boolean().meta({
    description: "True on the attempt after which the event was given up.",
  }),
  created_at: timestamp.meta({ description: "When the attempt was queued." }),
  attempted_at: timestamp.nullable().meta({ description: "When it was made; null while pending." }),
}).meta({ id: "Delivery" }) satisfies z.ZodType<PublicDelivery>;

/** One entry of the delivery log with what went over the wire. */
export const deliveryDetailSchema = deliverySchema.extend({
  request_headers: z.record(z.string(), z.string()).nullable().meta({
    description: "The request's headers as sent, signature headers and `Content-Length` " +
      "included; null while pending, for a cancelled attempt, and when no request was made " +
      "(the address was refused, the name did not resolve).",
  }),
  request_body: z.string().meta({
    description: "The request body: the event's envelope, exactly the bytes signed (JSON " +
      'text; a test event\'s ends with `"test": true`).',
  }),
  response_excerpt: z.string().nullable().meta({
    description: "The first 2 KiB of the response body as text (invalid UTF-8 replaced by " +
      "U+FFFD); null when no response came. `status_code` and `duration_ms` are the rest " +
      "of the answer.",
  }),
}).meta({ id: "DeliveryDetail" }) satisfies z.ZodType<PublicDeliveryDetail>;

/** The answer of a recovery. */
export const recoverResultSchema = z.object({
  count: z.int().min(0).meta({
    description: "Events resent (or, for a dry run, that would be), at most " +
      `${RECOVER_LIMIT.toLocaleString("en")}.`,
  }),
  capped: z.boolean().meta({
    description: "More failed events were found than one call resends: call again for the next.",
  }),
  since: timestamp.meta({
    description: `As sent (at most ${DELIVERY_LOG_RETENTION_DAYS} days ago), in UTC.`,
  }),
}).meta({ id: "RecoverResult" });

/** A page of `GET /v1/partner/jobs`. */
export const jobPageSchema = pageSchema("JobPage", publicJobSchema);

/** A pair matching announced for a job. */
export const matchSchema = z.object({
  seeker_id: id("seek").meta({ description: "The job seeker, as in `job.matched`." }),
  score: z.number().min(0).max(1).meta({ description: "The `score` of its `job.matched`." }),
  created_at: timestamp.meta({ description: "When matching recorded the pair." }),
  event_id: id("evt").meta({
    description: "The id of the `job.matched` event that announced the pair (the envelope's " +
      "`id` in its webhook body), to de-duplicate against webhooks.",
  }),
}).meta({ id: "Match" }) satisfies z.ZodType<PublicMatch>;

/** A page of a job's matches. */
export const matchPageSchema = pageSchema("MatchPage", matchSchema);

/** A page of the delivery log. */
export const deliveryPageSchema = pageSchema("DeliveryPage", deliverySchema);

/** The 207 answer of a bulk create: created and refused items, each sorted by index. */
export const bulkCreateResultSchema = z.object({
  created: z.array(z.object({
    index: z.int().min(0).meta({ description: "The item's position in `jobs`, from 0." }),
    id: id("job"),
    status: z.literal("active"),
  })),
  errors: z.array(bulkItemErrorSchema),
}).meta({ id: "BulkCreateResult" });

/** `GET /healthz`. */
export const healthSchema = z.object({ status: z.literal("ok") }).meta({ id: "Health" });

const check = z.enum(["ok", "unavailable"]);

/** `GET /readyz`. */
export const readinessSchema = z.object({
  status: z.enum(["ready", "unavailable"]),
  checks: z.object({ postgres: check, kafka: check }),
}).meta({ id: "Readiness" });
