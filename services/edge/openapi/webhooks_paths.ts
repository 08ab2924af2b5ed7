/**
 * The webhooks resource in the API reference, from the schemas its routes validate with.
 * @module
 */
import { type ErrorCode } from "@hire/errors";
import { idPattern } from "@hire/ids";
import { deliveryListQuerySchema, webhookCreateSchema, webhookUpdateSchema } from "@hire/webhooks";
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { MAX_WEBHOOKS_PER_PARTNER } from "../webhooks_store.ts";
import { authenticatedOperation, BODY_ERRORS, json, type OperationSpec } from "./operations.ts";
import {
  deliveryPageSchema,
  deliverySchema,
  webhookListSchema,
  webhookSchema,
  webhookWithSecretSchema,
} from "./resource_schemas.ts";

// The host rule option changes what is accepted, not the shape: documented as in production.
const hostRules = { allowPrivateNetworks: false };

/** The body of `POST /v1/partner/webhooks`, as validated in production. */
export const webhookCreateBody = webhookCreateSchema(hostRules);
/** The body of `PATCH /v1/partner/webhooks/{id}`, as validated in production. */
export const webhookUpdateBody = webhookUpdateSchema(hostRules);

const webhookId = z.string().meta({
  pattern: idPattern("wh"),
  description: "The webhook's id. Anything that is not a `wh_` id answers 404.",
});
const path = z.object({ id: webhookId });

const GATE = "Growth and Scale plans only: a Sandbox partner gets 403 `partner.forbidden` " +
  "before the body or the id is looked at.";

/** A webhook operation: every one is behind the plan gate. */
function gated(spec: OperationSpec) {
  return authenticatedOperation({
    ...spec,
    tags: ["Webhooks"],
    description: `${spec.description}\n\n${GATE}`,
    errors: [...spec.errors, "partner.forbidden"] satisfies ErrorCode[],
  });
}

/** The webhooks paths. */
export function webhookPaths(opts: { bodyLimitBytes: number }): ZodOpenApiPathsObject {
  const bodies = `Bodies over ${opts.bodyLimitBytes} bytes are refused.`;
  return {
    "/v1/partner/webhooks": {
      post: gated({
        operationId: "registerWebhook",
        summary: "Register a webhook",
        description: "Registers an endpoint for the chosen event types. The answer carries the " +
          "signing `secret`, shown only here and by rotate-secret. A partner has at most " +
          `${MAX_WEBHOOKS_PER_PARTNER} webhooks. Validation is as for jobs: every problem at ` +
          `once, unknown fields (\`secret\` included) refused. ${bodies}`,
        requestBody: { required: true, content: json(webhookCreateBody) },
        success: {
          "201": {
            description: "Registered.",
            content: json(webhookWithSecretSchema),
            headers: ["Location"],
          },
        },
        errors: [...BODY_ERRORS, "partner.webhook_limit_reached"],
      }),
      get: gated({
        operationId: "listWebhooks",
        summary: "List webhooks",
        description: "Every webhook of the partner, oldest first, without secrets. Not " +
          `paginated: a partner has at most ${MAX_WEBHOOKS_PER_PARTNER}.`,
        success: { "200": { description: "The webhooks.", content: json(webhookListSchema) } },
        errors: [],
      }),
    },
    "/v1/partner/webhooks/{id}": {
      get: gated({
        operationId: "getWebhook",
        summary: "Retrieve a webhook",
        description: "The webhook, without its secret. Another partner's answers 404.",
        requestParams: { path },
        success: { "200": { description: "The webhook.", content: json(webhookSchema) } },
        errors: ["partner.not_found"],
      }),
      patch: gated({
        operationId: "updateWebhook",
        summary: "Update a webhook",
        description: "Any of `url`, `events`, `is_active`. `is_active: true` re-enables a " +
          "webhook the service disabled: `disabled_at` and `disabled_reason` are cleared and " +
          "the failure count starts from zero. An empty body changes nothing, `updated_at` " +
          `included. ${bodies}`,
        requestParams: { path },
        requestBody: { required: true, content: json(webhookUpdateBody) },
        success: {
          "200": { description: "The webhook after the update.", content: json(webhookSchema) },
        },
        errors: [...BODY_ERRORS, "partner.not_found"],
      }),
      delete: gated({
        operationId: "deleteWebhook",
        summary: "Delete a webhook",
        description: "Permanent: the webhook and its delivery log are removed, and retries " +
          "still queued are dropped.",
        requestParams: { path },
        success: { "204": { description: "Deleted; no body." } },
        errors: ["partner.not_found"],
      }),
    },
    "/v1/partner/webhooks/{id}/rotate-secret": {
      post: gated({
        operationId: "rotateWebhookSecret",
        summary: "Rotate the signing secret",
        description: "Issues a new secret, returned once. For 24 hours every delivery's " +
          "`X-Service-Signature` carries two `v1` values, the new secret's first, then the old " +
          "one's, so a receiver that accepts any matching `v1` keeps working while it switches. " +
          "Rotating again within the 24 hours retires the first secret at once. No body.",
        requestParams: { path },
        success: {
          "200": {
            description: "The webhook with its new secret.",
            content: json(webhookWithSecretSchema),
          },
        },
        errors: ["partner.not_found"],
      }),
    },
    "/v1/partner/webhooks/{id}/deliveries": {
      get: gated({
        operationId: "listDeliveries",
        summary: "List delivery attempts",
        description: "Every delivery attempt to this webhook, newest first, with cursor " +
          "pagination as for jobs. The log is kept as long as the webhook exists.",
        requestParams: { path, query: deliveryListQuerySchema },
        success: {
          "200": { description: "A page of attempts.", content: json(deliveryPageSchema) },
        },
        errors: ["partner.not_found", "partner.validation_failed"],
      }),
    },
    "/v1/partner/webhooks/{id}/deliveries/{delivery_id}/redeliver": {
      post: gated({
        operationId: "redeliver",
        summary: "Send an event again",
        description: "Sends that attempt's event again now: a new delivery id, the same event " +
          "id and body, signed afresh. One attempt, not retried; its outcome counts like any " +
          "attempt's (a 2xx resets the failure count). A paused or disabled webhook answers " +
          "409 `partner.webhook_inactive`: re-enable it first. No body.",
        requestParams: {
          path: path.extend({
            delivery_id: z.string().meta({
              pattern: idPattern("dlv"),
              description: "The `id` of an entry of the webhook's delivery log.",
            }),
          }),
        },
        success: {
          "202": {
            description: "Queued: the new log entry (`trigger: redeliver`, `outcome: pending`).",
            content: json(deliverySchema),
            headers: ["Location"],
          },
        },
        errors: ["partner.not_found", "partner.webhook_inactive"],
      }),
    },
  };
}
