/**
 * The partner console: server-rendered pages where partners' people sign in and manage
 * their keys, webhooks and users, and watch their deliveries and usage. It changes the
 * account through `@hire/accounts`, the code the API uses, never through the API.
 * `createApp(deps)` is a function of its dependencies, so tests drive it with
 * `app.request()` or serve it on a free port.
 * @module
 */
import { isDbUnavailable } from "@hire/db";
import {
  createClientLimiter,
  databaseHealthRoutes,
  type DatabaseReadiness,
  rateLimit,
} from "@hire/http";
import { pageHeaders } from "@hire/pages";
import { Hono } from "hono";
import type { PagesDeps } from "./deps.ts";
import type { ConsoleEnv, SignedInEnv } from "./env.ts";
import { csrfProtection } from "./middleware/csrf.ts";
import { chooseLanguage } from "./middleware/language.ts";
import { requireSignIn } from "./middleware/require.ts";
import { loadSession, sessionCookie } from "./middleware/session.ts";
import { assetRoutes, type Stylesheet } from "./routes/assets.ts";
import { auditRoutes } from "./routes/audit.tsx";
import { eventsRoutes } from "./routes/events.tsx";
import { jobsRoutes } from "./routes/jobs.tsx";
import { keysRoutes } from "./routes/keys.tsx";
import { overviewRoutes } from "./routes/overview.tsx";
import { signInRoutes } from "./routes/sign_in.tsx";
import { usersRoutes } from "./routes/users.tsx";
import { webhooksRoutes } from "./routes/webhooks.tsx";
import { errorPage } from "./views/page.tsx";

/** Everything the console needs, built by main.ts (or a test). */
export interface ConsoleDeps extends PagesDeps {
  readiness: DatabaseReadiness;
  stylesheet: Stylesheet;
  /** Development only: without a mailer, log sign-in links. */
  logSignInLinks: boolean;
}

/** Builds the console. */
export function createApp(deps: ConsoleDeps): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  const cookie = sessionCookie(deps.baseUrl);

  // The sign-in link's token is in its page's address: it must never leave in a Referer.
  // Outside the page headers, which would set their own policy over this one.
  app.use("/sign-in/link", async (c, next) => {
    await next();
    c.res.headers.set("Referrer-Policy", "no-referrer");
  });
  app.use("*", pageHeaders());
  app.route("/", databaseHealthRoutes<ConsoleEnv>(deps));
  app.route("/", assetRoutes(deps.stylesheet));
  app.use("*", async (c, next) => {
    c.set("cssHref", deps.stylesheet.href);
    c.set("lang", "en");
    await next();
  });
  app.use(
    "*",
    rateLimit<ConsoleEnv>({
      limiter: createClientLimiter({ perMinute: deps.rateLimitPerMinute }),
      trustProxy: deps.trustProxy,
      refuse: (c) => errorPage(c, 429),
    }),
  );
  app.use("*", loadSession({ sql: deps.sql, cookie, idleMs: deps.sessionIdleMs }));
  app.use("*", chooseLanguage({ sql: deps.sql, secure: cookie.secure }));
  app.use("*", async (c, next) => {
    if (["GET", "HEAD", "POST"].includes(c.req.method)) return await next();
    const res = await errorPage(c, 405);
    res.headers.set("Allow", "GET, HEAD, POST");
    return res;
  });
  app.use(
    "*",
    csrfProtection({ origin: new URL(deps.baseUrl).origin, refuse: (c) => errorPage(c, 403) }),
  );

  app.route(
    "/",
    signInRoutes({
      ...deps,
      cookie,
      linkTtlMs: deps.signInLinkTtlMs,
      logLinks: deps.logSignInLinks,
      perAddress: createClientLimiter({ perHour: deps.signInPerAddressPerHour }),
      perClient: createClientLimiter({ perMinute: deps.signInPerClientPerMinute }),
    }),
  );

  const pages = new Hono<SignedInEnv>();
  pages.use("*", requireSignIn() as never);
  pages.route("/", overviewRoutes(deps));
  pages.route("/jobs", jobsRoutes(deps));
  pages.route("/keys", keysRoutes(deps));
  pages.route("/webhooks", webhooksRoutes(deps));
  pages.route("/events", eventsRoutes(deps));
  pages.route("/users", usersRoutes(deps));
  pages.route("/audit", auditRoutes(deps));
  app.route("/", pages as unknown as Hono<ConsoleEnv>);

  app.notFound((c) => errorPage(c, 404));
  app.onError((err, c) => {
    if (isDbUnavailable(err)) {
      deps.log.warn("database unavailable", { err, path: c.req.path });
      return errorPage(c, 503).then((res) => {
        res.headers.set("Retry-After", "5");
        return res;
      });
    }
    deps.log.error("unhandled error", { err, method: c.req.method, path: c.req.path });
    return errorPage(c, 500);
  });
  return app;
}
