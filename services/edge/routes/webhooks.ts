/**
 * The webhooks resource: registration, secret rotation and the delivery log, under
 * `/v1/partner/webhooks`. Every endpoint needs a plan that includes webhooks. Each route is
 * declared once, with what the API reference says of it.
 * @module
 */
import type { Sql } from "@hire/db";
import type { ErrorCode } from "@hire/errors";
import {
  deliveryListQuerySchema,
  type HostRuleOptions,
  type SecretBox,
  toPublicDelivery,
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
  deliveryPageSchema,
  deliverySchema,
  webhookListSchema,
  webhookSchema,
  webhookWithSecretSchema,
} from "../openapi/resource_schemas.ts";
import { ApiError } from "../problem.ts";
import { firstValues } from "../validation.ts";
import {
  createWebhook,
  deleteWebhook,
  findWebhook,
  listDeliveries,
  listWebhooks,
  MAX_WEBHOOKS_PER_PARTNER,
  queueRedelivery,
  rotateSecret,
  updateWebhook,
  type WebhookWithSecret,
} from "../webhooks_store.ts";

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
          "failure count starts from zero. An empty body changes nothing, `updated_at` " +
          `included. ${bodies}`,
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
          "for jobs. The log is kept as long as the webhook exists.",
        { 200: { description: "A page of attempts.", content: json(deliveryPageSchema) } },
        ["partner.not_found", "partner.validation_failed"],
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
          "attempt's (a 2xx resets the failure count). A paused or disabled webhook answers " +
          "409 `partner.webhook_inactive`: re-enable it first. No body.",
        {
          202: {
            description: "Queued: the new log entry (`trigger: redeliver`, `outcome: pending`).",
            content: json(deliverySchema),
            headers: ["Location"],
          },
        },
        ["partner.not_found", "partner.webhook_inactive"],
      ),
    }),
  };
}

/** The routes, to be mounted at `/v1/partner/webhooks`. */
export function webhookRoutes(deps: WebhookRoutesDeps): OpenAPIHono<EdgeEnv> {
  const routes = webhookApi(deps);
  const withSecret = (row: WebhookWithSecret) => ({ ...toPublicWebhook(row), secret: row.secret });

  const api = new OpenAPIHono<EdgeEnv>();
  api.use("*", requireFeature("webhooks"));
  api.openapi(routes.list, async (c) => {
    const rows = await listWebhooks(deps.sql, c.get("partner").partnerId);
    return c.json({ data: rows.map((r) => toPublicWebhook(r)) }, 200);
  });
  api.openapi(routes.register, async (c) => {
    const row = await createWebhook(deps.sql, {
      partnerId: c.get("partner").partnerId,
      fields: c.req.valid("json"),
      secrets: deps.webhookSecrets,
    });
    if (!row) {
      throw new ApiError("partner.webhook_limit_reached", {
        detail: `A partner can register at most ${MAX_WEBHOOKS_PER_PARTNER} webhooks.`,
      });
    }
    c.header("Location", `/v1/partner/webhooks/${row.id}`);
    return c.json(withSecret(row), 201);
  });
  api.openapi(routes.get, (c) => c.json(toPublicWebhook(c.get("webhook")), 200));
  api.openapi(routes.update, async (c) => {
    const { partnerId } = c.get("partner");
    const row = await updateWebhook(
      deps.sql,
      partnerId,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    if (!row) throw notFound();
    return c.json(toPublicWebhook(row), 200);
  });
  api.openapi(routes.delete, async (c) => {
    const id = c.req.valid("param").id;
    if (!await deleteWebhook(deps.sql, c.get("partner").partnerId, id)) throw notFound();
    return c.body(null, 204);
  });
  api.openapi(routes.rotateSecret, async (c) => {
    const row = await rotateSecret(deps.sql, {
      partnerId: c.get("partner").partnerId,
      id: c.req.valid("param").id,
      secrets: deps.webhookSecrets,
    });
    if (!row) throw notFound();
    return c.json(withSecret(row), 200);
  });
  api.openapi(routes.deliveries, async (c) => {
    const row = c.get("webhook");
    const q = c.req.valid("query");
    const after = q.cursor ? decodeCursor(q.cursor, "dlv") : undefined;
    const page = await listDeliveries(deps.sql, row.id, {
      limit: q.limit,
      after,
      eventId: q.event_id,
      outcome: q.outcome,
    });
    return c.json(listPage(page.rows, page.hasMore, toPublicDelivery), 200);
  });
  api.openapi(routes.redeliver, async (c) => {
    const row = c.get("webhook");
    // A paused or disabled webhook receives nothing; re-enable it first.
    if (!row.is_active) throw new ApiError("partner.webhook_inactive");
    const queued = await queueRedelivery(deps.sql, row.id, c.req.valid("param").delivery_id);
    if (!queued) throw notFound();
    c.header("Location", `/v1/partner/webhooks/${row.id}/deliveries?event_id=${queued.event_id}`);
    return c.json(toPublicDelivery(queued), 202);
  });
  return refuseOtherMethods(api);
}
