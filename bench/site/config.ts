/**
 * The knobs of `deno task bench:site` and the targets of issue 10 it checks.
 * @module
 */
import { type BenchConfig, positiveInt, readConfig, type Target } from "../common/config.ts";

/** What one `deno task bench:site` run does (wrk settings shared with the API benchmark). */
export interface SiteBenchConfig extends BenchConfig {
  /** The public site's base URL, without a trailing slash. */
  siteUrl: string;
  /** Active jobs the feed must hold; the shortfall is seeded. */
  jobs: number;
  /** Different job ids of the many-ids job page scenario. */
  ids: number;
  /** (city, q) pairs the feed scenario cycles through. */
  searches: number;
  /** Page views per second the isolation run offers the site. */
  siteRate: number;
  /** Job pages per second of the paced job page run (the 3,000). */
  pageRate: number;
  /** Searches per second of the paced feed run. */
  feedRate: number;
  /** Requests per second of the paced variant of the isolation run's API load. */
  apiRate: number;
}

/** The job page's target: 3,000 pages/s at p99 ≤ 30 ms. */
export const JOB_PAGE_TARGET: Target = { minRps: 3000, maxP99Ms: 30 };

/** The feed's target, with a city filter and a text search: p99 ≤ 50 ms (any rate). */
export const FEED_TARGET: Target = { minRps: 0, maxP99Ms: 50 };

/**
 * The target of a run paced at `perSecond`: the page's p99, and the offered rate delivered
 * (at least 95% of it answered), or the p99 says nothing about that rate.
 */
export function pacedTarget(page: Target, perSecond: number): Target {
  return { minRps: Math.floor(0.95 * perSecond), maxP99Ms: page.maxP99Ms };
}

/** The API's retrieve p99 under the site's load may be at most this times its p99 alone. */
export const ISOLATION_MAX_RATIO = 1.2;

/** The site to load: `BENCH_SITE_URL`, else loopback on `SITE_PORT` (8081). */
export function siteBaseUrl(): string {
  return (Deno.env.get("BENCH_SITE_URL") ??
    `http://127.0.0.1:${Deno.env.get("SITE_PORT") ?? 8081}`).replace(/\/+$/, "");
}

/** Reads the configuration from the BENCH_* variables. */
export function readSiteConfig(): SiteBenchConfig {
  const base = readConfig();
  if (base.tool === "autocannon") {
    throw new Error("bench:site needs wrk (Lua scripts and pacing); BENCH_TOOL=autocannon");
  }
  return {
    ...base,
    siteUrl: siteBaseUrl(),
    jobs: positiveInt("BENCH_SITE_JOBS", 100_000),
    ids: positiveInt("BENCH_SITE_IDS", 1000),
    searches: positiveInt("BENCH_SITE_SEARCHES", 200),
    siteRate: positiveInt("BENCH_SITE_RATE", 2000),
    pageRate: positiveInt("BENCH_SITE_PAGE_RATE", JOB_PAGE_TARGET.minRps),
    feedRate: positiveInt("BENCH_SITE_FEED_RATE", 100),
    apiRate: positiveInt("BENCH_SITE_API_RATE", 1000),
  };
}
