/**
 * The public job site: server-rendered pages for job seekers and search engines. It reads
 * Postgres and writes nothing. `createApp(deps)` is a function of its dependencies, so
 * tests drive it with `app.request()` or serve it on a free port.
 * @module
 */
import { isDbUnavailable, type Sql } from "@hire/db";
import {
  createClientLimiter,
  databaseHealthRoutes,
  type DatabaseReadiness,
  rateLimit,
} from "@hire/http";
import type { Logger } from "@hire/log";
import { Hono } from "hono";
import { languageDetector } from "hono/language";
import type { SiteSettings } from "./config.ts";
import type { SiteEnv } from "./env.ts";
import { createRenderCache } from "./markdown.ts";
import { pageHeaders } from "@hire/pages";
import { errorPage, pageContext } from "./pages.tsx";
import { assetRoutes, type Stylesheet } from "./routes/assets.ts";
import { discoveryRoutes } from "./routes/discovery.ts";
import { feedRoutes } from "./routes/feed.tsx";
import { jobPageRoutes } from "./routes/job_page.tsx";

/** Everything the site needs, built by main.ts (or a test). */
export interface SiteDeps extends SiteSettings {
  sql: Sql;
  /** What `/readyz` answers from (`startDatabaseReadiness`). */
  readiness: DatabaseReadiness;
  log: Logger;
  stylesheet: Stylesheet;
}

/** Builds the site. */
export function createApp(deps: SiteDeps): Hono<SiteEnv> {
  const app = new Hono<SiteEnv>();
  const cssHref = deps.stylesheet.href;
  const descriptions = createRenderCache({ maxEntries: deps.renderCacheEntries });
  const pages = { ...deps, cssHref, descriptions };

  app.use("*", pageHeaders());
  app.route("/", databaseHealthRoutes<SiteEnv>(deps));
  app.route("/", assetRoutes(deps.stylesheet));
  // The query parameter first (the language switch and shared links), then the browser's
  // preference; nothing is stored, so a page's language is its URL's and its request's.
  app.use(
    "*",
    languageDetector({
      supportedLanguages: ["en", "ar"],
      fallbackLanguage: "en",
      order: ["querystring", "header"],
      caches: false,
    }),
  );
  // Every page is read-only: anything but GET and HEAD is refused before any work.
  app.use("*", async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return await next();
    const res = await errorPage(c, pageContext(c, cssHref), { status: 405 });
    res.headers.set("Allow", "GET, HEAD");
    return res;
  });
  app.use(
    "*",
    rateLimit<SiteEnv>({
      limiter: createClientLimiter({ perMinute: deps.rateLimitPerMinute }),
      trustProxy: deps.trustProxy,
      refuse: (c) => errorPage(c, pageContext(c, cssHref), { status: 429 }),
    }),
  );
  app.get("/", (c) => c.redirect(`/jobs${new URL(c.req.url).search}`, 301));
  app.route("/jobs", feedRoutes(pages));
  app.route("/jobs", jobPageRoutes(pages));
  app.route("/", discoveryRoutes(pages));

  app.notFound((c) => errorPage(c, pageContext(c, cssHref), { status: 404 }));
  app.onError((err, c) => {
    const ctx = pageContext(c, cssHref);
    if (isDbUnavailable(err)) {
      deps.log.warn("database unavailable", { err, path: c.req.path });
      return errorPage(c, ctx, { status: 503 }).then((res) => {
        res.headers.set("Retry-After", "5");
        return res;
      });
    }
    deps.log.error("unhandled error", { err, method: c.req.method, path: c.req.path });
    return errorPage(c, ctx, { status: 500 });
  });
  return app;
}
