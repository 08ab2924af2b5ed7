/**
 * The webhooks resource: registration, secret rotation, the delivery log, and what is sent
 * from it (redeliveries, recoveries, test events), under `/v1/partner/webhooks`. Every
 * endpoint needs a plan that includes webhooks. Each route is declared once, with what the
 * API reference says of it; each change goes through `@hire/accounts`, as the console's do,
 * audited as made with the request's API key.
 * @module
 */
import {
  deleteWebhook,
  findDelivery,
  findWebhook,
  listDeliveries,
  listWebhooks,
  MAX_WEBHOOKS_PER_PARTNER,
  RECOVER_LIMIT,
  recoverDeliveries,
  redeliver,
  registerWebhook,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
  type WebhookAction,
  type WebhookRefusal,
  type WebhookWithSecret,
} from "@hire/accounts";
import type { Sql } from "@hire/db";
import type { ErrorCode } from "@hire/errors";
import type { Actor, KeyOwner } from "@hire/tables";
import {
  DELIVERY_LOG_RETENTION_DAYS,
  deliveryListQuerySchema,
  type HostRuleOptions,
  recoverSchema,
  type SecretBox,
  testEventSchema,
  toPublicDelivery,
  toPublicDeliveryDetail,
  toPublicWebhook,
  webhookCreateSchema,
  type WebhookRow,
  webhookUpdateSchema,
} from "@hire/webhooks";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { decodeCursor, listPage } from "../cursor.ts";
import type { EdgeEnv } from "../env.ts";
import { idParam } from "../id_param.ts";
import { jsonBody } from "../middleware/json_body.ts";
import { refuseOtherMethods } from "../middleware/method_not_allowed.ts";
import { requireFeature } from "../middleware/plan_gate.ts";
import { authenticatedResponses, BODY_ERRORS, json, type Success } from "../openapi/operations.ts";
import {
  deliveryDetailSchema,
  deliveryPageSchema,
  deliverySchema,
  recoverResultSchema,
  webhookListSchema,
  webhookSchema,
  webhookWithSecretSchema,
} from "../openapi/resource_schemas.ts";
import { ApiError } from "../problem.ts";
import { firstValues } from "../validation.ts";

/** What the webhook routes need. */
export interface WebhookRoutesDeps {
  sql: Sql;
  bodyLimitBytes: number;
  /** Lifts the public-address rule for webhook URLs (development and tests only). */
  allowPrivateNetworks: boolean;
  /** Seals the secrets issued at registration and rotation. */
  webhookSecrets: SecretBox;
}

const webhookPath = z.object({
  id: idParam("wh", "The webhook's id. Anything that is not a `wh_` id answers 404."),
});
const deliveryPath = webhookPath.extend({
  delivery_id: idParam("dlv", "The `id` of an entry of the webhook's delivery log."),
});

const GATE = "Growth and Scale plans only: a Sandbox partner gets 403 `partner.forbidden` " +
  "before the body or the id is looked at.";

/** What every webhook route says and answers besides its own: the plan gate. */
function gated<S extends Record<number, Success>>(
  description: string,
  success: S,
  errors: readonly ErrorCode[],
) {
  return {
    tags: ["Webhooks"],
    description: `${description}\n\n${GATE}`,
    responses: authenticatedResponses(success, [...errors, "partner.forbidden"]),
  };
}

const notFound = () => new ApiError("partner.not_found");

/** The answer to a refusal of `@hire/accounts`. */
function refused(refusal: WebhookRefusal): ApiError {
  switch (refusal) {
    case "not_found":
      return notFound();
    case "webhook_inactive":
      return new ApiError("partner.webhook_inactive");
    case "webhook_limit_reached":
      return new ApiError("partner.webhook_limit_reached", {
        detail: `A partner can register at most ${MAX_WEBHOOKS_PER_PARTNER} webhooks.`,
      });
  }
}

/** Who makes a change with an API key, as the audit log shows it: the key and its prefix. */
function keyActor(partner: KeyOwner): Actor {
  return { kind: "api_key", id: partner.keyId, label: partner.keyPrefix };
}

/** The webhook of the path, of the request's partner, acted on with its key. */
function action(partner: KeyOwner, id: string): WebhookAction {
  return { partnerId: partner.partnerId, id, actor: keyActor(partner) };
}

/** Where a delivery's detail is read, and its outcome polled. */
const deliveryLocation = (d: { webhook_id: string; id: string }) =>
  `/v1/partner/webhooks/${d.webhook_id}/deliveries/${d.id}`;

/** A request that has loaded the webhook of its path. */
type WithWebhook = EdgeEnv & { Variables: { webhook: WebhookRow } };

/**
 * Loads the partner's webhook of the path, or answers 404, before the rest of the request
 * is looked at: an unknown webhook answers 404 whatever its query says.
 */
function loadWebhook(sql: Sql): MiddlewareHandler<WithWebhook> {
  return async (c, next) => {
    const id = webhookPath.shape.id.safeParse(c.req.param("id"));
    const row = id.success && await findWebhook(sql, c.get("partner").partnerId, id.data);
    if (!row) throw notFound();
    c.set("webhook", row);
    await next();
  };
}

/** The routes of `/v1/partner/webhooks`. */
function webhookApi(deps: WebhookRoutesDeps) {
  const bodies = `Bodies over ${deps.bodyLimitBytes} bytes are refused.`;
  const body = jsonBody(deps.bodyLimitBytes);
  // The host rule changes what is accepted, not the shape the document shows.
  const hostRules: HostRuleOptions = { allowPrivateNetworks: deps.allowPrivateNetworks };
  const withWebhook = loadWebhook(deps.sql);
  return {
    list: createRoute({
      method: "get",
      path: "/",
      operationId: "listWebhooks",
      summary: "List webhooks",
      ...gated(
        "Every webhook of the partner, oldest first, without secrets. Not paginated: a " +
          `partner has at most ${MAX_WEBHOOKS_PER_PARTNER}.`,
        { 200: { description: "The webhooks.", content: json(webhookListSchema) } },
        [],
      ),
    }),
    register: createRoute({
      method: "post",
      path: "/",
      middleware: body,
      operationId: "registerWebhook",
      summary: "Register a webhook",
      request: {
        body: { required: true, content: json(webhookCreateSchema(hostRules)) },
      },
      ...gated(
        "Registers an endpoint for the chosen event types. The answer carries the signing " +
          "`secret`, shown only here and by rotate-secret. A partner has at most " +
          `${MAX_WEBHOOKS_PER_PARTNER} webhooks. Validation is as for jobs: every problem ` +
          `at once, unknown fields (\`secret\` included) refused. ${bodies}`,
        {
          201: {
            description: "Registered.",
            content: json(webhookWithSecretSchema),
            headers: ["Location"],
          },
        },
        [...BODY_ERRORS, "partner.webhook_limit_reached"],
      ),
    }),
    get: createRoute({
      method: "get",
      path: "/{id}",
      middleware: withWebhook,
      operationId: "getWebhook",
      summary: "Retrieve a webhook",
      request: { params: webhookPath },
      ...gated(
        "The webhook, without its secret. Another partner's answers 404.",
        { 200: { description: "The webhook.", content: json(webhookSchema) } },
        ["partner.not_found"],
      ),
    }),
    update: createRoute({
      method: "patch",
      path: "/{id}",
      middleware: body,
      operationId: "updateWebhook",
      summary: "Update a webhook",
      request: {
        params: webhookPath,
        body: { required: true, content: json(webhookUpdateSchema(hostRules)) },
      },
      ...gated(
        "Any of `url`, `events`, `is_active`. `is_active: true` re-enables a webhook the " +
          "service disabled: `disabled_at` and `disabled_reason` are cleared and the " +
          "failure count starts from zero. A body that changes nothing (empty, or the " +
          `values the webhook has) leaves it as it was, \`updated_at\` included. ${bodies}`,
        { 200: { description: "The webhook after the update.", content: json(webhookSchema) } },
        [...BODY_ERRORS, "partner.not_found"],
      ),
    }),
    delete: createRoute({
      method: "delete",
      path: "/{id}",
      operationId: "deleteWebhook",
      summary: "Delete a webhook",
      request: { params: webhookPath },
      ...gated(
        "Permanent: the webhook and its delivery log are removed, and retries still queued " +
          "are dropped.",
        { 204: { description: "Deleted; no body." } },
        ["partner.not_found"],
      ),
    }),
    rotateSecret: createRoute({
      method: "post",
      path: "/{id}/rotate-secret",
      operationId: "rotateWebhookSecret",
      summary: "Rotate the signing secret",
      request: { params: webhookPath },
      ...gated(
        "Issues a new secret, returned once. For 24 hours every delivery's " +
          "`X-Service-Signature` carries two `v1` values, the new secret's first, then the " +
          "old one's, so a receiver that accepts any matching `v1` keeps working while it " +
          "switches. Rotating again within the 24 hours retires the first secret at once. " +
          "No body.",
        {
          200: {
            description: "The webhook with its new secret.",
            content: json(webhookWithSecretSchema),
          },
        },
        ["partner.not_found"],
      ),
    }),
    deliveries: createRoute({
      method: "get",
      path: "/{id}/deliveries",
      middleware: withWebhook,
      operationId: "listDeliveries",
      summary: "List delivery attempts",
      request: { params: webhookPath, query: firstValues(deliveryListQuerySchema) },
      ...gated(
        "Every delivery attempt to this webhook, newest first, with cursor pagination as " +
          "for jobs, and filters by event, event type, outcome and when the attempt was " +
          `queued. Entries are kept ${DELIVERY_LOG_RETENTION_DAYS} days.`,
        { 200: { description: "A page of attempts.", content: json(deliveryPageSchema) } },
        ["partner.not_found", "partner.validation_failed"],
      ),
    }),
    delivery: createRoute({
      method: "get",
      path: "/{id}/deliveries/{delivery_id}",
      operationId: "getDelivery",
      summary: "Retrieve a delivery attempt",
      request: { params: deliveryPath },
      ...gated(
        "One entry of the delivery log with what went over the wire: the request's headers " +
          "as sent (the signature's included: they are not secret) and its body, and the " +
          "first 2 KiB of the response body beside its status and duration. Poll it for the " +
          "outcome of a redelivery or a test event. Another webhook's or partner's delivery " +
          "answers 404.",
        { 200: { description: "The attempt.", content: json(deliveryDetailSchema) } },
        ["partner.not_found"],
      ),
    }),
    redeliver: createRoute({
      method: "post",
      path: "/{id}/deliveries/{delivery_id}/redeliver",
      middleware: withWebhook,
      operationId: "redeliver",
      summary: "Send an event again",
      request: { params: deliveryPath },
      ...gated(
        "Sends that attempt's event again now: a new delivery id, the same event id and " +
          "body, signed afresh. One attempt, not retried; its outcome counts like any " +
          "attempt's (a 2xx resets the failure count); a test event's stays a test. A paused " +
          "or disabled webhook answers 409 `partner.webhook_inactive`: re-enable it first. " +
          "No body.",
        {
          202: {
            description: "Queued: the new log entry (`trigger: redeliver`, `outcome: " +
              "pending`); `Location` is its detail, to poll for the outcome.",
            content: json(deliverySchema),
            headers: ["Location"],
          },
        },
        ["partner.not_found", "partner.webhook_inactive"],
      ),
    }),
    recover: createRoute({
      method: "post",
      path: "/{id}/recover",
      middleware: body,
      operationId: "recoverDeliveries",
      summary: "Resend failed events",
      request: {
        params: webhookPath,
        body: { required: true, content: json(recoverSchema) },
      },
      ...gated(
        "Resends every event first sent to this webhook at or after `since` whose latest " +
          "attempt failed for good (its retries ran out, or a redelivery failed) or was " +
          "never made (cancelled while the webhook was paused or disabled): one redelivery " +
          "each, oldest first, at most " +
          `${RECOVER_LIMIT.toLocaleString("en")} per call (\`capped\` says more are left: ` +
          "call again). Events with a retry still to come, or an attempt pending, are left " +
          "as they are; test events are never resent. `dry_run: true` counts them and " +
          `queues nothing. \`since\` older than ${DELIVERY_LOG_RETENTION_DAYS} days (the ` +
          "log's retention) is refused (422, `too_old`). A paused or disabled webhook " +
          `answers 409 \`partner.webhook_inactive\`: re-enable it first. ${bodies}`,
        {
          200: {
            description: "Dry run: what would be resent.",
            content: json(recoverResultSchema),
          },
          202: { description: "Queued: what is resent.", content: json(recoverResultSchema) },
        },
        [...BODY_ERRORS, "partner.not_found", "partner.webhook_inactive"],
      ),
    }),
    sendTest: createRoute({
      method: "post",
      path: "/{id}/test",
      middleware: body,
      operationId: "sendTestEvent",
      summary: "Send a test event",
      request: {
        params: webhookPath,
        body: { required: true, content: json(testEventSchema) },
      },
      ...gated(
        "Sends the webhook an example event of `event_type` (the example of this " +
          "document's `webhooks` section, with a new event `id` and the current " +
          '`created_at`, and `"test": true` after `data`), signed and made as any ' +
          "delivery (address rules, 10 s deadline, no redirects). One attempt with " +
          "`trigger: test`: never retried, and its outcome counts neither toward the " +
          "failures that disable a webhook nor against them. Any of the four types may be " +
          "sent, subscribed or not, and a paused or disabled webhook is sent it too: it is " +
          "how an endpoint is checked before the webhook is turned back on. Poll the " +
          `\`Location\` for the outcome. ${bodies}`,
        {
          202: {
            description: "Queued: the log entry (`trigger: test`, `outcome: pending`); " +
              "`Location` is its detail.",
            content: json(deliverySchema),
            headers: ["Location"],
          },
        },
        [...BODY_ERRORS, "partner.not_found"],
      ),
    }),
  };
}

/** The routes, to be mounted at `/v1/partner/webhooks`. */
export function webhookRoutes(deps: WebhookRoutesDeps): OpenAPIHono<EdgeEnv> {
  const routes = webhookApi(deps);
  const withSecret = (row: WebhookWithSecret) => ({ ...toPublicWebhook(row), secret: row.secret });
  /** What `@hire/accounts` did, or the answer to its refusal. */
  const accepted = <T extends object>(result: T | WebhookRefusal): T => {
    if (typeof result === "string") throw refused(result);
    return result;
  };

  const api = new OpenAPIHono<EdgeEnv>();
  api.use("*", requireFeature("webhooks"));
  api.openapi(routes.list, async (c) => {
    const rows = await listWebhooks(deps.sql, c.get("partner").partnerId);
    return c.json({ data: rows.map((r) => toPublicWebhook(r)) }, 200);
  });
  api.openapi(routes.register, async (c) => {
    const partner = c.get("partner");
    const row = accepted(
      await registerWebhook(deps.sql, {
        partnerId: partner.partnerId,
        actor: keyActor(partner),
        fields: c.req.valid("json"),
        secrets: deps.webhookSecrets,
      }),
    );
    c.header("Location", `/v1/partner/webhooks/${row.id}`);
    return c.json(withSecret(row), 201);
  });
  api.openapi(routes.get, (c) => c.json(toPublicWebhook(c.get("webhook")), 200));
  api.openapi(routes.update, async (c) => {
    const row = accepted(
      await updateWebhook(deps.sql, {
        ...action(c.get("partner"), c.req.valid("param").id),
        changes: c.req.valid("json"),
      }),
    );
    return c.json(toPublicWebhook(row), 200);
  });
  api.openapi(routes.delete, async (c) => {
    accepted(await deleteWebhook(deps.sql, action(c.get("partner"), c.req.valid("param").id)));
    return c.body(null, 204);
  });
  api.openapi(routes.rotateSecret, async (c) => {
    const row = accepted(
      await rotateWebhookSecret(deps.sql, {
        ...action(c.get("partner"), c.req.valid("param").id),
        secrets: deps.webhookSecrets,
      }),
    );
    return c.json(withSecret(row), 200);
  });
  api.openapi(routes.deliveries, async (c) => {
    const row = c.get("webhook");
    const q = c.req.valid("query");
    const page = await listDeliveries(deps.sql, {
      partnerId: row.partner_id,
      webhookId: row.id,
      limit: q.limit,
      after: q.cursor ? decodeCursor(q.cursor, "dlv") : undefined,
      eventId: q.event_id,
      eventType: q.event_type,
      outcome: q.outcome,
      createdAfter: q.created_after,
      createdBefore: q.created_before,
    });
    return c.json(listPage(page.rows, page.hasMore, toPublicDelivery), 200);
  });
  api.openapi(routes.delivery, async (c) => {
    const { id, delivery_id } = c.req.valid("param");
    const row = await findDelivery(deps.sql, {
      partnerId: c.get("partner").partnerId,
      webhookId: id,
      deliveryId: delivery_id,
    });
    if (!row) throw notFound();
    return c.json(toPublicDeliveryDetail(row), 200);
  });
  api.openapi(routes.redeliver, async (c) => {
    const { id, delivery_id } = c.req.valid("param");
    const queued = accepted(
      await redeliver(deps.sql, { ...action(c.get("partner"), id), deliveryId: delivery_id }),
    );
    c.header("Location", deliveryLocation(queued));
    return c.json(toPublicDelivery(queued), 202);
  });
  api.openapi(routes.recover, async (c) => {
    const { since, dry_run } = c.req.valid("json");
    const found = accepted(
      await recoverDeliveries(deps.sql, {
        ...action(c.get("partner"), c.req.valid("param").id),
        since,
        dryRun: dry_run,
      }),
    );
    const answer = { count: found.count, capped: found.capped, since: since.toISOString() };
    return dry_run ? c.json(answer, 200) : c.json(answer, 202);
  });
  api.openapi(routes.sendTest, async (c) => {
    const queued = accepted(
      await sendTestEvent(deps.sql, {
        ...action(c.get("partner"), c.req.valid("param").id),
        eventType: c.req.valid("json").event_type,
      }),
    );
    c.header("Location", deliveryLocation(queued));
    return c.json(toPublicDelivery(queued), 202);
  });
  return refuseOtherMethods(api);
}
