/**
 * Who may see a page or post a form: signed in at all, then the role's permission
 * (`@hire/partners` `can`). A signed-out visitor is sent to sign in and brought back; a
 * person whose role does not allow the action gets 403.
 * @module
 */
import { can, type Permission } from "@hire/partners";
import type { MiddlewareHandler } from "hono";
import type { ConsoleEnv, SignedInEnv } from "../env.ts";
import { errorPage } from "../views/page.tsx";

/** Sends a signed-out request to `/sign-in`, with where it was going when it was a GET. */
export function requireSignIn(): MiddlewareHandler<ConsoleEnv> {
  return async (c, next) => {
    if (c.get("session")) return await next();
    const url = new URL(c.req.url);
    const next_ = c.req.method === "GET" ? `${url.pathname}${url.search}` : "/";
    return c.redirect(`/sign-in?next=${encodeURIComponent(next_)}`, 303);
  };
}

/** Refuses with 403 a person whose role lacks `permission`. */
export function requirePermission(permission: Permission): MiddlewareHandler<SignedInEnv> {
  return async (c, next) => {
    if (can(c.get("session").user.role, permission)) return await next();
    return await errorPage(c, 403);
  };
}
