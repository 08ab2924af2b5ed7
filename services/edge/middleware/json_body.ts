/**
 * Request bodies: size-limited (413), JSON only (415), well-formed (400).
 * @module
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { EdgeEnv } from "../env.ts";
import { ApiError } from "../problem.ts";

/** Rejects bodies larger than `maxBytes` with 413 before they are read whole. */
export function limitBody(maxBytes: number): MiddlewareHandler<EdgeEnv> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError("partner.payload_too_large", {
        detail: `The request body must not exceed ${maxBytes} bytes.`,
      });
    },
  });
}

/** The parsed JSON body. A missing Content-Type is accepted; another media type is not. */
export async function readJson(c: Context<EdgeEnv>): Promise<unknown> {
  const type = c.req.header("content-type");
  if (type && !/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw new ApiError("partner.unsupported_media_type");
  }
  const text = await c.req.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("partner.malformed_json");
  }
}
