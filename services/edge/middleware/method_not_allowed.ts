/** 405 with an `Allow` header, for a path that exists but not with this method. */
import type { Handler } from "hono";
import type { EdgeEnv } from "../env.ts";
import { ApiError } from "../problem.ts";

/** A catch-all handler to register after a path's real methods. */
export function methodNotAllowed(allowed: string[]): Handler<EdgeEnv> {
  const allow = allowed.join(", ");
  return () => {
    throw new ApiError("partner.method_not_allowed", { headers: { Allow: allow } });
  };
}
