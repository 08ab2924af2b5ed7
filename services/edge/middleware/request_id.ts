/** Gives every request an id, echoed in `X-Request-Id` and in every error body. */
import { newId } from "@hire/ids";
import type { MiddlewareHandler } from "hono";
import type { EdgeEnv } from "../env.ts";
import { setResponseHeaders } from "./response_headers.ts";

/** Sets `requestId` and the `X-Request-Id` response header. */
export function requestId(): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const id = newId("req");
    c.set("requestId", id);
    await next();
    setResponseHeaders(c, [["X-Request-Id", id]]);
  };
}
