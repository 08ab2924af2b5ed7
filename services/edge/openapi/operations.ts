/**
 * Responses of a route as the edge answers them: the success responses and, for every error
 * code the route can give, one problem response per status restricted to those codes, each
 * with the headers that response carries.
 * @module
 */
import { type ErrorCode, ERRORS } from "@hire/errors";
import type { RouteConfig } from "@hono/zod-openapi";
import type { z } from "zod";
import {
  authenticatedHeaders,
  type HeaderName,
  headerRefs,
  type HeadersObject,
  publicHeaders,
} from "./headers.ts";
import { PROBLEM_REF, statusOf } from "./problem_schemas.ts";

/** A response of a route. */
type ResponseConfig = Exclude<RouteConfig["responses"][string], { $ref: string }>;

/** A JSON body of `schema`. */
export const json = <T extends z.ZodType>(schema: T) => ({ "application/json": { schema } });

/** What an endpoint that reads a JSON body can refuse it with. */
export const BODY_ERRORS: readonly ErrorCode[] = [
  "partner.malformed_json",
  "partner.unsupported_media_type",
  "partner.payload_too_large",
  "partner.validation_failed",
];

/**
 * What any request with a key can be answered, whatever the endpoint; every query parameter,
 * even one an endpoint does not read, holds only text the API accepts (422).
 */
const EVERY_AUTHENTICATED: readonly ErrorCode[] = [
  "partner.unauthorized",
  "partner.validation_failed",
  "partner.auth_rate_limited",
  "partner.rate_limited",
  "partner.internal_error",
  "partner.unavailable",
];

/** A problem document answered with `status`, restricted to `codes`. */
export function problemContent(status: number, codes: readonly ErrorCode[]) {
  // The Problem component and what this response adds to it.
  const restricted = {
    type: "object" as const,
    properties: {
      status: { type: "number" as const, const: status },
      code: { type: "string" as const, enum: [...codes] },
    },
    required: ["status", "code"],
    additionalProperties: {},
  };
  return { "application/problem+json": { schema: { allOf: [{ $ref: PROBLEM_REF }, restricted] } } };
}

/** The headers of a response with `status`, a problem one restricted to `codes`. */
type HeadersOf = (status: number, codes?: readonly ErrorCode[]) => HeadersObject;

function problemResponses(
  codes: readonly ErrorCode[],
  headers: HeadersOf,
): Record<string, ResponseConfig> {
  const byStatus = Map.groupBy(new Set(codes), statusOf);
  return Object.fromEntries(
    [...byStatus].map(([status, group]) => [String(status), {
      description: group.map((c) => `\`${c}\`: ${ERRORS[c].message}`).join("\n\n"),
      headers: headers(status, group),
      content: problemContent(status, group),
    }]),
  );
}

/** A success response: what it means, its body, and the headers it adds. */
export interface Success {
  description: string;
  content?: ResponseConfig["content"];
  headers?: HeaderName[];
}

/** Success responses by status, each with its headers, then the problem responses. */
type Responses<S extends Record<number, Success>> =
  & { [K in keyof S]: Omit<S[K], "headers"> & { headers: HeadersObject } }
  & Record<string, ResponseConfig>;

function responses<S extends Record<number, Success>>(
  success: S,
  errors: readonly ErrorCode[],
  headers: HeadersOf,
): Responses<S> {
  const ok = Object.entries(success).map(([status, { headers: extra = [], ...response }]) => [
    status,
    { ...response, headers: { ...headers(Number(status)), ...headerRefs(extra) } },
  ]);
  return { ...Object.fromEntries(ok), ...problemResponses(errors, headers) } as Responses<S>;
}

/**
 * The responses of a route under `/v1` that needs a key (the document's default security):
 * `success` and the problems of `errors` and of every authenticated request.
 */
export function authenticatedResponses<S extends Record<number, Success>>(
  success: S,
  errors: readonly ErrorCode[],
): Responses<S> {
  return responses(success, [...errors, ...EVERY_AUTHENTICATED], authenticatedHeaders);
}

/**
 * The responses of the route at `path`, which needs no key (so it sets `security: []`):
 * `success` and the problems of `errors` and of an internal error.
 */
export function publicResponses<S extends Record<number, Success>>(
  path: string,
  success: S,
  errors: readonly ErrorCode[] = [],
): Responses<S> {
  return responses(success, [...errors, "partner.internal_error"], () => publicHeaders(path));
}
