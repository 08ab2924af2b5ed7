/**
 * A job's matches: `GET /v1/partner/jobs/{id}/matches`, the pairs matching announced for
 * one of the partner's jobs, mounted at `/v1/partner/jobs` beside the jobs resource.
 * @module
 */
import { listJobMatches } from "@hire/tables";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import type { EdgeEnv } from "../env.ts";
import { idParam } from "../id_param.ts";
import { findJob, type JobReads } from "../jobs_store.ts";
import {
  decodeMatchCursor,
  encodeMatchCursor,
  matchPage,
  type PublicMatch,
} from "../matches_page.ts";
import { refuseOtherMethods } from "../middleware/method_not_allowed.ts";
import { authenticatedResponses } from "../openapi/operations.ts";
import { matchPageSchema } from "../openapi/resource_schemas.ts";
import { ApiError } from "../problem.ts";
import { firstValues } from "../validation.ts";

/** What the route needs. */
export type JobMatchRoutesDeps = JobReads;

/** Query of the list; the same bounds as the jobs list, and unknown parameters refused. */
export const matchListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20).meta({
    description: "Matches per page.",
  }),
  cursor: z.string().optional().meta({
    description: "The `next_cursor` of the previous page of this job's matches.",
  }),
});

const jobPath = z.object({
  id: idParam("job", "The job's id. Anything that is not a `job_` id answers 404."),
});

const EXAMPLE_MATCH: PublicMatch = {
  seeker_id: "seek_01JD8Y4Q2W6ZB7K3N5R9T1V3X5",
  score: 0.81,
  created_at: "2026-03-02T09:15:27.412Z",
  event_id: "evt_01JD8Y4Q3C0H2M8P4S6V8X0Z2B",
};
const EXAMPLE = {
  data: [EXAMPLE_MATCH],
  next_cursor: encodeMatchCursor("job_01JD8X0A9B8C7D6E5F4G3H2J1K", {
    matchedAt: new Date(EXAMPLE_MATCH.created_at),
    seekerId: EXAMPLE_MATCH.seeker_id,
  }),
  has_more: true,
};

const notFound = () => new ApiError("partner.not_found");

/**
 * Answers 404 for a job the partner cannot see before the query is looked at, as the job's
 * own GET would: an unknown job answers 404 whatever its query says.
 */
function requireJob(reads: JobReads): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const id = jobPath.shape.id.safeParse(c.req.param("id"));
    const job = id.success && await findJob(reads, c.get("partner").partnerId, id.data);
    if (!job) throw notFound();
    await next();
  };
}

const listRoute = (reads: JobReads) =>
  createRoute({
    method: "get",
    path: "/{id}/matches",
    middleware: requireJob(reads),
    operationId: "listJobMatches",
    tags: ["Jobs"],
    summary: "List a job's matches",
    description: "The seekers matching announced for the job (one `job.matched` each), newest " +
      "first (by `created_at`, then `seeker_id`), with cursor pagination as for the jobs " +
      "list. `score` and `event_id` are those of the `job.matched` event, so pairs already " +
      "received by webhook can be recognised. A paused or closed job's matches stay listable; " +
      "they stop growing, since only active jobs are matched. A pair is never withdrawn or " +
      "re-scored: after a title or description change the earlier pairs keep their " +
      "`created_at`, and only new pairs are added. 404 `partner.not_found` if the job does not " +
      "exist, was deleted (its matches go with it), is another partner's, or the id is not a " +
      "job id. A cursor not issued by this job's listing (the jobs list's, another job's) is " +
      "refused with 422, as are unknown parameters.",
    request: { params: jobPath, query: firstValues(matchListQuerySchema) },
    responses: authenticatedResponses(
      {
        200: {
          description: "A page of the job's matches.",
          content: { "application/json": { schema: matchPageSchema, example: EXAMPLE } },
        },
      },
      ["partner.not_found", "partner.validation_failed"],
    ),
  });

/** The route, to be mounted at `/v1/partner/jobs`. */
export function jobMatchRoutes(deps: JobMatchRoutesDeps): OpenAPIHono<EdgeEnv> {
  const api = new OpenAPIHono<EdgeEnv>();
  api.openapi(listRoute(deps), async (c) => {
    const jobId = c.req.valid("param").id;
    const q = c.req.valid("query");
    const after = q.cursor ? decodeMatchCursor(q.cursor, jobId) : undefined;
    const { rows, hasMore } = await listJobMatches(deps.sql, jobId, { limit: q.limit, after });
    return c.json(matchPage(jobId, rows, hasMore), 200);
  });
  return refuseOtherMethods(api);
}
