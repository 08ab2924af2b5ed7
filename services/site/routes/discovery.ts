/**
 * What search engines and feed readers read: `/robots.txt`, `/sitemap.xml` (a sitemap
 * index once the listed jobs outgrow one file), `/feed.xml` (Atom) and `/feed.json`
 * (JSON Feed 1.1). All list active jobs only and are read fresh on every request.
 * @module
 */
import type { Sql } from "@hire/db";
import { arabicCityName } from "@hire/jobs";
import { Hono } from "hono";
import type { SiteEnv } from "../env.ts";
import { atomFeed, type FeedOptions, jsonFeed } from "../feeds.ts";
import { employmentTypeLabel } from "../format.ts";
import { text } from "../i18n.ts";
import { countListedJobs, newestJobs, sitemapJobs } from "../jobs_reader.ts";
import { jobPath } from "../links.ts";
import { type RenderCache, renderDescription } from "../markdown.ts";
import { respond } from "../respond.ts";
import { sitemapIndexXml, sitemapXml } from "../sitemap.ts";

/** Jobs in each syndication feed. */
export const FEED_ENTRIES = 50;

/** What the discovery routes need. */
export interface DiscoveryDeps {
  sql: Sql;
  baseUrl: string;
  sitemapUrlsPerFile: number;
  descriptions: RenderCache;
}

const XML = "application/xml; charset=utf-8";

/** The discovery routes. */
export function discoveryRoutes(deps: DiscoveryDeps): Hono<SiteEnv> {
  const jobsFile = (n: number) => `${deps.baseUrl}/sitemaps/jobs-${n}.xml`;
  const jobsSitemap = (jobs: { id: string; updated_at: Date }[]) =>
    sitemapXml(jobs.map((j) => ({ loc: deps.baseUrl + jobPath(j.id), lastmod: j.updated_at })));

  const syndication = async (feedUrl: string): Promise<FeedOptions> => {
    const jobs = await newestJobs(deps.sql, FEED_ENTRIES);
    const t = text("en");
    return {
      siteUrl: `${deps.baseUrl}/jobs`,
      feedUrl,
      title: t.siteName,
      updated: jobs.reduce((max, j) => j.updated_at > max ? j.updated_at : max, new Date(0)),
      lang: "en",
      entries: jobs.map((job) => ({
        url: deps.baseUrl + jobPath(job.id),
        title: job.title,
        html: renderDescription(deps.descriptions, job),
        published: job.created_at,
        updated: job.updated_at,
        author: job.partner_name,
        tags: [job.city, arabicCityName(job.city), employmentTypeLabel(job.employment_type, "en")],
      })),
    };
  };

  return new Hono<SiteEnv>()
    .get("/robots.txt", (c) =>
      respond(c, {
        body: `User-agent: *\nAllow: /\n\nSitemap: ${deps.baseUrl}/sitemap.xml\n`,
        contentType: "text/plain; charset=utf-8",
      }))
    .get("/sitemap.xml", async (c) => {
      const count = await countListedJobs(deps.sql);
      if (count > deps.sitemapUrlsPerFile) {
        const files = Math.ceil(count / deps.sitemapUrlsPerFile);
        return await respond(c, {
          body: sitemapIndexXml(
            Array.from({ length: files }, (_, i) => ({ loc: jobsFile(i + 1) })),
          ),
          contentType: XML,
        });
      }
      const jobs = await sitemapJobs(deps.sql, { offset: 0, limit: deps.sitemapUrlsPerFile });
      return await respond(c, {
        body: jobsSitemap(jobs),
        contentType: XML,
      });
    })
    .get("/sitemaps/:file{jobs-[1-9][0-9]{0,5}\\.xml}", async (c) => {
      const n = Number(c.req.param("file").slice(5, -4));
      const jobs = await sitemapJobs(deps.sql, {
        offset: (n - 1) * deps.sitemapUrlsPerFile,
        limit: deps.sitemapUrlsPerFile,
      });
      if (jobs.length === 0) return c.notFound();
      return await respond(c, {
        body: jobsSitemap(jobs),
        contentType: XML,
      });
    })
    .get("/feed.xml", async (c) =>
      await respond(c, {
        body: atomFeed(await syndication(`${deps.baseUrl}/feed.xml`)),
        contentType: "application/atom+xml; charset=utf-8",
      }))
    .get("/feed.json", async (c) =>
      await respond(c, {
        body: JSON.stringify(
          jsonFeed(await syndication(`${deps.baseUrl}/feed.json`)),
        ),
        contentType: "application/feed+json; charset=utf-8",
      }));
}
