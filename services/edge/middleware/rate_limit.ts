/**
 * The per-minute request limit: every authenticated request is counted before any work,
 * and every response to one reports the partner's limits in headers, refusals included.
 * @module
 */
import type { Plan, PlanLimits } from "@hire/partners";
import type { MiddlewareHandler } from "hono";
import type { EdgeEnv } from "../env.ts";
import { limitHeaders, limitState, secondsUntil } from "../limits/limit_state.ts";
import type { RequestCounter } from "../limits/request_leases.ts";
import { ApiError } from "../problem.ts";
import { setResponseHeaders } from "./response_headers.ts";

/**
 * Writes the limit headers on the way out. Mounted outside the counting middleware: Hono
 * turns an error into a response at the level of the middleware that threw it, so only
 * middleware further out sees the refusal as a response it can add headers to.
 */
export function reportLimits(): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    await next();
    const state = c.get("limits") as EdgeEnv["Variables"]["limits"] | undefined;
    if (!state) return;
    setResponseHeaders(c, Object.entries(limitHeaders(state)));
  };
}

/** Counts the request against the partner's plan; over the limit, 429 with Retry-After. */
export function countRequests(
  deps: { counter: RequestCounter; limits: Record<Plan, PlanLimits> },
): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const { partnerId, plan } = c.get("partner");
    const limits = deps.limits[plan];
    const state = limitState(limits, await deps.counter.count(partnerId, limits.requestsPerMinute));
    c.set("limits", state);
    if (state.minute.exceeded) {
      throw new ApiError("partner.rate_limited", {
        detail: `Your plan allows ${state.minute.limit} requests per minute.`,
        headers: { "Retry-After": String(secondsUntil(state.minute.resetAt, state.now)) },
      });
    }
    await next();
  };
}
