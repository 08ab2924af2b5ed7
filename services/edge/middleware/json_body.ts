/**
 * Request bodies: size-limited (413), JSON only (415), well-formed (400). A route's own
 * validator checks the media type and parses the body; these run before it, as the route's
 * middleware.
 * @module
 */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { HTTPException } from "hono/http-exception";
import type { EdgeEnv } from "../env.ts";
import { ApiError } from "../problem.ts";

/** Rejects bodies larger than `maxBytes` with 413 before they are read whole. */
function limitBody(maxBytes: number): MiddlewareHandler<EdgeEnv> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError("partner.payload_too_large", {
        detail: `The request body must not exceed ${maxBytes} bytes.`,
      });
    },
  });
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/**
 * Presents a body without Content-Type, or with any JSON media type, as `application/json`,
 * the one media type the route's validator reads: a missing Content-Type is accepted. Any
 * other media type is left for the validator to refuse, after the headers are checked.
 */
function acceptJson(): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const type = c.req.header("content-type");
    if (type === undefined || JSON_TYPE.test(type)) {
      const headers = new Headers(c.req.raw.headers);
      headers.set("content-type", "application/json");
      // As hono/body-limit does: the request the rest of the chain reads.
      c.req.raw = new Request(c.req.raw, { headers });
    }
    await next();
  };
}

/** The middleware of a route that reads a JSON body of at most `maxBytes`. */
export function jsonBody(maxBytes: number): MiddlewareHandler<EdgeEnv>[] {
  return [limitBody(maxBytes), acceptJson()];
}

/**
 * The problem of what the route's validator throws about a body: 415 for a media type that
 * is not JSON, 400 for JSON that does not parse. Undefined for anything else.
 */
export function bodyProblem(err: HTTPException): ApiError | undefined {
  if (err.status === 415) return new ApiError("partner.unsupported_media_type");
  if (err.status === 400) return new ApiError("partner.malformed_json");
  return undefined;
}
