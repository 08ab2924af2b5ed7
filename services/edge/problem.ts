/**
 * Errors as HTTP: every error leaves the edge as RFC 9457 problem details extended with
 * the spec's fields (`code`, `message`, `messageAr`), `errors` for field problems and the
 * `request_id`. Codes map to statuses only here.
 * @module
 */
import { type ErrorCode, ERRORS, type FieldError } from "@hire/errors";

const STATUS: Record<ErrorCode, number> = {
  "partner.unauthorized": 401,
  "partner.forbidden": 403,
  "partner.not_found": 404,
  "partner.route_not_found": 404,
  "partner.method_not_allowed": 405,
  "partner.validation_failed": 422,
  "partner.malformed_json": 400,
  "partner.unsupported_media_type": 415,
  "partner.payload_too_large": 413,
  "partner.idempotency_mismatch": 422,
  "partner.idempotency_in_progress": 409,
  "partner.webhook_limit_reached": 409,
  "partner.webhook_inactive": 409,
  "partner.version_not_found": 404,
  "partner.auth_rate_limited": 429,
  "partner.rate_limited": 429,
  "partner.quota_exceeded": 429,
  "partner.unavailable": 503,
  "partner.internal_error": 500,
};

/** Seconds a client should wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 5;

/** An error a handler throws to answer with a problem document. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly opts: {
      errors?: FieldError[];
      detail?: string;
      headers?: Record<string, string>;
      /** Extension members of the problem document, e.g. `quota`. */
      extensions?: Record<string, unknown>;
    } = {},
  ) {
    super(code);
    this.name = "ApiError";
  }

  get status(): number {
    return STATUS[this.code];
  }
}

/** The problem document's body. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  message: string;
  messageAr: string;
  errors?: FieldError[];
  /** On `partner.quota_exceeded`: the month's quota, what is used, and when it resets. */
  quota?: { limit: number; used: number; reset_at: string };
  request_id: string;
}

/** Builds the body for `error`; `typeBase` is where error codes are documented. */
export function problemBody(error: ApiError, requestId: string, typeBase: string): Problem {
  const text = ERRORS[error.code];
  return {
    type: `${typeBase}/docs/errors#${error.code}`,
    title: text.title,
    status: error.status,
    detail: error.opts.detail ?? text.message,
    code: error.code,
    message: text.message,
    messageAr: text.messageAr,
    ...(error.opts.errors ? { errors: error.opts.errors } : {}),
    ...error.opts.extensions,
    request_id: requestId,
  };
}

/** The full response for `error`. */
export function problemResponse(error: ApiError, requestId: string, typeBase: string): Response {
  const headers = new Headers({
    "content-type": "application/problem+json",
    ...error.opts.headers,
  });
  if (error.code === "partner.unavailable") headers.set("retry-after", String(RETRY_AFTER_SECONDS));
  return new Response(JSON.stringify(problemBody(error, requestId, typeBase)), {
    status: error.status,
    headers,
  });
}
