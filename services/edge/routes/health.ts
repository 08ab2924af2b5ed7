/**
 * `GET /healthz`: the process is alive. `GET /readyz`: Postgres and Kafka answered their last
 * probe, so a load balancer sends traffic only to an edge that can serve it. The probes run
 * in the background every 2 seconds; a hit reads their last answers and queries nothing.
 * @module
 */
import type { Sql } from "@hire/db";
import { type Readiness, startReadiness } from "@hire/http";
import type { QueueProbe } from "@hire/queue";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { EdgeEnv } from "../env.ts";
import { json, publicResponses } from "../openapi/operations.ts";
import { healthSchema, readinessSchema } from "../openapi/resource_schemas.ts";

/** What `/readyz` reports. */
export type EdgeReadiness = Readiness<"postgres" | "kafka">;

/** Starts probing what the edge needs; `stop()` it on shutdown. */
export function startEdgeReadiness(deps: { sql: Sql; queueProbe: QueueProbe }): EdgeReadiness {
  return startReadiness({
    postgres: () => deps.sql`SELECT 1`,
    kafka: () => deps.queueProbe.check(),
  });
}

const healthRoute = createRoute({
  method: "get",
  path: "/healthz",
  operationId: "health",
  tags: ["Health"],
  summary: "Liveness",
  description: "The process is alive.",
  security: [],
  responses: publicResponses("/healthz", {
    200: { description: "Alive.", content: json(healthSchema) },
  }),
});

const readinessRoute = createRoute({
  method: "get",
  path: "/readyz",
  operationId: "readiness",
  tags: ["Health"],
  summary: "Readiness",
  description: "Whether Postgres and Kafka both answered their last probe (each within 2 " +
    "seconds). The edge probes them every 2 seconds in the background; this answers from " +
    "those results, so an outage shows within a few seconds and a hit costs no query.",
  security: [],
  responses: publicResponses("/readyz", {
    200: { description: "Ready.", content: json(readinessSchema) },
    503: {
      description: "Not ready: `checks` names what does not answer.",
      content: json(readinessSchema),
    },
  }),
});

/** Health routes, mounted at the root. */
export function healthRoutes(deps: { readiness: EdgeReadiness }): OpenAPIHono<EdgeEnv> {
  const api = new OpenAPIHono<EdgeEnv>();
  api.openapi(healthRoute, (c) => c.json({ status: "ok" as const }, 200));
  api.openapi(readinessRoute, (c) => {
    const checks = deps.readiness.current();
    const ready = checks.postgres === "ok" && checks.kafka === "ok";
    return c.json(
      { status: ready ? "ready" as const : "unavailable" as const, checks },
      ready ? 200 : 503,
    );
  });
  return api;
}
