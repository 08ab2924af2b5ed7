/**
 * The webhooks resource: registration, secret rotation and the delivery log, under
 * `/v1/partner/webhooks`. Every endpoint needs a plan that includes webhooks.
 * @module
 */
import type { Sql } from "@hire/db";
import {
  deliveryListQuerySchema,
  toPublicDelivery,
  toPublicWebhook,
  webhookCreateSchema,
  type WebhookRow,
  webhookUpdateSchema,
} from "@hire/webhooks";
import { Hono } from "hono";
import { decodeCursor, listPage } from "../cursor.ts";
import type { EdgeEnv } from "../env.ts";
import { idParam } from "../id_param.ts";
import { limitBody, readJson } from "../middleware/json_body.ts";
import { methodNotAllowed } from "../middleware/method_not_allowed.ts";
import { requireFeature } from "../middleware/plan_gate.ts";
import { ApiError } from "../problem.ts";
import { validate } from "../validation.ts";
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
} from "../webhooks_store.ts";

/** What the webhook routes need. */
export interface WebhookRoutesDeps {
  sql: Sql;
  bodyLimitBytes: number;
  /** Lifts the public-address rule for webhook URLs (development and tests only). */
  allowPrivateNetworks: boolean;
}

const notFound = () => new ApiError("partner.not_found");

/** The routes, to be mounted at `/v1/partner/webhooks`. */
export function webhookRoutes(deps: WebhookRoutesDeps): Hono<EdgeEnv> {
  const hostRules = { allowPrivateNetworks: deps.allowPrivateNetworks };
  const createSchema = webhookCreateSchema(hostRules);
  const updateSchema = webhookUpdateSchema(hostRules);
  const withSecret = (row: WebhookRow) => ({ ...toPublicWebhook(row), secret: row.secret });

  const webhookOf = async (partnerId: string, id: string) => {
    const row = await findWebhook(deps.sql, partnerId, idParam("wh", id));
    if (!row) throw notFound();
    return row;
  };

  return new Hono<EdgeEnv>()
    .use("*", requireFeature("webhooks"))
    .post("/", limitBody(deps.bodyLimitBytes), async (c) => {
      const fields = validate(createSchema, await readJson(c));
      const row = await createWebhook(deps.sql, c.get("partner").partnerId, fields);
      if (!row) {
        throw new ApiError("partner.webhook_limit_reached", {
          detail: `A partner can register at most ${MAX_WEBHOOKS_PER_PARTNER} webhooks.`,
        });
      }
      c.header("Location", `/v1/partner/webhooks/${row.id}`);
      return c.json(withSecret(row), 201);
    })
    .get("/", async (c) => {
      const rows = await listWebhooks(deps.sql, c.get("partner").partnerId);
      return c.json({ data: rows.map((r) => toPublicWebhook(r)) });
    })
    .all("/", methodNotAllowed(["GET", "POST"]))
    .get("/:id", async (c) => {
      const row = await webhookOf(c.get("partner").partnerId, c.req.param("id"));
      return c.json(toPublicWebhook(row));
    })
    .patch("/:id", limitBody(deps.bodyLimitBytes), async (c) => {
      const { partnerId } = c.get("partner");
      const id = idParam("wh", c.req.param("id"));
      const changes = validate(updateSchema, await readJson(c));
      const row = await updateWebhook(deps.sql, partnerId, id, changes);
      if (!row) throw notFound();
      return c.json(toPublicWebhook(row));
    })
    .delete("/:id", async (c) => {
      const id = idParam("wh", c.req.param("id"));
      if (!await deleteWebhook(deps.sql, c.get("partner").partnerId, id)) throw notFound();
      return c.body(null, 204);
    })
    .all("/:id", methodNotAllowed(["GET", "PATCH", "DELETE"]))
    .post("/:id/rotate-secret", async (c) => {
      const id = idParam("wh", c.req.param("id"));
      const row = await rotateSecret(deps.sql, c.get("partner").partnerId, id);
      if (!row) throw notFound();
      return c.json(withSecret(row));
    })
    .all("/:id/rotate-secret", methodNotAllowed(["POST"]))
    .get("/:id/deliveries", async (c) => {
      const row = await webhookOf(c.get("partner").partnerId, c.req.param("id"));
      const q = validate(deliveryListQuerySchema, c.req.query());
      const after = q.cursor ? decodeCursor(q.cursor, "dlv") : undefined;
      const page = await listDeliveries(deps.sql, row.id, {
        limit: q.limit,
        after,
        eventId: q.event_id,
        outcome: q.outcome,
      });
      return c.json(listPage(page.rows, page.hasMore, toPublicDelivery));
    })
    .all("/:id/deliveries", methodNotAllowed(["GET"]))
    .post("/:id/deliveries/:deliveryId/redeliver", async (c) => {
      const row = await webhookOf(c.get("partner").partnerId, c.req.param("id"));
      const deliveryId = idParam("dlv", c.req.param("deliveryId"));
      // A paused or disabled webhook receives nothing; re-enable it first.
      if (!row.is_active) throw new ApiError("partner.webhook_inactive");
      const queued = await queueRedelivery(deps.sql, row.id, deliveryId);
      if (!queued) throw notFound();
      c.header("Location", `/v1/partner/webhooks/${row.id}/deliveries?event_id=${queued.event_id}`);
      return c.json(toPublicDelivery(queued), 202);
    })
    .all("/:id/deliveries/:deliveryId/redeliver", methodNotAllowed(["POST"]));
}
