/**
 * `/healthz` (the process answers) and `/readyz` (Postgres answered the last probe, which
 * runs in the background).
 * @module
 */
import type { Sql } from "@hire/db";
import { type Readiness, startReadiness } from "@hire/http";
import { Hono } from "hono";
import type { ConsoleEnv } from "../env.ts";

/** What `/readyz` reports. */
export type ConsoleReadiness = Readiness<"postgres">;

/** Starts probing what the console needs; `stop()` it on shutdown. */
export function startConsoleReadiness(sql: Sql): ConsoleReadiness {
  return startReadiness({ postgres: () => sql`SELECT 1` });
}

/** The health routes. */
export function healthRoutes(deps: { readiness: ConsoleReadiness }): Hono<ConsoleEnv> {
  return new Hono<ConsoleEnv>()
    .get("/healthz", (c) => c.json({ status: "ok" }))
    .get(
      "/readyz",
      (c) =>
        deps.readiness.current().postgres === "ok"
          ? c.json({ status: "ready", postgres: "ok" })
          : c.json({ status: "unavailable", postgres: "unreachable" }, 503),
    );
}
