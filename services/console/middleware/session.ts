/**
 * The session cookie and the middleware that finds a request's session. The cookie carries
 * 32 random bytes; the server keeps their SHA-256 with the person, the expiries and the
 * CSRF token (`console_sessions`).
 * @module
 */
import type { Sql } from "@hire/db";
import { findSession } from "@hire/tables";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { ConsoleEnv } from "../env.ts";
import { hashToken, isToken } from "../tokens.ts";

/** The cookie's name and whether it is sent over https only. */
export interface SessionCookie {
  name: string;
  secure: boolean;
}

/**
 * `__Host-` (https only, this host only, whole path) wherever browsers allow it: over https,
 * and on loopback, which browsers treat as a secure context. A console served over plain
 * http to another host (a compose network reached by name) gets a plain cookie, since a
 * browser would drop a `__Host-` cookie without `Secure`; production requires https.
 */
export function sessionCookie(baseUrl: string): SessionCookie {
  return servedSecurely(baseUrl)
    ? { name: "__Host-hire_console", secure: true }
    : { name: "hire_console", secure: false };
}

/** Whether browsers treat `baseUrl` as a secure context: https, or loopback. */
export function servedSecurely(baseUrl: string): boolean {
  const url = new URL(baseUrl);
  return url.protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

/** Sets the cookie of a new session; it lives as long as the session may. */
export function setSessionCookie(
  c: Context,
  cookie: SessionCookie,
  value: string,
  maxAgeMs: number,
): void {
  setCookie(c, cookie.name, value, {
    path: "/",
    httpOnly: true,
    secure: cookie.secure,
    sameSite: "Lax",
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

/** Clears the session cookie (sign-out, or a cookie naming no live session). */
export function clearSessionCookie(c: Context, cookie: SessionCookie): void {
  deleteCookie(c, cookie.name, { path: "/", secure: cookie.secure, httpOnly: true });
}

/** Sets `session` when the request's cookie names a live one, and drops a dead cookie. */
export function loadSession(
  deps: { sql: Sql; cookie: SessionCookie; idleMs: number },
): MiddlewareHandler<ConsoleEnv> {
  return async (c, next) => {
    const value = getCookie(c, deps.cookie.name);
    if (isToken(value)) {
      const idHash = await hashToken(value);
      const session = await findSession(deps.sql, idHash, deps.idleMs);
      if (session) c.set("session", { ...session, idHash });
      else clearSessionCookie(c, deps.cookie);
    }
    await next();
  };
}
