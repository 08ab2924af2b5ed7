/**
 * Request bodies: size-limited (413), JSON only (415), well-formed UTF-8 JSON (400), and
 * holding only text the API accepts, nested no deeper than it allows (422,
 * `request_text.ts`). A route's own validator checks the media type and parses the body;
 * these run before it, as the route's middleware.
 * @module
 */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { HTTPException } from "hono/http-exception";
import type { EdgeEnv } from "../env.ts";
import { ApiError } from "../problem.ts";
import { inspectJson } from "../request_text.ts";

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
    // Rebuilding the request costs more than the rest of a create's validation: only when needed.
    if (type !== "application/json" && (type === undefined || JSON_TYPE.test(type))) {
      const headers = new Headers(c.req.raw.headers);
      headers.set("content-type", "application/json");
      // As hono/body-limit does: the request the rest of the chain reads.
      c.req.raw = new Request(c.req.raw, { headers });
    }
    await next();
  };
}

// JSON is UTF-8 (RFC 8259 §8.1). Decoding leniently would store U+FFFD in place of what the
// partner sent, silently; a leading BOM is dropped, as JSON parsers may.
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Refuses a JSON body that is not UTF-8, holds refused text or is nested too deep, before
 * the route's validator or the idempotency fingerprint walks it, which then read the value
 * parsed here.
 */
function inspectBody(): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    if (c.req.header("content-type") === "application/json") {
      // A body that cannot be read whole (broken chunks) ends the connection: nobody reads
      // this answer, but it is no fault of ours to log.
      const bytes = await c.req.arrayBuffer().catch(() => undefined);
      if (bytes === undefined) throw new ApiError("partner.malformed_json");
      let text: string;
      try {
        text = UTF8.decode(bytes);
      } catch {
        throw new ApiError("partner.malformed_json", {
          detail: "The request body is not UTF-8 text.",
        });
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new ApiError("partner.malformed_json");
      }
      const errors = inspectJson(body);
      if (errors.length > 0) throw new ApiError("partner.validation_failed", { errors });
      // Hono parses its cached text again on every `c.req.json()`: the route's validator and
      // the idempotency fingerprint would each parse a posting of a few kB once more. They get
      // the value parsed here; both only read it (zod returns new objects).
      c.req.json = <T>() => Promise.resolve(body as T);
    }
    await next();
  };
}

/** The middleware of a route that reads a JSON body of at most `maxBytes`. */
export function jsonBody(maxBytes: number): MiddlewareHandler<EdgeEnv>[] {
  return [limitBody(maxBytes), acceptJson(), inspectBody()];
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
