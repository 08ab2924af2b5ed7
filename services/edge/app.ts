/**
 * The edge's HTTP application: the partner API. `createApp(deps)` is a function of
 * its dependencies, so tests drive it with `app.request()` or serve it on a free port.
 * @module
 */
import { isDbUnavailable, type Sql } from "@hire/db";
import { createClientLimiter } from "@hire/http";
import type { Logger } from "@hire/log";
import { isQueueUnavailable } from "@hire/queue";
import {
  findKeyOwner,
  leaseRequests,
  recordKeyUse,
  reserveJobs as reserveJobsOf,
} from "@hire/tables";
import { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import type { CommandBus } from "./command_bus.ts";
import type { AppSettings } from "./config.ts";
import type { EdgeEnv } from "./env.ts";
import type { IdempotencyStore } from "./idempotency.ts";
import { CURRENT_VERSION, pathVersion } from "./versioning.ts";
import { authenticate, type KeyCache, keyUseRecorder } from "./middleware/auth.ts";
import { combinedReservations } from "./limits/quota_reservations.ts";
import { createRequestCounter } from "./limits/request_leases.ts";
import { bodyProblem } from "./middleware/json_body.ts";
import { noStore } from "./middleware/no_store.ts";
import { refuseBadQueryText } from "./middleware/query_text.ts";
import { countRequests, reportLimits } from "./middleware/rate_limit.ts";
import { requestId } from "./middleware/request_id.ts";
import { versionDeprecation } from "./middleware/version_deprecation.ts";
import { registerComponents } from "./openapi/components.ts";
import { loadOpenApiDocumentOf } from "./openapi/generate.ts";
import { registerWebhookEvents } from "./openapi/webhook_events.ts";
import { ApiError, problemResponse } from "./problem.ts";
import { docsRoutes } from "./routes/docs.ts";
import { type EdgeReadiness, healthRoutes } from "./routes/health.ts";
import { jobMatchRoutes } from "./routes/job_matches.ts";
import { bulkRoutes } from "./routes/jobs_bulk.ts";
import { jobRoutes } from "./routes/jobs.ts";
import { webhookRoutes } from "./routes/webhooks.ts";
import type { JobCache } from "./job_cache.ts";
import { refuseInvalid } from "./validation.ts";

/** Everything the app needs, built by main.ts (or a test). */
export interface EdgeDeps extends AppSettings {
  sql: Sql;
  bus: CommandBus;
  idempotency: IdempotencyStore;
  keyCache: KeyCache;
  /** Jobs read by retrieve, kept exact by `dropOnJobChange`. */
  jobCache: JobCache;
  /** What `/readyz` answers from (`startEdgeReadiness`). */
  readiness: EdgeReadiness;
  log: Logger;
}

/**
 * Builds the app. Its routes are the source of its API document (`/v1/openapi.json`): each
 * declares its request and responses once, and its handler reads the validated request.
 */
export function createApp(deps: EdgeDeps): OpenAPIHono<EdgeEnv> {
  const app = new OpenAPIHono<EdgeEnv>({ defaultHook: refuseInvalid });
  const counter = createRequestCounter((partnerId, want, limit) =>
    leaseRequests(deps.sql, { partnerId, want, limit })
  );
  const reserveJobs = combinedReservations((opts) => reserveJobsOf(deps.sql, opts));
  const creation = { ...deps, counter, reserveJobs };
  app.use("*", requestId());
  // Outermost on /v1, so refusals (401, 429) carry these headers too.
  app.use("/v1/*", versionDeprecation(deps.deprecation));
  app.use("/v1/*", reportLimits());
  app.use("/v1/partner/*", noStore());
  app.route("/", healthRoutes(deps));
  app.route("/", docsRoutes({ openApiDocument: () => loadOpenApiDocumentOf(app, deps) }));
  app.use(
    "/v1/*",
    authenticate({
      cache: deps.keyCache,
      findOwner: (key) => findKeyOwner(deps.sql, key),
      keyUsed: keyUseRecorder({ record: (keyId) => recordKeyUse(deps.sql, keyId), log: deps.log }),
      attempts: createClientLimiter({ perMinute: deps.authAttemptsPerMinute }),
      trustProxy: deps.trustProxy,
    }),
  );
  app.use("/v1/*", countRequests({ counter, limits: deps.planLimits }));
  app.use("/v1/*", refuseBadQueryText());
  app.route("/v1/partner/jobs/bulk", bulkRoutes(creation));
  app.route("/v1/partner/jobs", jobRoutes(creation));
  app.route("/v1/partner/jobs", jobMatchRoutes(deps));
  app.route("/v1/partner/webhooks", webhookRoutes(deps));
  // What the document holds besides the routes.
  registerComponents(app.openAPIRegistry);
  registerWebhookEvents(app.openAPIRegistry);

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
    // A route's validator refuses a body with Hono's exceptions; they have codes of ours.
    const error = err instanceof HTTPException ? bodyProblem(err) ?? err : err;
    if (error instanceof ApiError) return problemResponse(error, id, deps.publicBaseUrl);
    if (isDbUnavailable(err) || isQueueUnavailable(err)) {
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
