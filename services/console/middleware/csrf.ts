/**
 * Cross-site request forgery. Every unsafe request must come from the console's own origin
 * (`Sec-Fetch-Site` when the browser sends it, else `Origin`, or `Referer` without one), and a
 * signed-in one must also carry its session's token in the form field `_csrf`. The origin
 * check alone covers the forms used before sign-in; the token also holds where a proxy or an
 * old browser drops the headers.
 * @module
 */
import type { MiddlewareHandler } from "hono";
import type { ConsoleEnv } from "../env.ts";
import { sameToken } from "../tokens.ts";

/** The form field that carries the token. */
export const CSRF_FIELD = "_csrf";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** Why a request is refused, or undefined when its origin is the console's. */
export function crossSiteReason(
  headers: { secFetchSite?: string; origin?: string; referer?: string },
  origin: string,
): string | undefined {
  // Browsers set Sec-Fetch-Site themselves (no page can), so when it is there it decides:
  // under `Referrer-Policy: no-referrer` (the sign-in link's page) a same-origin form post
  // carries `Origin: null`. Without it (older browsers), Origin, else Referer, must match.
  if (headers.secFetchSite) {
    return headers.secFetchSite === "same-origin"
      ? undefined
      : `Sec-Fetch-Site: ${headers.secFetchSite}`;
  }
  const from = headers.origin ?? originOf(headers.referer);
  if (!from || from === "null") return "no Origin or Referer";
  return from === origin ? undefined : `Origin ${from}`;
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Refuses cross-site and token-less unsafe requests with `refuse` (a 403 page). */
export function csrfProtection(
  deps: {
    origin: string;
    refuse: (c: Parameters<MiddlewareHandler<ConsoleEnv>>[0]) => Promise<Response>;
  },
): MiddlewareHandler<ConsoleEnv> {
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return await next();
    const reason = crossSiteReason({
      secFetchSite: c.req.header("sec-fetch-site"),
      origin: c.req.header("origin"),
      referer: c.req.header("referer"),
    }, deps.origin);
    if (reason) return await deps.refuse(c);
    const session = c.get("session");
    if (session) {
      const type = c.req.header("content-type") ?? "";
      const form = /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)
        ? await c.req.parseBody()
        : {};
      const token = form[CSRF_FIELD];
      if (typeof token !== "string" || !sameToken(token, session.csrfToken)) {
        return await deps.refuse(c);
      }
    }
    await next();
  };
}
