/**
 * The jobs resource in the API reference, from the schemas its routes validate with.
 * @module
 */
import { idPattern } from "@hire/ids";
import {
  BULK_MAX_JOBS,
  bulkCreateSchema,
  jobCreateSchema,
  jobUpdateSchema,
  publicJobSchema,
} from "@hire/jobs";
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { IDEMPOTENCY_HEADER } from "../idempotency.ts";
import { listQuerySchema } from "../routes/jobs.ts";
import { authenticatedOperation, BODY_ERRORS, json } from "./operations.ts";
import { bulkCreateResultSchema, jobPageSchema } from "./resource_schemas.ts";

const path = z.object({
  id: z.string().meta({
    pattern: idPattern("job"),
    description: "The job's id. Anything that is not a `job_` id answers 404.",
  }),
});

const idempotencyHeader = z.object({
  [IDEMPOTENCY_HEADER]: z.string().min(1).max(255).regex(/^[\x21-\x7E]+$/).optional().meta({
    description: "1 to 255 visible ASCII characters; a UUID is recommended. Remembered with " +
      "the answer for 24 hours per partner.",
  }),
});

// The query schema belongs to its route; the reference adds what each parameter means.
const listQuery = listQuerySchema.extend({
  limit: listQuerySchema.shape.limit.meta({ description: "Jobs per page." }),
  cursor: listQuerySchema.shape.cursor.meta({
    description: "The `next_cursor` of the previous page. Keep the same filters.",
  }),
  status: listQuerySchema.shape.status.meta({ description: "Only jobs with this status." }),
  city: listQuerySchema.shape.city.meta({
    description: "Only jobs in this city, spelt as for the `city` field (aliases accepted).",
  }),
});

const IDEMPOTENCY = "**Idempotency-Key** (optional; send one whenever you may retry): the pair " +
  "(partner, key) is remembered for 24 hours. The same key with the same request (method, " +
  "path, and the body compared as JSON) replays the original status and body with " +
  "`Idempotent-Replayed: true`; with a different body it answers 422 " +
  "`partner.idempotency_mismatch`; while the first request is still running, 409 " +
  "`partner.idempotency_in_progress`. A request refused by validation (422) or answered 503 " +
  "does not use the key up. A key whose request died half-way is taken over after 60 " +
  "seconds, and the answer is the job that request created, if it did. A replay counts " +
  "against the rate limit, never against the quota.";

/** The jobs paths; `bodyLimitBytes` is the single-job body limit. */
export function jobPaths(opts: { bodyLimitBytes: number }): ZodOpenApiPathsObject {
  const bulkLimit = BULK_MAX_JOBS * opts.bodyLimitBytes;
  return {
    "/v1/partner/jobs": {
      post: authenticatedOperation({
        operationId: "createJob",
        tags: ["Jobs"],
        summary: "Create a job",
        description: "Creates a job: `active`, `embedding_status: processing`, " +
          "`match_ready: false`. A 201 means the job is stored: a GET right after it returns " +
          "it. Unknown fields are refused (`unknown_field`) and `status` is not accepted. " +
          `Bodies over ${opts.bodyLimitBytes} bytes are refused. Counts 1 request against ` +
          "the rate limit and 1 job against the monthly quota.\n\n" + IDEMPOTENCY,
        requestParams: { header: idempotencyHeader },
        requestBody: { required: true, content: json(jobCreateSchema) },
        success: {
          "201": {
            description: "Created (or the replay of an earlier create with the same key).",
            content: json(publicJobSchema),
            headers: ["Location", "Idempotent-Replayed"],
          },
        },
        errors: [
          ...BODY_ERRORS,
          "partner.idempotency_mismatch",
          "partner.idempotency_in_progress",
          "partner.quota_exceeded",
        ],
      }),
      get: authenticatedOperation({
        operationId: "listJobs",
        tags: ["Jobs"],
        summary: "List jobs",
        description: "The partner's jobs, newest first (by `created_at`, then `id`), with " +
          "cursor pagination. Cursors point after the last job of the page, so jobs created " +
          "or deleted between pages never cause duplicates or gaps. Deleted jobs are never " +
          "listed. Unknown parameters, an unknown city or status, and a cursor the service " +
          "did not issue are refused with 422.",
        requestParams: { query: listQuery },
        success: { "200": { description: "A page of jobs.", content: json(jobPageSchema) } },
        errors: ["partner.validation_failed"],
      }),
    },
    "/v1/partner/jobs/bulk": {
      post: authenticatedOperation({
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
          `${bulkLimit} bytes (${BULK_MAX_JOBS} × the single-job limit) are refused.\n\n` +
          IDEMPOTENCY,
        requestParams: { header: idempotencyHeader },
        requestBody: { required: true, content: json(bulkCreateSchema) },
        success: {
          "207": {
            description: "Every item was tried: see `created` and `errors`.",
            content: json(bulkCreateResultSchema),
            headers: ["Idempotent-Replayed"],
          },
        },
        errors: [
          ...BODY_ERRORS,
          "partner.forbidden",
          "partner.idempotency_mismatch",
          "partner.idempotency_in_progress",
          "partner.quota_exceeded",
        ],
      }),
    },
    "/v1/partner/jobs/{id}": {
      get: authenticatedOperation({
        operationId: "getJob",
        tags: ["Jobs"],
        summary: "Retrieve a job",
        description: "The job. 404 `partner.not_found` if it does not exist, was deleted, is " +
          "another partner's, or the id is not a job id.",
        requestParams: { path },
        success: { "200": { description: "The job.", content: json(publicJobSchema) } },
        errors: ["partner.not_found"],
      }),
      patch: authenticatedOperation({
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
          `${opts.bodyLimitBytes} bytes are refused.`,
        requestParams: { path },
        requestBody: { required: true, content: json(jobUpdateSchema) },
        success: {
          "200": { description: "The job after the update.", content: json(publicJobSchema) },
        },
        errors: [...BODY_ERRORS, "partner.not_found"],
      }),
      delete: authenticatedOperation({
        operationId: "deleteJob",
        tags: ["Jobs"],
        summary: "Delete a job",
        description: "Soft delete: the job disappears at once (GET, PATCH and DELETE answer " +
          "404, it leaves the list and the match graph) and `job.deleted` is emitted. The row " +
          "is kept for 30 days, then purged.",
        requestParams: { path },
        success: { "204": { description: "Deleted; no body." } },
        errors: ["partner.not_found"],
      }),
    },
  };
}
