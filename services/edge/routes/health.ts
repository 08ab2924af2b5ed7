/**
 * `GET /healthz`: the process is alive. `GET /readyz`: Postgres and Kafka really answer,
 * so a load balancer sends traffic only to an edge that can serve it.
 * @module
 */
import type { Sql } from "@hire/db";
import { Hono } from "hono";
import type { Admin } from "kafkajs";
import type { EdgeEnv } from "../env.ts";

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

/** Health routes, mounted at the root. */
export function healthRoutes(deps: { sql: Sql; kafkaAdmin: Admin }): Hono<EdgeEnv> {
  return new Hono<EdgeEnv>()
    .get("/healthz", (c) => c.json({ status: "ok" }))
    .get("/readyz", async (c) => {
      const [postgres, kafka] = await Promise.all([
        check(() => deps.sql`SELECT 1`),
        check(() => deps.kafkaAdmin.describeCluster()),
      ]);
      const ready = postgres === "ok" && kafka === "ok";
      return c.json(
        { status: ready ? "ready" : "unavailable", checks: { postgres, kafka } },
        ready ? 200 : 503,
      );
    });
}
