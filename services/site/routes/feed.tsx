/** `GET /jobs`: the seeker feed, with its filters and text search. */
import type { Sql } from "@hire/db";
import { encodeCursor } from "@hire/ids";
import { arabicCityName, KSA_CITIES } from "@hire/jobs";
import { Hono } from "hono";
import type { SiteEnv } from "../env.ts";
import { plainExcerpt } from "../excerpt.ts";
import { feedHref, parseFeedQuery } from "../feed_query.ts";
import { text } from "../i18n.ts";
import { feedPage } from "../jobs_reader.ts";
import { errorPage, htmlPage, pageContext } from "../pages.tsx";
import type { Lang } from "../site_job.ts";
import { FeedPage } from "../views/feed_page.tsx";

/** Jobs per feed page. */
export const FEED_PAGE_SIZE = 20;
const EXCERPT_CHARS = 180;

/** What the feed needs. */
export interface FeedDeps {
  sql: Sql;
  baseUrl: string;
  cssHref: string;
}

const cityName = (city: string, lang: Lang) => lang === "ar" ? arabicCityName(city) : city;

// The city filter's options, by name in each language's own order.
const CITY_OPTIONS: Record<Lang, { value: string; label: string }[]> = {
  en: KSA_CITIES.map((c) => ({ value: c, label: c })),
  ar: KSA_CITIES.map((c) => ({ value: c, label: arabicCityName(c) }))
    .sort((a, b) => a.label.localeCompare(b.label, "ar")),
};

/** The feed page. Read from Postgres on every view: a deleted job is gone from the next one. */
export function feedRoutes(deps: FeedDeps): Hono<SiteEnv> {
  return new Hono<SiteEnv>().get("/", async (c) => {
    const ctx = pageContext(c, deps.cssHref);
    const query = parseFeedQuery(c.req.query());
    if (!query.ok) {
      const t = text(ctx.lang);
      return await errorPage(c, ctx, { status: 400, details: query.problems.map((p) => t[p]) });
    }
    const { filter } = query;
    const { jobs, hasMore } = await feedPage(deps.sql, { ...filter, limit: FEED_PAGE_SIZE });
    const last = jobs.at(-1);
    const { after, ...firstPage } = filter;
    return await htmlPage(
      c,
      <FeedPage
        lang={ctx.lang}
        cards={jobs.map((job) => ({
          job,
          cityName: cityName(job.city, ctx.lang),
          excerpt: plainExcerpt(job.excerpt, EXCERPT_CHARS),
        }))}
        filter={filter}
        cities={CITY_OPTIONS[ctx.lang]}
        nextHref={hasMore && last
          ? feedHref(filter, {
            lang: ctx.lang,
            cursor: encodeCursor({ createdAt: last.created_at, id: last.id }),
          })
          : undefined}
        firstHref={after ? feedHref(firstPage, { lang: ctx.lang }) : undefined}
        canonical={`${deps.baseUrl}/jobs`}
        // Filtered and later pages repeat what the first page and the sitemap list.
        noindex={Object.keys(filter).length > 0}
        here={ctx.here}
        cssHref={ctx.cssHref}
      />,
    );
  });
}
