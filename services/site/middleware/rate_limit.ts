/** Refuses page views past the per-address allowance with a 429 page in the visitor's language. */
import { clientAddress, type ClientLimiter } from "@hire/http";
import type { Context, MiddlewareHandler } from "hono";
import type { SiteEnv } from "../env.ts";

/** Options of {@link rateLimit}. */
export interface RateLimitOptions {
  limiter: ClientLimiter;
  trustProxy: boolean;
  /** Renders the 429 page. */
  refuse: (c: Context<SiteEnv>, retryAfterS: number) => Promise<Response>;
}

/** Counts every request against its client address. */
export function rateLimit(opts: RateLimitOptions): MiddlewareHandler<SiteEnv> {
  return async (c, next) => {
    const decision = opts.limiter.take(clientAddress(c, opts.trustProxy));
    if (decision.allowed) return await next();
    const res = await opts.refuse(c, decision.retryAfterS);
    res.headers.set("Retry-After", String(decision.retryAfterS));
    return res;
  };
}
