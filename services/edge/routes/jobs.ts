/**
 * The jobs resource: `/v1/partner/jobs` and `/v1/partner/jobs/{id}`. Each route is declared
 * once, with what the API reference says of it; its handler reads the validated request.
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
  publicJobSchema,
  toPublicJob,
} from "@hire/jobs";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { decodeCursor, listPage } from "../cursor.ts";
import type { EdgeEnv } from "../env.ts";
import { IDEMPOTENCY_HEADER } from "../idempotency.ts";
import { commandEnvelope } from "../job_commands.ts";
import { createPlanned, type CreationDeps, idempotently, planJobs } from "../job_creation.ts";
import { idParam } from "../id_param.ts";
import type { CachedJob } from "../job_cache.ts";
import { findJob, listJobs } from "../jobs_store.ts";
import { jsonBody } from "../middleware/json_body.ts";
import { refuseOtherMethods } from "../middleware/method_not_allowed.ts";
import { authenticatedResponses, BODY_ERRORS, json } from "../openapi/operations.ts";
import { jobPageSchema } from "../openapi/resource_schemas.ts";
import { ApiError } from "../problem.ts";
import { firstValues } from "../validation.ts";
import { IDEMPOTENCY, idempotencyHeaders } from "./idempotency_key.ts";

/** What the jobs routes need. */
export interface JobRoutesDeps extends CreationDeps {
  bodyLimitBytes: number;
}

/** Query of the list endpoint; unknown parameters are refused like unknown body fields. */
export const listQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20).meta({
    description: "Jobs per page.",
  }),
  cursor: z.string().optional().meta({
    description: "The `next_cursor` of the previous page. Keep the same filters.",
  }),
  status: z.enum(JOB_STATUSES).optional().meta({ description: "Only jobs with this status." }),
  city: z.string().transform((s, ctx) => {
    const c = canonicalCity(s);
    if (!c) ctx.addIssue({ code: "custom", params: { code: "unknown_city" } });
    return c ?? z.NEVER;
  }).optional().meta({
    description: "Only jobs in this city, spelt as for the `city` field (aliases accepted).",
  }),
});

const jobPath = z.object({
  id: idParam("job", "The job's id. Anything that is not a `job_` id answers 404."),
});

const listRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listJobs",
  tags: ["Jobs"],
  summary: "List jobs",
  description: "The partner's jobs, newest first (by `created_at`, then `id`), with cursor " +
    "pagination. Cursors point after the last job of the page, so jobs created or deleted " +
    "between pages never cause duplicates or gaps. Deleted jobs are never listed. Unknown " +
    "parameters, an unknown city or status, and a cursor the service did not issue are " +
    "refused with 422.",
  request: { query: firstValues(listQuerySchema) },
  responses: authenticatedResponses(
    { 200: { description: "A page of jobs.", content: json(jobPageSchema) } },
    ["partner.validation_failed"],
  ),
});

const createJobRoute = (bodyLimitBytes: number) =>
  createRoute({
    method: "post",
    path: "/",
    middleware: jsonBody(bodyLimitBytes),
    operationId: "createJob",
    tags: ["Jobs"],
    summary: "Create a job",
    description: "Creates a job: `active`, `embedding_status: processing`, " +
      "`match_ready: false`. A 201 means the job is stored: a GET right after it returns it. " +
      "Unknown fields are refused (`unknown_field`) and `status` is not accepted. Bodies " +
      `over ${bodyLimitBytes} bytes are refused. Counts 1 request against the rate limit ` +
      "and 1 job against the monthly quota.\n\n" + IDEMPOTENCY,
    request: {
      headers: idempotencyHeaders,
      body: { required: true, content: json(jobCreateSchema) },
    },
    responses: authenticatedResponses({
      201: {
        description: "Created (or the replay of an earlier create with the same key).",
        content: json(publicJobSchema),
        headers: ["Location", "Idempotent-Replayed"],
      },
    }, [
      ...BODY_ERRORS,
      "partner.idempotency_mismatch",
      "partner.idempotency_in_progress",
      "partner.quota_exceeded",
    ]),
  });

const getRoute = createRoute({
  method: "get",
  path: "/{id}",
  operationId: "getJob",
  tags: ["Jobs"],
  summary: "Retrieve a job",
  description: "The job. 404 `partner.not_found` if it does not exist, was deleted, is " +
    "another partner's, or the id is not a job id.",
  request: { params: jobPath },
  responses: authenticatedResponses(
    { 200: { description: "The job.", content: json(publicJobSchema) } },
    ["partner.not_found"],
  ),
});

const updateRoute = (bodyLimitBytes: number) =>
  createRoute({
    method: "patch",
    path: "/{id}",
    middleware: jsonBody(bodyLimitBytes),
    operationId: "updateJob",
    tags: ["Jobs"],
    summary: "Update a job",
    description: "Any create field plus `status`, all optional: only the fields sent " +
      "change, and `salary_min`/`salary_max` may be set to null. The salary rules are " +
      "checked on the job as it will be after the update. An empty body, or values equal " +
      "to the current ones, changes nothing: 200, `updated_at` unchanged, no event. A new " +
      "title or description re-runs the embedding pipeline (`embedding_status: " +
      "processing`; the previous vector keeps serving meanwhile). Emits `job.updated` " +
      "when the title, description or status changed. Bodies over " +
      `${bodyLimitBytes} bytes are refused.`,
    request: { params: jobPath, body: { required: true, content: json(jobUpdateSchema) } },
    responses: authenticatedResponses(
      { 200: { description: "The job after the update.", content: json(publicJobSchema) } },
      [...BODY_ERRORS, "partner.not_found"],
    ),
  });

const deleteRoute = createRoute({
  method: "delete",
  path: "/{id}",
  operationId: "deleteJob",
  tags: ["Jobs"],
  summary: "Delete a job",
  description: "Soft delete: the job disappears at once (GET, PATCH and DELETE answer " +
    "404, it leaves the list and the match graph) and `job.deleted` is emitted. The row " +
    "is kept for 30 days, then purged.",
  request: { params: jobPath },
  responses: authenticatedResponses({ 204: { description: "Deleted; no body." } }, [
    "partner.not_found",
  ]),
});

const notFound = () => new ApiError("partner.not_found");

/** A 200 with the job's public JSON, kept with it in the cache (as `c.json` would write it). */
const jobResponse = (c: Context<EdgeEnv>, job: CachedJob) =>
  c.body(job.body, 200, { "Content-Type": "application/json" });

/** The routes, to be mounted at `/v1/partner/jobs`. */
export function jobRoutes(deps: JobRoutesDeps): OpenAPIHono<EdgeEnv> {
  const publicJob = (row: JobRow) => toPublicJob(row, deps.siteBaseUrl);

  const command = <T extends JobCommand["type"]>(type: T, partnerId: string, jobId: string) =>
    commandEnvelope(type, { commandId: newId("cmd"), partnerId, jobId }, deps.commandTimeoutMs);

  const api = new OpenAPIHono<EdgeEnv>();
  api.openapi(listRoute, async (c) => {
    const { partnerId } = c.get("partner");
    const q = c.req.valid("query");
    const after = q.cursor ? decodeCursor(q.cursor, "job") : undefined;
    const { rows, hasMore } = await listJobs(deps.sql, partnerId, { ...q, after });
    return c.json(listPage(rows, hasMore, publicJob), 200);
  });
  api.openapi(createJobRoute(deps.bodyLimitBytes), async (c) => {
    const key = c.req.valid("header")[IDEMPOTENCY_HEADER];
    const planned = planJobs([{ index: 0, job: c.req.valid("json") }]);
    // The key is bound to the body as sent, not as validated.
    const raw: unknown = await c.req.json();
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
    return c.json(response.body as PublicJob, response.status as 201);
  });
  api.openapi(getRoute, async (c) => {
    const job = await findJob(deps, c.get("partner").partnerId, c.req.valid("param").id);
    if (!job) throw notFound();
    return jobResponse(c, job);
  });
  api.openapi(updateRoute(deps.bodyLimitBytes), async (c) => {
    const { partnerId } = c.get("partner");
    const jobId = c.req.valid("param").id;
    const changes = c.req.valid("json");
    const result = await deps.bus.send({ ...command("job.update", partnerId, jobId), changes });
    if (result.outcome === "not_found") throw notFound();
    if (result.outcome === "rejected") {
      throw new ApiError("partner.validation_failed", { errors: result.errors });
    }
    // Ours before Postgres's announcement reaches us: this caller reads its own write.
    deps.jobCache.drop([jobId]);
    const job = await findJob(deps, partnerId, jobId);
    // Deleted right after our update: for this caller the job is gone.
    if (!job) throw notFound();
    return jobResponse(c, job);
  });
  api.openapi(deleteRoute, async (c) => {
    const { partnerId } = c.get("partner");
    const jobId = c.req.valid("param").id;
    const result = await deps.bus.send(command("job.delete", partnerId, jobId));
    deps.jobCache.drop([jobId]);
    if (result.outcome === "not_found") throw notFound();
    return c.body(null, 204);
  });
  return refuseOtherMethods(api);
}
