/**
 * The edge's HTTP application: the only public surface. `createApp(deps)` is a function of
 * its dependencies, so tests drive it with `app.request()` or serve it on a free port.
 * @module
 */
import { isDbUnavailable, type Sql } from "@hire/db";
import type { Logger } from "@hire/log";
import { Hono } from "hono";
import type { Admin } from "kafkajs";
import type { CommandBus } from "./command_bus.ts";
import type { EdgeEnv } from "./env.ts";
import type { IdempotencyStore } from "./idempotency.ts";
import { authenticate, type KeyCache } from "./middleware/auth.ts";
import { requestId } from "./middleware/request_id.ts";
import { ApiError, problemResponse } from "./problem.ts";
import { healthRoutes } from "./routes/health.ts";
import { jobRoutes } from "./routes/jobs.ts";
import { webhookRoutes } from "./routes/webhooks.ts";

/** Everything the app needs, built by main.ts (or a test). */
export interface EdgeDeps {
  sql: Sql;
  bus: CommandBus;
  idempotency: IdempotencyStore;
  keyCache: KeyCache;
  kafkaAdmin: Admin;
  log: Logger;
  publicBaseUrl: string;
  commandTimeoutMs: number;
  bodyLimitBytes: number;
  /** Lifts the public-address rule for webhook URLs (development and tests only). */
  allowPrivateNetworks: boolean;
}

/** Builds the app. */
export function createApp(deps: EdgeDeps): Hono<EdgeEnv> {
  const app = new Hono<EdgeEnv>();
  app.use("*", requestId());
  app.route("/", healthRoutes(deps));
  app.use("/v1/*", authenticate({ sql: deps.sql, cache: deps.keyCache }));
  app.route("/v1/partner/jobs", jobRoutes(deps));
  app.route("/v1/partner/webhooks", webhookRoutes(deps));

  app.notFound((c) =>
    problemResponse(new ApiError("partner.route_not_found"), c.get("requestId"), deps.publicBaseUrl)
  );
  app.onError((err, c) => {
    const id = c.get("requestId");
    if (err instanceof ApiError) return problemResponse(err, id, deps.publicBaseUrl);
    if (isDbUnavailable(err) || err.name.startsWith("KafkaJS")) {
      deps.log.warn("dependency unavailable", { err, request_id: id });
      return problemResponse(new ApiError("partner.unavailable"), id, deps.publicBaseUrl);
    }
    deps.log.error("unhandled error", {
      err,
      request_id: id,
      method: c.req.method,
      path: c.req.path,
    });
    return problemResponse(new ApiError("partner.internal_error"), id, deps.publicBaseUrl);
  });
  return app;
}
