/** `/healthz` (the process answers) and `/readyz` (it can reach Postgres). */
import type { Sql } from "@hire/db";
import { Hono } from "hono";
import type { SiteEnv } from "../env.ts";

/** The health routes. */
export function healthRoutes(deps: { sql: Sql }): Hono<SiteEnv> {
  return new Hono<SiteEnv>()
    .get("/healthz", (c) => c.json({ status: "ok" }))
    .get("/readyz", async (c) => {
      try {
        await deps.sql`SELECT 1`;
        return c.json({ status: "ready", postgres: "ok" });
      } catch {
        return c.json({ status: "unavailable", postgres: "unreachable" }, 503);
      }
    });
}
