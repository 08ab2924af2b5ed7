/**
 * `/healthz` (the process answers) and `/readyz` (Postgres answered the last probe). Readiness
 * is probed in the background, so however often it is asked the database sees one `SELECT 1`
 * every few seconds.
 */
import type { Sql } from "@hire/db";
import { type Readiness, startReadiness } from "@hire/http";
import { Hono } from "hono";
import type { SiteEnv } from "../env.ts";

/** What `/readyz` reports. */
export type SiteReadiness = Readiness<"postgres">;

/** Starts probing what the site needs; `stop()` it on shutdown. */
export function startSiteReadiness(sql: Sql): SiteReadiness {
  return startReadiness({ postgres: () => sql`SELECT 1` });
}

/** The health routes. */
export function healthRoutes(deps: { readiness: SiteReadiness }): Hono<SiteEnv> {
  return new Hono<SiteEnv>()
    .get("/healthz", (c) => c.json({ status: "ok" }))
    .get(
      "/readyz",
      (c) =>
        deps.readiness.current().postgres === "ok"
          ? c.json({ status: "ready", postgres: "ok" })
          : c.json({ status: "unavailable", postgres: "unreachable" }, 503),
    );
}
