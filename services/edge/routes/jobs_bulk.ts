/**
 * `POST /v1/partner/jobs/bulk`: up to 100 creates in one call (Growth and Scale). Each item
 * is validated and created exactly as a single create would be; one failing item never
 * stops the others, and the 207 answer reports every item by its index.
 * @module
 */
import { BULK_MAX_JOBS, bulkEnvelopeSchema, type JobCreate, jobCreateSchema } from "@hire/jobs";
import { Hono } from "hono";
import type { EdgeEnv } from "../env.ts";
import { IDEMPOTENCY_HEADER, parseIdempotencyKey } from "../idempotency.ts";
import {
  createPlanned,
  type CreationDeps,
  idempotently,
  type ItemOutcome,
  planJobs,
} from "../job_creation.ts";
import { limitBody, readJson } from "../middleware/json_body.ts";
import { methodNotAllowed } from "../middleware/method_not_allowed.ts";
import { requireFeature } from "../middleware/plan_gate.ts";
import { ApiError, problemBody } from "../problem.ts";
import { fieldErrorsFromZod, validate } from "../validation.ts";

/** What the bulk route needs. */
export interface BulkRoutesDeps extends CreationDeps {
  /** Base of error `type` URIs. */
  publicBaseUrl: string;
  /** The single-create limit; a bulk body may hold 100 items of that size. */
  bodyLimitBytes: number;
}

/** Splits the items into valid creates and validation errors shaped like a single create's. */
function validateItems(items: readonly unknown[]) {
  const valid: { index: number; job: JobCreate }[] = [];
  const invalid: ItemOutcome[] = [];
  items.forEach((item, index) => {
    const result = jobCreateSchema.safeParse(item);
    if (result.success) valid.push({ index, job: result.data });
    else {
      invalid.push({
        index,
        error: new ApiError("partner.validation_failed", {
          errors: fieldErrorsFromZod(result.error.issues, item),
        }),
      });
    }
  });
  return { valid, invalid };
}

/** The route, to be mounted at `/v1/partner/jobs/bulk`. */
export function bulkRoutes(deps: BulkRoutesDeps): Hono<EdgeEnv> {
  return new Hono<EdgeEnv>()
    .use("*", requireFeature("bulk_create"))
    .post("/", limitBody(deps.bodyLimitBytes * BULK_MAX_JOBS), async (c) => {
      const key = parseIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
      const raw = await readJson(c);
      const { valid, invalid } = validateItems(validate(bulkEnvelopeSchema, raw).jobs);
      const planned = planJobs(valid);
      const { response, replayed } = await idempotently(
        c,
        deps,
        { key, path: "/v1/partner/jobs/bulk", raw, planned },
        async (toCreate, earlier) => {
          const made = await createPlanned(c, deps, toCreate);
          const outcomes = [...invalid, ...earlier, ...made].sort((a, b) => a.index - b.index);
          const created = outcomes.flatMap((o) => "created" in o ? [o] : []);
          const failed = outcomes.flatMap((o) => "error" in o ? [o] : []);
          // Nothing created because Kafka or Postgres is down: a 503 the partner can retry
          // with the same key, rather than a 207 that would be replayed as it is.
          const down = failed.find((o) => o.error.code === "partner.unavailable");
          if (created.length === 0 && down) throw down.error;
          return {
            status: 207,
            body: {
              created: created.map((o) => ({
                index: o.index,
                id: o.created.id,
                status: o.created.status,
              })),
              errors: failed.map((o) => ({
                index: o.index,
                ...problemBody(o.error, c.get("requestId"), deps.publicBaseUrl),
              })),
            },
          };
        },
      );
      if (replayed) c.header("Idempotent-Replayed", "true");
      return c.json(response.body as object, response.status as 207);
    })
    .all("/", methodNotAllowed(["POST"]));
}
