/**
 * Response headers of the API as OpenAPI header components, and which responses carry which.
 * @module
 */
import { idPattern } from "@hire/ids";
import type { ErrorCode } from "@hire/errors";
import { IN_PROGRESS_RETRY_AFTER_SECONDS } from "../idempotency.ts";
import { RETRY_AFTER_SECONDS } from "../problem.ts";

/** An OpenAPI Header Object, as this document writes them. */
type HeaderObject = {
  required: boolean;
  description: string;
  schema: {
    type: "string" | "integer";
    pattern?: string;
    format?: string;
    minimum?: number;
    const?: string;
  };
  example?: string;
};

/** A response's `headers`: header objects or references to the components. */
export type HeadersObject = Record<string, HeaderObject | { $ref: string }>;

const integer = { type: "integer", minimum: 0 } as const;

const HTTP_DATE = "^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [0-9]{2} " +
  "(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$";

/** Every response header the edge documents, by name. */
export const HEADERS = {
  "X-Request-Id": {
    required: true,
    description: "The request's id, also the `request_id` of every problem document. Quote it " +
      "to support.",
    schema: { type: "string", pattern: idPattern("req") },
  },
  "RateLimit-Policy": {
    required: true,
    description: "The partner's limits as structured fields (IETF " +
      'draft-ietf-httpapi-ratelimit-headers): `"minute";q=<requests per minute>;w=60` and ' +
      '`"month";q=<jobs per month>;qu="jobs"`.',
    schema: { type: "string", pattern: '^"minute";q=[0-9]+;w=60, "month";q=[0-9]+;qu="jobs"$' },
    example: '"minute";q=600;w=60, "month";q=20000;qu="jobs"',
  },
  "RateLimit": {
    required: true,
    description: 'What is left: `"minute";r=<requests left>;t=<seconds until the minute ' +
      'window resets>` and `"month";r=<jobs left this month>;t=<seconds until the month ' +
      "resets>`.",
    schema: { type: "string", pattern: '^"minute";r=[0-9]+;t=[0-9]+, "month";r=[0-9]+;t=[0-9]+$' },
    example: '"minute";r=598;t=41, "month";r=19876;t=1036800',
  },
  "X-RateLimit-Limit": {
    required: true,
    description: "Requests per minute the plan allows (the `minute` policy's `q`).",
    schema: integer,
  },
  "X-RateLimit-Remaining": {
    required: true,
    description: "Requests left in the current minute window.",
    schema: integer,
  },
  "X-RateLimit-Reset": {
    required: true,
    description: "When the current minute window resets, in Unix epoch seconds.",
    schema: integer,
  },
  "Retry-After": {
    required: true,
    description: "Seconds to wait before retrying: until the minute window ends " +
      "(`partner.rate_limited`), until the address may try a key again " +
      "(`partner.auth_rate_limited`), until `quota.reset_at` (`partner.quota_exceeded`), " +
      `${RETRY_AFTER_SECONDS} (\`partner.unavailable\`), or ${IN_PROGRESS_RETRY_AFTER_SECONDS} ` +
      "(`partner.idempotency_in_progress`).",
    schema: integer,
  },
  "Cache-Control": {
    required: true,
    description: "`no-store` on every response of the partner API: they hold the partner's " +
      "data, and register and rotate-secret answers carry the signing secret. Nothing is to " +
      "be kept by a browser, proxy or client cache.",
    schema: { type: "string", const: "no-store" },
  },
  "Location": {
    required: true,
    description: "Where the created resource is (for a redelivery: the delivery log filtered " +
      "by its event).",
    schema: { type: "string", format: "uri-reference" },
  },
  "Idempotent-Replayed": {
    required: false,
    description: "`true` when this is the stored answer to an earlier request with the same " +
      "`Idempotency-Key`.",
    schema: { type: "string", const: "true" },
  },
  "Allow": {
    required: true,
    description: "The methods the path supports.",
    schema: { type: "string", pattern: "^[A-Z]+(, [A-Z]+)*$" },
  },
  "Deprecation": {
    required: false,
    description: "RFC 9745, `@<epoch seconds>`: when this API version is or will be " +
      "deprecated. Sent only once the operator has set a date.",
    schema: { type: "string", pattern: "^@[0-9]+$" },
  },
  "Sunset": {
    required: false,
    description: "RFC 8594: the HTTP-date after which this API version may stop answering. " +
      "Sent only once the operator has set one.",
    schema: { type: "string", pattern: HTTP_DATE },
  },
  "Link": {
    required: false,
    description: 'Where the end of the version is explained: `<url>; rel="deprecation"` with ' +
      '`Deprecation`, `<url>; rel="sunset"` with `Sunset`. Sent only once the operator has ' +
      "set a link.",
    schema: { type: "string", pattern: 'rel="(deprecation|sunset)"' },
  },
} satisfies Record<string, HeaderObject>;

/** The name of a documented response header. */
export type HeaderName = keyof typeof HEADERS;

const RATE_LIMIT: HeaderName[] = [
  "RateLimit-Policy",
  "RateLimit",
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
];
const VERSION: HeaderName[] = ["Deprecation", "Sunset", "Link"];

/** References to header components, for a response's `headers`. */
export function headerRefs(names: readonly HeaderName[]): HeadersObject {
  return Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));
}

/** The limit headers, absent from responses to requests that were never counted. */
const optionalLimits = (when: string) =>
  Object.fromEntries(RATE_LIMIT.map((n) => [n, {
    ...HEADERS[n],
    required: false,
    description: `${HEADERS[n].description} Absent ${when}.`,
  }]));
// A request refused because the database is unreachable was never counted: its 503 cannot
// tell the limits.
const uncounted = optionalLimits("when the database could not be reached");
// Nor was one refused per address before its key was looked up.
const refusedBeforeLookup = optionalLimits(
  "on `partner.auth_rate_limited`, refused before the key was looked up",
);

/**
 * The headers of a response with `status` to a request under `/v1` that needs a key; a
 * problem response is restricted to `codes`.
 */
export function authenticatedHeaders(
  status: number,
  codes: readonly ErrorCode[] = [],
): HeadersObject {
  return {
    ...headerRefs(["X-Request-Id", "Cache-Control"]),
    // Counted (and told) for every request whose key is known, refused ones included.
    ...(status === 401
      ? {}
      : status === 503
      ? uncounted
      : status === 429
      ? refusedBeforeLookup
      : headerRefs(RATE_LIMIT)),
    ...(status === 429 || status === 503 ? headerRefs(["Retry-After"]) : {}),
    // A 409 of a route with an Idempotency-Key may be `partner.idempotency_in_progress`, the
    // only 409 that asks for a retry; the route's other 409s do not carry it.
    ...(status === 409 && codes.includes("partner.idempotency_in_progress")
      ? {
        "Retry-After": {
          ...HEADERS["Retry-After"],
          required: false,
          description: `On \`partner.idempotency_in_progress\` only: ` +
            `${IN_PROGRESS_RETRY_AFTER_SECONDS}, the seconds to wait before retrying with the key.`,
        },
      }
      : {}),
    ...headerRefs(VERSION),
  };
}

/** The headers of a response of the endpoint at `path`, which needs no key. */
export function publicHeaders(path: string): HeadersObject {
  return headerRefs(path.startsWith("/v1/") ? ["X-Request-Id", ...VERSION] : ["X-Request-Id"]);
}
