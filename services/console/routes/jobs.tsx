/**
 * The jobs list, for every role: the partner's jobs newest first, a page at a time, with
 * their pipeline state, matches so far and public page. Read-only: jobs change through the
 * API. Only the session's partner's jobs are ever read.
 * @module
 */
import { encodeCursor } from "@hire/ids";
import { serviceUrl } from "@hire/jobs";
import type { Lang } from "@hire/pages";
import { Hono } from "hono";
import type { PagesDeps } from "../deps.ts";
import type { SignedInEnv } from "../env.ts";
import { JOBS_FILTERS, jobsHref, parseJobsQuery } from "../jobs_query.ts";
import { type ListedJob, listPartnerJobs } from "../jobs_reader.ts";
import { commonText } from "../text/common.ts";
import { embeddingNames, filterNames, jobsText } from "../text/jobs.ts";
import { Num, PartnerText, Time } from "../views/components.tsx";
import { errorPage, renderPage } from "../views/page.tsx";

/** Jobs per page. */
export const JOBS_PAGE_SIZE = 50;

const EMBEDDING_BADGE = { processing: "warn", ready: "ok", failed: "error" } as const;

function ListedJobRow(props: { job: ListedJob; lang: Lang; siteBaseUrl: string }) {
  const { job, lang } = props;
  const t = jobsText[lang];
  const status = job.deleted_at ? "deleted" : job.status;
  return (
    <tr>
      <td>
        <PartnerText>{job.title}</PartnerText>
        <br />
        <code class="muted" dir="ltr">{job.id}</code>
      </td>
      <td>
        <span class={`badge${status === "active" ? " ok" : ""}`} title={`status: ${job.status}`}>
          {filterNames[lang][status]}
        </span>
        {job.deleted_at && (
          <>
            <br />
            <Time at={job.deleted_at} lang={lang} />
          </>
        )}
      </td>
      <td>
        <span
          class={`badge ${EMBEDDING_BADGE[job.embedding_status]}`}
          title={`embedding_status: ${job.embedding_status}`}
        >
          {embeddingNames[lang][job.embedding_status]}
        </span>
      </td>
      <td>{job.match_ready ? t.yes : t.no}</td>
      <td>
        <Num value={job.matches} lang={lang} />
      </td>
      <td>
        <Time at={job.created_at} lang={lang} />
      </td>
      <td>
        <Time at={job.updated_at} lang={lang} />
      </td>
      <td>
        {job.deleted_at
          ? <span class="muted">{commonText[lang].none}</span>
          : (
            <a href={serviceUrl(props.siteBaseUrl, job.id)} title={t.viewTitle(job.title)}>
              {t.view}
            </a>
          )}
      </td>
    </tr>
  );
}

/** The jobs pages, mounted at `/jobs`. */
export function jobsRoutes(deps: PagesDeps): Hono<SignedInEnv> {
  return new Hono<SignedInEnv>().get("/", async (c) => {
    const query = parseJobsQuery({ status: c.req.query("status"), cursor: c.req.query("cursor") });
    if (!query) return await errorPage(c, 400);
    const lang = c.get("lang");
    const t = jobsText[lang];
    const { rows, hasMore } = await listPartnerJobs(deps.sql, {
      partnerId: c.get("session").partner.id,
      filter: query.filter,
      after: query.after,
      limit: JOBS_PAGE_SIZE,
    });
    const last = rows.at(-1);
    const next = hasMore && last
      ? jobsHref({
        filter: query.filter,
        cursor: encodeCursor({ createdAt: last.created_at, id: last.id }),
      })
      : undefined;
    return await renderPage(
      c,
      { title: t.title, section: "jobs" },
      <>
        <h1>{t.title}</h1>
        <p class="muted">
          {t.intro} <a href={`${deps.apiBaseUrl}/docs`}>{t.apiReference}</a>
        </p>
        <form method="get" action="/jobs" class="jobs-filter">
          <label>
            {t.filterLabel}
            <select name="status">
              <option value="">{t.allJobs}</option>
              {JOBS_FILTERS.map((f) => (
                <option value={f} selected={f === query.filter}>{filterNames[lang][f]}</option>
              ))}
            </select>
          </label>
          <button type="submit" class="secondary">{t.filter}</button>
        </form>
        {query.filter === "deleted" && <p class="muted">{t.deletedNote}</p>}
        {rows.length === 0
          ? <p>{query.filter || query.after ? t.emptyFiltered : t.empty}</p>
          : (
            <div class="table-scroll">
              <table class="jobs">
                <thead>
                  <tr>
                    <th scope="col">{t.job}</th>
                    <th scope="col">{t.status}</th>
                    <th scope="col">{t.embedding}</th>
                    <th scope="col">{t.matchReady}</th>
                    <th scope="col">{t.matches}</th>
                    <th scope="col">{t.created}</th>
                    <th scope="col">{t.updated}</th>
                    <th scope="col">{t.publicPage}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((job) => (
                    <ListedJobRow job={job} lang={lang} siteBaseUrl={deps.siteBaseUrl} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        {(query.after || next) && (
          <nav class="pager" aria-label={t.title}>
            {query.after && (
              <a href={jobsHref({ filter: query.filter })}>{commonText[lang].first}</a>
            )}
            {next && <a href={next} rel="next">{commonText[lang].next}</a>}
          </nav>
        )}
      </>,
    );
  });
}
