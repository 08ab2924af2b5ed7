/**
 * `POST /v1/partner/jobs/bulk`: up to 100 creates in one call (Growth and Scale). Each item
 * is validated and created exactly as a single create would be; one failing item never
 * stops the others, and the 207 answer reports every item by its index.
 * @module
 */
import {
  BULK_MAX_JOBS,
  bulkCreateSchema,
  bulkEnvelopeSchema,
  type JobCreate,
  jobCreateSchema,
} from "@hire/jobs";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { EdgeEnv } from "../env.ts";
import { IDEMPOTENCY_HEADER } from "../idempotency.ts";
import {
  createPlanned,
  type CreationDeps,
  idempotently,
  type ItemOutcome,
  planJobs,
} from "../job_creation.ts";
import { jsonBody } from "../middleware/json_body.ts";
import { refuseOtherMethods } from "../middleware/method_not_allowed.ts";
import { requireFeature } from "../middleware/plan_gate.ts";
import { authenticatedResponses, BODY_ERRORS, json } from "../openapi/operations.ts";
import { bulkCreateResultSchema } from "../openapi/resource_schemas.ts";
import { problemBody } from "../problem.ts";
import { validationError } from "../validation.ts";
import { IDEMPOTENCY, idempotencyHeaders } from "./idempotency_key.ts";

/** What the bulk route needs. */
export interface BulkRoutesDeps extends CreationDeps {
  /** Base of error `type` URIs. */
  publicBaseUrl: string;
  /** The single-create limit; a bulk body may hold 100 items of that size. */
  bodyLimitBytes: number;
}

/** The route as partners call it: every item a create body. */
const bulkRoute = (bodyLimitBytes: number) =>
  createRoute({
    method: "post",
    path: "/",
    operationId: "bulkCreateJobs",
    tags: ["Jobs"],
    summary: "Create up to 100 jobs",
    description: "Growth and Scale plans only: Sandbox gets 403 `partner.forbidden`. " +
      `Creates 1 to ${BULK_MAX_JOBS} jobs; each item is validated on its own with the ` +
      "create rules, so a bad item never fails the others. The envelope is checked first: " +
      "no `jobs`, not an array, none or more than " + BULK_MAX_JOBS + " items answer 422 " +
      "with the field `/jobs` (`invalid_type`, `too_few_items`, `too_many_items`).\n\n" +
      "**207**: `created` lists the jobs made (index, id, status) and `errors` the items " +
      "refused, each with its index and the problem a single create would have answered " +
      "(see `BulkItemError`), both sorted by index. A 207 is stored under its " +
      "Idempotency-Key as it is: send the refused items again in a new call. When " +
      "nothing could be created because a dependency is down, the call answers 503.\n\n" +
      "Counts 1 request against the rate limit, and one job against the monthly quota per " +
      "job actually created (refused items do not count). When no item fits in what is " +
      "left of the quota the call answers 429 `partner.quota_exceeded`. Bodies over " +
      `${BULK_MAX_JOBS * bodyLimitBytes} bytes (${BULK_MAX_JOBS} × the single-job limit) ` +
      "are refused.\n\n" + IDEMPOTENCY,
    request: {
      headers: idempotencyHeaders,
      body: { required: true, content: json(bulkCreateSchema) },
    },
    responses: authenticatedResponses({
      207: {
        description: "Every item was tried: see `created` and `errors`.",
        content: json(bulkCreateResultSchema),
        headers: ["Idempotent-Replayed"],
      },
    }, [
      ...BODY_ERRORS,
      "partner.forbidden",
      "partner.idempotency_mismatch",
      "partner.idempotency_in_progress",
      "partner.quota_exceeded",
    ]),
  });

/** Splits the items into valid creates and validation errors shaped like a single create's. */
function validateItems(items: readonly unknown[]) {
  const valid: { index: number; job: JobCreate }[] = [];
  const invalid: ItemOutcome[] = [];
  items.forEach((item, index) => {
    const result = jobCreateSchema.safeParse(item);
    if (result.success) valid.push({ index, job: result.data });
    else invalid.push({ index, error: validationError(result.error.issues, item) });
  });
  return { valid, invalid };
}

/** The route, to be mounted at `/v1/partner/jobs/bulk`. */
export function bulkRoutes(deps: BulkRoutesDeps): OpenAPIHono<EdgeEnv> {
  const api = new OpenAPIHono<EdgeEnv>();
  api.use("*", requireFeature("bulk_create"));
  const route = bulkRoute(deps.bodyLimitBytes);
  api.openAPIRegistry.registerPath(route);
  // Served with the envelope as its body: each item is then validated on its own, so one
  // bad item never fails the others. The document keeps the route as partners call it.
  const served = {
    ...route,
    hide: true,
    middleware: jsonBody(deps.bodyLimitBytes * BULK_MAX_JOBS),
    request: { ...route.request, body: { required: true, content: json(bulkEnvelopeSchema) } },
  };
  api.openapi(served, async (c) => {
    const key = c.req.valid("header")[IDEMPOTENCY_HEADER];
    const { valid, invalid } = validateItems(c.req.valid("json").jobs);
    // The key is bound to the body as sent.
    const raw: unknown = await c.req.json();
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
  });
  return refuseOtherMethods(api);
}
