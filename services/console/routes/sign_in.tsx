/**
 * Signing in by a one-time link, and out. Opening the link only shows a "Continue" button:
 * mail scanners open links, and only the button's POST spends the token. Sign-in starts a
 * new session (the one the browser came with, if any, ends), so a session id planted before
 * sign-in is worth nothing after it.
 * @module
 */
import type { Sql } from "@hire/db";
import { clientAddress, type ClientLimiter } from "@hire/http";
import { normaliseEmail } from "@hire/partners";
import {
  deleteSession,
  insertSession,
  markSignedIn,
  signInTokenIsLive,
  spendSignInToken,
} from "@hire/tables";
import { type Context, Hono } from "hono";
import type { ConsoleEnv } from "../env.ts";
import { safeNext } from "../links.ts";
import { clearSessionCookie, type SessionCookie, setSessionCookie } from "../middleware/session.ts";
import { type Background, sendSignInLink, type SignInDeps } from "../sign_in.ts";
import { signInText } from "../text/sign_in.ts";
import { Notice } from "../views/components.tsx";
import { errorPage, renderPage } from "../views/page.tsx";
import { hashToken, isToken, newToken } from "../tokens.ts";

/** What the sign-in routes need. */
export interface SignInRoutesDeps extends SignInDeps {
  sql: Sql;
  cookie: SessionCookie;
  sessionMaxMs: number;
  /** Link requests per client address. */
  perClient: ClientLimiter;
  trustProxy: boolean;
  background: Background;
}

function formValue(form: Record<string, unknown>, name: string): string {
  const v = form[name];
  return typeof v === "string" ? v : "";
}

/** `/sign-in`, `/sign-in/link` and `/sign-out`. */
export function signInRoutes(deps: SignInRoutesDeps): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();

  const form = (
    c: Context<ConsoleEnv>,
    opts: { email?: string; error?: boolean; next: string; status?: 200 | 400 },
  ) => {
    const t = signInText[c.get("lang")];
    return renderPage(
      c,
      { title: t.title, status: opts.status },
      <section class="narrow">
        <h1>{t.title}</h1>
        {c.req.query("signed_out") !== undefined && <Notice kind="ok">{t.signedOut}</Notice>}
        <p>{t.intro}</p>
        <form method="post" action="/sign-in">
          <input type="hidden" name="next" value={opts.next} />
          <label>
            {t.email}
            <input
              type="email"
              name="email"
              required
              autocomplete="email"
              dir="ltr"
              value={opts.email ?? ""}
              aria-invalid={opts.error ? "true" : undefined}
              aria-describedby={opts.error ? "email-error" : undefined}
            />
          </label>
          {opts.error && <p class="field-error" id="email-error">{t.invalidEmail}</p>}
          <button type="submit">{t.send}</button>
        </form>
      </section>,
    );
  };

  app.get("/sign-in", (c) => {
    if (c.get("session")) return c.redirect(safeNext(c.req.query("next")), 303);
    return form(c, { next: safeNext(c.req.query("next")) });
  });

  app.post("/sign-in", async (c) => {
    if (!deps.perClient.take(clientAddress(c, deps.trustProxy)).allowed) {
      return await errorPage(c, 429);
    }
    const body = await c.req.parseBody();
    const next = safeNext(formValue(body, "next"));
    const raw = formValue(body, "email");
    const email = normaliseEmail(raw);
    if (!email) return await form(c, { email: raw.slice(0, 254), error: true, next, status: 400 });
    deps.background.run(() => sendSignInLink(deps, { email, next }));
    const t = signInText[c.get("lang")];
    return await renderPage(
      c,
      { title: t.sentTitle },
      <section class="narrow">
        <h1>{t.sentTitle}</h1>
        <p>
          {t.sent(email)}
        </p>
      </section>,
    );
  });

  const dead = (c: Context<ConsoleEnv>) => {
    const t = signInText[c.get("lang")];
    return renderPage(
      c,
      { title: t.deadTitle, status: 400 },
      <section class="narrow">
        <h1>{t.deadTitle}</h1>
        <p>{t.deadText}</p>
        <p>
          <a href="/sign-in">{t.askAgain}</a>
        </p>
      </section>,
    );
  };

  app.get("/sign-in/link", async (c) => {
    const token = c.req.query("token");
    if (!isToken(token) || !await signInTokenIsLive(deps.sql, await hashToken(token))) {
      return await dead(c);
    }
    const t = signInText[c.get("lang")];
    return await renderPage(
      c,
      { title: t.continueTitle },
      <section class="narrow">
        <h1>{t.continueTitle}</h1>
        <p>{t.continueText}</p>
        <form method="post" action="/sign-in/link">
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="next" value={safeNext(c.req.query("next"))} />
          <button type="submit" autofocus>{t.continue}</button>
        </form>
      </section>,
    );
  });

  app.post("/sign-in/link", async (c) => {
    const body = await c.req.parseBody();
    const token = formValue(body, "token");
    if (!isToken(token)) return await dead(c);
    const hash = await hashToken(token);
    const sessionId = newToken();
    const signedIn = await deps.sql.begin(async (tx) => {
      const userId = await spendSignInToken(tx, hash);
      const user = userId && await markSignedIn(tx, userId);
      if (!user) return false;
      await insertSession(tx, {
        hash: await hashToken(sessionId),
        userId: user.id,
        csrfToken: newToken(),
        absoluteMs: deps.sessionMaxMs,
      }, c.get("session")?.idHash);
      return true;
    });
    if (!signedIn) return await dead(c);
    setSessionCookie(c, deps.cookie, sessionId, deps.sessionMaxMs);
    return c.redirect(safeNext(formValue(body, "next")), 303);
  });

  app.post("/sign-out", async (c) => {
    const session = c.get("session");
    if (session) await deleteSession(deps.sql, session.idHash);
    clearSessionCookie(c, deps.cookie);
    return c.redirect("/sign-in?signed_out", 303);
  });

  return app;
}
