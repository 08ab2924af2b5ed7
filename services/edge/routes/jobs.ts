/**
 * The jobs resource: `/v1/partner/jobs` and `/v1/partner/jobs/:id`.
 * @module
 */
import { newId } from "@hire/ids";
import {
  canonicalCity,
  JOB_STATUSES,
  type JobCommand,
  jobCreateSchema,
  type JobRow,
  jobUpdateSchema,
  type PublicJob,
  toPublicJob,
} from "@hire/jobs";
import { Hono } from "hono";
import { z } from "zod";
import { decodeCursor, listPage } from "../cursor.ts";
import type { EdgeEnv } from "../env.ts";
import { IDEMPOTENCY_HEADER, parseIdempotencyKey } from "../idempotency.ts";
import { commandEnvelope } from "../job_commands.ts";
import { createPlanned, type CreationDeps, idempotently, planJobs } from "../job_creation.ts";
import { idParam } from "../id_param.ts";
import { findJob, listJobs } from "../jobs_store.ts";
import { limitBody, readJson } from "../middleware/json_body.ts";
import { methodNotAllowed } from "../middleware/method_not_allowed.ts";
import { ApiError } from "../problem.ts";
import { validate } from "../validation.ts";

/** What the jobs routes need. */
export interface JobRoutesDeps extends CreationDeps {
  bodyLimitBytes: number;
}

/** Query of the list endpoint; unknown parameters are refused like unknown body fields. */
export const listQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().optional(),
  status: z.enum(JOB_STATUSES).optional(),
  city: z.string().transform((s, ctx) => {
    const c = canonicalCity(s);
    if (!c) ctx.addIssue({ code: "custom", params: { code: "unknown_city" } });
    return c ?? z.NEVER;
  }).optional(),
});

const notFound = () => new ApiError("partner.not_found");

/** The routes, to be mounted at `/v1/partner/jobs`. */
export function jobRoutes(deps: JobRoutesDeps): Hono<EdgeEnv> {
  const publicJob = (row: JobRow) => toPublicJob(row, deps.siteBaseUrl);

  const command = <T extends JobCommand["type"]>(type: T, partnerId: string, jobId: string) =>
    commandEnvelope(type, { commandId: newId("cmd"), partnerId, jobId }, deps.commandTimeoutMs);

  return new Hono<EdgeEnv>()
    .post("/", limitBody(deps.bodyLimitBytes), async (c) => {
      const key = parseIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
      const raw = await readJson(c);
      const planned = planJobs([{ index: 0, job: validate(jobCreateSchema, raw) }]);
      const { response, replayed } = await idempotently(
        c,
        deps,
        { key, path: "/v1/partner/jobs", raw, planned },
        async (toCreate, earlier) => {
          const [outcome] = [...earlier, ...await createPlanned(c, deps, toCreate)];
          if (!outcome || "error" in outcome) throw outcome?.error ?? new Error("no outcome");
          return { status: 201, body: outcome.created };
        },
      );
      if (replayed) c.header("Idempotent-Replayed", "true");
      c.header("Location", `/v1/partner/jobs/${(response.body as PublicJob).id}`);
      return c.json(response.body as object, response.status as 201);
    })
    .get("/", async (c) => {
      const { partnerId } = c.get("partner");
      const q = validate(listQuerySchema, c.req.query());
      const after = q.cursor ? decodeCursor(q.cursor, "job") : undefined;
      const { rows, hasMore } = await listJobs(deps.sql, partnerId, { ...q, after });
      return c.json(listPage(rows, hasMore, publicJob));
    })
    .all("/", methodNotAllowed(["GET", "POST"]))
    .get("/:id", async (c) => {
      const row = await findJob(
        deps.sql,
        c.get("partner").partnerId,
        idParam("job", c.req.param("id")),
      );
      if (!row) throw notFound();
      return c.json(publicJob(row));
    })
    .patch("/:id", limitBody(deps.bodyLimitBytes), async (c) => {
      const { partnerId } = c.get("partner");
      const jobId = idParam("job", c.req.param("id"));
      const changes = validate(jobUpdateSchema, await readJson(c));
      const result = await deps.bus.send({ ...command("job.update", partnerId, jobId), changes });
      if (result.outcome === "not_found") throw notFound();
      if (result.outcome === "rejected") {
        throw new ApiError("partner.validation_failed", { errors: result.errors });
      }
      const row = await findJob(deps.sql, partnerId, jobId);
      // Deleted right after our update: for this caller the job is gone.
      if (!row) throw notFound();
      return c.json(publicJob(row));
    })
    .delete("/:id", async (c) => {
      const { partnerId } = c.get("partner");
      const result = await deps.bus.send(
        command("job.delete", partnerId, idParam("job", c.req.param("id"))),
      );
      if (result.outcome === "not_found") throw notFound();
      return c.body(null, 204);
    })
    .all("/:id", methodNotAllowed(["GET", "PATCH", "DELETE"]));
}
