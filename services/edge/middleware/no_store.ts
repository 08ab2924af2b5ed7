/**
 * `Cache-Control: no-store` on every response of the partner API. They hold one partner's
 * data, register and rotate-secret answers carry a signing secret, and every answer reports
 * limits as they were at that moment: nothing is for a browser, proxy or client cache to keep.
 * @module
 */
import type { MiddlewareHandler } from "hono";
import { setResponseHeaders } from "./response_headers.ts";

/**
 * Sets the header on the way out. Mounted outside authentication and the limits, so their
 * refusals carry it too (Hono turns an error into a response at the level that threw it).
 */
export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    setResponseHeaders(c, [["Cache-Control", "no-store"]]);
  };
}
