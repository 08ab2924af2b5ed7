/**
 * Security headers on every page response: a Content-Security-Policy with a nonce of its own
 * per response (only the app's own styles, no script but nonce'd ones, forms posted only to
 * the app, nothing framed or embedded), nosniff, and a referrer policy that tells other sites
 * where a visitor came from but not which page or search they were on.
 * @module
 */
import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";

/** The security headers of a page-serving app (the site, the console). */
export function pageHeaders(): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: [NONCE],
      styleSrc: ["'self'"],
      imgSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
  });
}
