/**
 * Security headers on every response: a Content-Security-Policy with a nonce of its own
 * per response (only the site's own styles, no script but a nonce'd data block, nothing
 * framed or embedded), nosniff, and a referrer policy that tells other sites where a
 * visitor came from but not which search they made.
 * @module
 */
import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";

/** The site's security headers. */
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
