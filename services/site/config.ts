/** The site's configuration, read once at start-up. */
import { boolVar, commonEnv, intVar, parseConfig } from "@hire/config";
import type { ConnectOptions, ServiceKind } from "@hire/db";
import { z } from "zod";
import { SITEMAP_MAX_URLS } from "./sitemap.ts";

const schema = z.object({
  DATABASE_URL: commonEnv.DATABASE_URL,
  LOG_LEVEL: commonEnv.LOG_LEVEL,
  SITE_BASE_URL: commonEnv.SITE_BASE_URL,
  /** Port the site listens on. */
  SITE_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  /**
   * Postgres connections of one site process. Its own small pool: however many visitors
   * arrive, the site never holds more of the database than this.
   */
  SITE_DB_POOL_SIZE: intVar(10),
  /** Page views one client address may make per minute (per site process) before a 429. */
  SITE_RATE_LIMIT_PER_MINUTE: intVar(600),
  /**
   * Behind a reverse proxy, the client's address is the last one the proxy appended to
   * `X-Forwarded-For`. Off by default: without a proxy a visitor could write that header.
   */
  SITE_TRUST_PROXY: boolVar(false),
  /** URLs per sitemap file; past it `/sitemap.xml` becomes a sitemap index. */
  SITE_SITEMAP_URLS_PER_FILE: z.coerce.number().int().positive().max(SITEMAP_MAX_URLS)
    .default(SITEMAP_MAX_URLS),
  /** Rendered job descriptions kept in memory (each keyed by job and content version). */
  SITE_RENDER_CACHE_ENTRIES: intVar(5000),
});

/**
 * How the site connects to Postgres. Custom plans always: postgres.js prepares each query,
 * and after a few executions Postgres may switch a prepared feed search to a generic plan
 * that cannot see the words and walks a whole city (measured: 200-560 ms instead of 2 ms),
 * which also let one visitor's searches take cores.
 */
export function siteDatabaseOptions(cfg: Pick<SiteConfig, "SITE_DB_POOL_SIZE">): ConnectOptions {
  return {
    max: cfg.SITE_DB_POOL_SIZE,
    connectTimeout: 3,
    name: "site" satisfies ServiceKind,
    settings: { plan_cache_mode: "force_custom_plan" },
  };
}

/** The validated configuration. */
export type SiteConfig = z.infer<typeof schema>;

/** Reads the configuration from the environment. */
export const loadSiteConfig = (env?: Record<string, string | undefined>): SiteConfig =>
  parseConfig(schema, env);

/** What the site's HTTP application takes from configuration. */
export interface SiteSettings {
  baseUrl: string;
  rateLimitPerMinute: number;
  trustProxy: boolean;
  sitemapUrlsPerFile: number;
  renderCacheEntries: number;
}

/** The app's settings from a validated configuration. */
export function siteSettings(cfg: SiteConfig): SiteSettings {
  return {
    baseUrl: cfg.SITE_BASE_URL,
    rateLimitPerMinute: cfg.SITE_RATE_LIMIT_PER_MINUTE,
    trustProxy: cfg.SITE_TRUST_PROXY,
    sitemapUrlsPerFile: cfg.SITE_SITEMAP_URLS_PER_FILE,
    renderCacheEntries: cfg.SITE_RENDER_CACHE_ENTRIES,
  };
}
