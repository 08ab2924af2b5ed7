/**
 * `GET /healthz`: the process is alive. `GET /readyz`: Postgres and Kafka really answer,
 * so a load balancer sends traffic only to an edge that can serve it.
 * @module
 */
import type { Sql } from "@hire/db";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { QueueProbe } from "@hire/queue";
import type { EdgeEnv } from "../env.ts";
import { json, publicResponses } from "../openapi/operations.ts";
import { healthSchema, readinessSchema } from "../openapi/resource_schemas.ts";

const CHECK_TIMEOUT_MS = 2000;

async function check(probe: () => Promise<unknown>): Promise<"ok" | "unavailable"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return "ok";
  } catch {
    return "unavailable";
  } finally {
    clearTimeout(timer);
  }
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
  description: "Whether Postgres and Kafka both answer (each within 2 seconds).",
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
export function healthRoutes(deps: { sql: Sql; queueProbe: QueueProbe }): OpenAPIHono<EdgeEnv> {
  const api = new OpenAPIHono<EdgeEnv>();
  api.openapi(healthRoute, (c) => c.json({ status: "ok" as const }, 200));
  api.openapi(readinessRoute, async (c) => {
    const [postgres, kafka] = await Promise.all([
      check(() => deps.sql`SELECT 1`),
      check(() => deps.queueProbe.check()),
    ]);
    const ready = postgres === "ok" && kafka === "ok";
    return c.json(
      { status: ready ? "ready" as const : "unavailable" as const, checks: { postgres, kafka } },
      ready ? 200 : 503,
    );
  });
  return api;
}
