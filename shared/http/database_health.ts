/**
 * `/healthz` (the process answers) and `/readyz` (Postgres answered the last probe) of a
 * service whose only dependency is Postgres: the public site and the console. Readiness is
 * probed in the background, so however often it is asked the database sees one `SELECT 1`
 * every few seconds.
 * @module
 */
import type { Sql } from "@hire/db";
import { type Env, Hono } from "hono";
import { type Readiness, startReadiness } from "./readiness.ts";

/** What `/readyz` reports. */
export type DatabaseReadiness = Readiness<"postgres">;

/** Starts probing Postgres; `stop()` it on shutdown. */
export function startDatabaseReadiness(sql: Sql): DatabaseReadiness {
  return startReadiness({ postgres: () => sql`SELECT 1` });
}

/** The health routes. */
export function databaseHealthRoutes<E extends Env>(
  deps: { readiness: DatabaseReadiness },
): Hono<E> {
  return new Hono<E>()
    .get("/healthz", (c) => c.json({ status: "ok" }))
    .get(
      "/readyz",
      (c) =>
        deps.readiness.current().postgres === "ok"
          ? c.json({ status: "ready", postgres: "ok" })
          : c.json({ status: "unavailable", postgres: "unreachable" }, 503),
    );
}
