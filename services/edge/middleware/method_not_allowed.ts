/**
 * 405 with `Allow` for a path that exists but not with this method.
 *
 * Not `hono/method-not-allowed`: it decides after the rest of the chain has answered (it
 * turns a 404 into a 405), so on `/v1/openapi.json` the authentication mounted on `/v1/*`
 * would answer 401 first, and its `Allow` adds HEAD. A catch-all after a path's routes
 * answers where those routes would: before authentication for the reference, after it (and
 * after the plan gate) for the partner API.
 * @module
 */
import type { Hono } from "hono";
import type { EdgeEnv } from "../env.ts";
import { ApiError } from "../problem.ts";

/**
 * Adds to `app`, for each path it routes, a catch-all that answers any other method with
 * 405 and `Allow`: the path's methods in the order they were registered. Call it once every
 * route of `app` is registered.
 */
// deno-lint-ignore no-explicit-any
export function refuseOtherMethods<A extends Hono<EdgeEnv, any, any>>(app: A): A {
  const methods = new Map<string, Set<string>>();
  for (const { method, path } of app.routes) {
    // `ALL` is middleware (`use`), not a method of the path.
    if (method !== "ALL") methods.set(path, (methods.get(path) ?? new Set()).add(method));
  }
  for (const [path, allowed] of methods) {
    const allow = [...allowed].join(", ");
    app.all(path, () => {
      throw new ApiError("partner.method_not_allowed", { headers: { Allow: allow } });
    });
  }
  return app;
}
