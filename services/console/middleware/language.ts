/**
 * The interface language of a request: `?lang=` (the switcher's links) first, then the
 * signed-in person's remembered choice, then the `console_lang` cookie (before sign-in),
 * then the browser's preference, then English. A `?lang=` choice is remembered: on the
 * person when signed in, in the cookie always.
 * @module
 */
import type { Sql } from "@hire/db";
import { isLang, type Lang } from "@hire/pages";
import { setUserLang } from "@hire/tables";
import type { MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { ConsoleEnv } from "../env.ts";

const COOKIE = "console_lang";

/** The language the browser prefers among ours (the first of `Accept-Language` we have). */
export function preferredLang(acceptLanguage: string | undefined): Lang | undefined {
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0]!.trim().toLowerCase().split("-")[0];
    if (isLang(tag)) return tag;
  }
  return undefined;
}

/** Sets `lang`, and remembers a choice made with `?lang=`. */
export function chooseLanguage(deps: { sql: Sql; secure: boolean }): MiddlewareHandler<ConsoleEnv> {
  return async (c, next) => {
    const asked = c.req.query("lang");
    const session = c.get("session");
    if (isLang(asked)) {
      setCookie(c, COOKIE, asked, {
        path: "/",
        sameSite: "Lax",
        secure: deps.secure,
        maxAge: 365 * 86_400,
      });
      if (session && session.user.lang !== asked) {
        await setUserLang(deps.sql, session.user.id, asked);
      }
    }
    const cookie = getCookie(c, COOKIE);
    const lang = isLang(asked) ? asked : session?.user.lang ??
      (isLang(cookie) ? cookie : preferredLang(c.req.header("accept-language")));
    c.set("lang", lang ?? "en");
    await next();
  };
}
