/**
 * The edge's HTTP application: the partner API. `createApp(deps)` is a function of
 * its dependencies, so tests drive it with `app.request()` or serve it on a free port.
 * @module
 */
import { isDbUnavailable, type Sql } from "@hire/db";
import type { Logger } from "@hire/log";
import { Hono } from "hono";
import type { Admin } from "kafkajs";
import type { CommandBus } from "./command_bus.ts";
import type { AppSettings } from "./config.ts";
import type { EdgeEnv } from "./env.ts";
import type { IdempotencyStore } from "./idempotency.ts";
import { CURRENT_VERSION, pathVersion } from "./versioning.ts";
import { authenticate, type KeyCache } from "./middleware/auth.ts";
import { createRequestCounter } from "./limits/request_leases.ts";
import { leaseRequests } from "./limits/usage_store.ts";
import { countRequests, reportLimits } from "./middleware/rate_limit.ts";
import { requestId } from "./middleware/request_id.ts";
import { versionDeprecation } from "./middleware/version_deprecation.ts";
import { ApiError, problemResponse } from "./problem.ts";
import { docsRoutes } from "./routes/docs.ts";
import { healthRoutes } from "./routes/health.ts";
import { bulkRoutes } from "./routes/jobs_bulk.ts";
import { jobRoutes } from "./routes/jobs.ts";
import { webhookRoutes } from "./routes/webhooks.ts";

/** Everything the app needs, built by main.ts (or a test). */
export interface EdgeDeps extends AppSettings {
  sql: Sql;
  bus: CommandBus;
  idempotency: IdempotencyStore;
  keyCache: KeyCache;
  kafkaAdmin: Admin;
  log: Logger;
}

/** Builds the app. */
export function createApp(deps: EdgeDeps): Hono<EdgeEnv> {
  const app = new Hono<EdgeEnv>();
  const counter = createRequestCounter((partnerId, want, limit) =>
    leaseRequests(deps.sql, { partnerId, want, limit })
  );
  const creation = { ...deps, counter };
  app.use("*", requestId());
  // Outermost on /v1, so refusals (401, 429) carry these headers too.
  app.use("/v1/*", versionDeprecation(deps.deprecation));
  app.use("/v1/*", reportLimits());
  app.route("/", healthRoutes(deps));
  app.route("/", docsRoutes(deps));
  app.use("/v1/*", authenticate({ sql: deps.sql, cache: deps.keyCache }));
  app.use("/v1/*", countRequests({ counter, limits: deps.planLimits }));
  app.route("/v1/partner/jobs/bulk", bulkRoutes(creation));
  app.route("/v1/partner/jobs", jobRoutes(creation));
  app.route("/v1/partner/webhooks", webhookRoutes(deps));

  app.notFound((c) => {
    const version = pathVersion(c.req.path);
    const error = version && version !== CURRENT_VERSION
      ? new ApiError("partner.version_not_found", {
        detail: `API version ${version} does not exist. The current version is ${CURRENT_VERSION}.`,
      })
      : new ApiError("partner.route_not_found");
    return problemResponse(error, c.get("requestId"), deps.publicBaseUrl);
  });
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
