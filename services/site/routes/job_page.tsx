/** `GET /jobs/:id`: a job's public page, its canonical `service_url`. */
import type { Sql } from "@hire/db";
import { isId } from "@hire/ids";
import { arabicCityName } from "@hire/jobs";
import { Hono } from "hono";
import type { SiteEnv } from "../env.ts";
import { jobPostingJsonLd, jsonLdScript } from "../json_ld.ts";
import { findJob } from "../jobs_reader.ts";
import { jobPath } from "../links.ts";
import { type RenderCache, renderDescription } from "../markdown.ts";
import { errorPage, htmlPage, pageContext } from "../pages.tsx";
import { NONCE_SLOT } from "../respond.ts";
import { JobPage } from "../views/job_page.tsx";

/** What the job page needs. */
export interface JobPageDeps {
  sql: Sql;
  baseUrl: string;
  cssHref: string;
  descriptions: RenderCache;
}

/**
 * The job page. Read from Postgres on every view, never from a cache: the very next view
 * after a change or a delete shows it (a deleted job answers 410).
 */
export function jobPageRoutes(deps: JobPageDeps): Hono<SiteEnv> {
  return new Hono<SiteEnv>().get("/:id", async (c) => {
    const ctx = pageContext(c, deps.cssHref);
    const id = c.req.param("id");
    const job = isId("job", id) ? await findJob(deps.sql, id) : undefined;
    if (!job) return await errorPage(c, ctx, { status: 404 });
    if (job.deleted_at) return await errorPage(c, ctx, { status: 410 });
    const descriptionHtml = renderDescription(deps.descriptions, job);
    const url = deps.baseUrl + jobPath(job.id);
    const jsonLd = job.status === "active"
      ? jsonLdScript(
        jobPostingJsonLd(job, { descriptionHtml, url }),
      )
      : undefined;
    return await htmlPage(
      c,
      <JobPage
        lang={ctx.lang}
        job={job}
        descriptionHtml={descriptionHtml}
        cityName={ctx.lang === "ar" ? arabicCityName(job.city) : job.city}
        url={url}
        here={ctx.here}
        cssHref={ctx.cssHref}
        jsonLd={jsonLd}
        nonce={NONCE_SLOT}
      />,
    );
  });
}
