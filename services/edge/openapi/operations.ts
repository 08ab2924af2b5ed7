/**
 * Operations as the edge answers them: the success responses and, for every error code the
 * operation can give, one problem response per status restricted to those codes, each with
 * the headers that response carries.
 * @module
 */
import { type ErrorCode, ERRORS } from "@hire/errors";
import { z, type ZodType } from "zod";
import type {
  oas31,
  ZodOpenApiContentObject,
  ZodOpenApiOperationObject,
  ZodOpenApiResponseObject,
} from "zod-openapi";
import { authenticatedHeaders, type HeaderName, headerRefs, publicHeaders } from "./headers.ts";
import { problemSchema, statusOf } from "./problem_schemas.ts";

/** A JSON body of `schema`. */
export const json = (schema: ZodType): ZodOpenApiContentObject => ({
  "application/json": { schema },
});

/** What an endpoint that reads a JSON body can refuse it with. */
export const BODY_ERRORS: readonly ErrorCode[] = [
  "partner.malformed_json",
  "partner.unsupported_media_type",
  "partner.payload_too_large",
  "partner.validation_failed",
];

/** What any request with a key can be answered, whatever the endpoint. */
const EVERY_AUTHENTICATED: readonly ErrorCode[] = [
  "partner.unauthorized",
  "partner.rate_limited",
  "partner.internal_error",
  "partner.unavailable",
];

/** A problem document answered with `status`, restricted to `codes`. */
export function problemContent(
  status: number,
  codes: readonly ErrorCode[],
): ZodOpenApiContentObject {
  // Rendered as allOf: the Problem component and what this response adds to it.
  const restricted = z.looseObject({
    status: z.literal(status),
    code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
  });
  return { "application/problem+json": { schema: problemSchema.and(restricted) } };
}

/** The headers of a response with `status`. */
type HeadersOf = (status: number) => oas31.HeadersObject;

function problemResponses(
  codes: readonly ErrorCode[],
  headers: HeadersOf,
): Record<string, ZodOpenApiResponseObject> {
  const byStatus = Map.groupBy(new Set(codes), statusOf);
  return Object.fromEntries(
    [...byStatus].map(([status, group]) => [String(status), {
      description: group.map((c) => `\`${c}\`: ${ERRORS[c].message}`).join("\n\n"),
      headers: headers(status),
      content: problemContent(status, group),
    }]),
  );
}

/** A success response: what it means, its body, and the headers it adds. */
export interface Success {
  description: string;
  content?: ZodOpenApiContentObject;
  headers?: HeaderName[];
}

/** What describes an operation. */
export interface OperationSpec extends Omit<ZodOpenApiOperationObject, "responses"> {
  /** Success responses by status. */
  success: Record<string, Success>;
  /** Error codes besides the ones every request of its kind can give. */
  errors: readonly ErrorCode[];
}

function successResponses(
  success: Record<string, Success>,
  headers: HeadersOf,
): Record<string, ZodOpenApiResponseObject> {
  return Object.fromEntries(
    Object.entries(success).map(([status, { headers: extra = [], ...response }]) => [
      status,
      { ...response, headers: { ...headers(Number(status)), ...headerRefs(extra) } },
    ]),
  );
}

/** An operation under `/v1` that needs a key (the document's default security). */
export function authenticatedOperation(
  { success, errors, ...op }: OperationSpec,
): ZodOpenApiOperationObject {
  return {
    ...op,
    responses: {
      ...successResponses(success, authenticatedHeaders),
      ...problemResponses([...errors, ...EVERY_AUTHENTICATED], authenticatedHeaders),
    },
  };
}

/** An operation at `path` that needs no key. */
export function publicOperation(
  path: string,
  { success, errors, ...op }: OperationSpec,
): ZodOpenApiOperationObject {
  const headers = () => publicHeaders(path);
  return {
    ...op,
    security: [],
    responses: {
      ...successResponses(success, headers),
      ...problemResponses([...errors, "partner.internal_error"], headers),
    },
  };
}
