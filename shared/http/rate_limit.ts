/**
 * Refuses requests past their client address's allowance, with a response the app renders
 * (a page in the visitor's language) and `Retry-After`.
 * @module
 */
import type { Context, Env, MiddlewareHandler } from "hono";
import { clientAddress } from "./client_address.ts";
import type { ClientLimiter } from "./client_limiter.ts";

/** Options of {@link rateLimit}. */
export interface RateLimitOptions<E extends Env> {
  limiter: ClientLimiter;
  trustProxy: boolean;
  /** Renders the 429 response. */
  refuse: (c: Context<E>, retryAfterS: number) => Promise<Response>;
}

/** Counts every request against its client address. */
export function rateLimit<E extends Env>(opts: RateLimitOptions<E>): MiddlewareHandler<E> {
  return async (c, next) => {
    const decision = opts.limiter.take(clientAddress(c, opts.trustProxy));
    if (decision.allowed) return await next();
    const res = await opts.refuse(c, decision.retryAfterS);
    res.headers.set("Retry-After", String(decision.retryAfterS));
    return res;
  };
}
