/**
 * The problem document every error answers with, as zod schemas for the API reference:
 * `Problem`, its `FieldError` items, the `quota` extension member, and the bulk item error.
 * @module
 */
import { type ErrorCode, ERRORS, FIELD_ERROR_CODES } from "@hire/errors";
import { idPattern } from "@hire/ids";
import { z } from "zod";
import { ApiError, type Problem } from "../problem.ts";

/** Every top-level error code, in the catalogue's order. */
export const ERROR_CODES = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];

/** One problem with one field. */
const fieldErrorSchema = z.object({
  field: z.string().meta({
    description: "JSON pointer to the field: into the body (`/title`), the query (`/limit`, " +
      '`/query/cursor`) or a header (`/headers/Idempotency-Key`); `""` is the body as a ' +
      "whole. In a bulk item error it is relative to the item.",
  }),
  code: z.enum(FIELD_ERROR_CODES),
  message: z.string().meta({ description: "In English." }),
  messageAr: z.string().meta({ description: "In Arabic." }),
}).meta({
  id: "FieldError",
  description: "One problem with one field; every problem is reported at once.",
});

/** The `quota` member of `partner.quota_exceeded`. */
const quotaSchema = z.object({
  limit: z.int().min(0).meta({ description: "Jobs the plan allows per calendar month (UTC)." }),
  used: z.int().min(0).meta({ description: "Jobs created this month." }),
  reset_at: z.iso.datetime().meta({
    description: "When the quota resets: the start of next month, UTC.",
  }),
}).meta({ id: "Quota", description: "The monthly job quota, on `partner.quota_exceeded` only." });

// Which members go with which code: JSON Schema can say it, zod cannot, so the document
// takes it from the schema's metadata.
const withCode = (code: ErrorCode, member: string) => ({
  if: { properties: { code: { const: code } }, required: ["code"] },
  then: { required: [member] },
  else: { not: { required: [member] } },
});
const MEMBER_RULES = [
  withCode("partner.validation_failed", "errors"),
  withCode("partner.quota_exceeded", "quota"),
];

const problemShape = {
  type: z.url().meta({
    description: "`PUBLIC_BASE_URL/docs/errors#<code>`: the code's entry in the error catalogue.",
  }),
  title: z.string().meta({ description: "The status's short name." }),
  status: z.int().min(400).max(599).meta({ description: "The HTTP status, repeated." }),
  detail: z.string().meta({ description: "This occurrence, in English." }),
  code: z.enum(ERROR_CODES),
  message: z.string().meta({ description: "The code's message in English." }),
  messageAr: z.string().meta({ description: "The code's message in Arabic." }),
  errors: z.array(fieldErrorSchema).optional().meta({
    description: "On `partner.validation_failed` only: one item per problem.",
  }),
  request_id: z.string().meta({
    pattern: idPattern("req"),
    description: "Also in the `X-Request-Id` header. Quote it to support.",
  }),
  quota: quotaSchema.optional(),
};

/** An RFC 9457 problem document with the specification's bilingual members. */
export const problemSchema = z.object(problemShape).meta({
  id: "Problem",
  description: "RFC 9457 problem details (`application/problem+json`) with the " +
    "specification's `code`, `message` and `messageAr` at the top level. `errors` appears on " +
    "`partner.validation_failed` only, `quota` on `partner.quota_exceeded` only.",
  allOf: MEMBER_RULES,
}) satisfies z.ZodType<Problem>;

/** Where the document keeps {@link problemSchema}. */
export const PROBLEM_REF = "#/components/schemas/Problem";

/** The status an error code answers with. */
export const statusOf = (code: ErrorCode): number => new ApiError(code).status;

/** Codes a bulk item can fail with. */
const BULK_ITEM_CODES = [
  "partner.validation_failed",
  "partner.quota_exceeded",
  "partner.unavailable",
  "partner.internal_error",
] as const;

const BULK_ITEM_STATUSES = BULK_ITEM_CODES.map(statusOf);

/** One refused item of a bulk create: its index and the problem a single create would answer. */
export const bulkItemErrorSchema = z.object({
  index: z.int().min(0).meta({ description: "The item's position in `jobs`, from 0." }),
  ...problemShape,
  // The document generator renders only the first value of a literal with several.
  status: z.literal(BULK_ITEM_STATUSES).meta({ enum: BULK_ITEM_STATUSES }),
  code: z.enum(BULK_ITEM_CODES),
}).meta({
  id: "BulkItemError",
  description: "A refused item: 422 `partner.validation_failed` (field pointers relative to " +
    "the item, e.g. `/title`); 429 `partner.quota_exceeded` once the month's quota ran out " +
    "during the call; 503 `partner.unavailable` when the item could not be created in time " +
    "while others were (nothing was created for it); 500 `partner.internal_error` when the " +
    "job service failed on it.",
  allOf: MEMBER_RULES,
});
