/** `Deprecation`, `Sunset` and `Link` on every `/v1` response once v1's end is announced. */
import type { MiddlewareHandler } from "hono";
import type { EdgeEnv } from "../env.ts";
import { setResponseHeaders } from "./response_headers.ts";
import { deprecationHeaders, type VersionDeprecation } from "../versioning.ts";

/** Adds the deprecation headers on the way out, to errors too (mount it outermost). */
export function versionDeprecation(deprecation: VersionDeprecation): MiddlewareHandler<EdgeEnv> {
  const headers = Object.entries(deprecationHeaders(deprecation));
  // While v1 is current (the usual case) there is nothing to add to any response.
  if (headers.length === 0) return (_c, next) => next();
  return async (c, next) => {
    await next();
    setResponseHeaders(c, headers);
  };
}
