/** Refuses page views past the per-address allowance with a 429 page in the visitor's language. */
import type { Context, MiddlewareHandler } from "hono";
import type { ClientLimiter } from "../client_limiter.ts";
import type { SiteEnv } from "../env.ts";

/** The client's address: the socket's peer, or behind a trusted proxy the last hop it added. */
export function clientAddress(c: Context<SiteEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = c.req.header("X-Forwarded-For")?.split(",").map((h) => h.trim()).filter(Boolean);
    const last = hops?.at(-1);
    if (last) return last;
  }
  const info = c.env as { remoteAddr?: Deno.NetAddr } | undefined;
  return info?.remoteAddr?.hostname ?? "unknown";
}

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
