/** Features that only some plans include: 403 `partner.forbidden` for the others. */
import { type Feature, planIncludes } from "@hire/partners";
import type { MiddlewareHandler } from "hono";
import type { EdgeEnv } from "../env.ts";
import { ApiError } from "../problem.ts";

/**
 * Refuses a partner whose plan lacks `feature`. Mounted before body parsing and id checks,
 * so a partner without the feature learns nothing about ids or bodies.
 */
export function requireFeature(feature: Feature): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    if (!planIncludes(c.get("partner").plan, feature)) throw new ApiError("partner.forbidden");
    await next();
  };
}
