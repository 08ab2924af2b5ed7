/** The job page: everything a seeker needs to decide whether to apply. */
import { raw } from "hono/html";
import { employmentTypeLabel, formatPostedDate, formatSalary, isoDate } from "../format.ts";
import { text } from "../i18n.ts";
import { withLang } from "../links.ts";
import type { Lang, SiteJob } from "../site_job.ts";
import { Layout } from "./layout.tsx";

/** What the job page shows. */
export interface JobPageProps {
  lang: Lang;
  job: SiteJob;
  /** The description rendered from the partner's Markdown (safe HTML). */
  descriptionHtml: string;
  /** The city's name in the interface language. */
  cityName: string;
  /** The job's canonical URL (its `service_url`). */
  url: string;
  here: string;
  cssHref: string;
  /** The JSON-LD block's text, only while the job is active. */
  jsonLd?: string;
  nonce: string;
}

/** The job page. */
export function JobPage(props: JobPageProps) {
  const { job, lang } = props;
  const t = text(lang);
  const active = job.status === "active";
  const salary = formatSalary(job, lang);
  return (
    <Layout
      lang={lang}
      title={job.title}
      description={`${job.title} · ${job.partner_name} · ${props.cityName}`}
      canonical={props.url}
      noindex={!active}
      here={props.here}
      cssHref={props.cssHref}
      head={props.jsonLd && (
        <script type="application/ld+json" nonce={props.nonce}>{raw(props.jsonLd)}</script>
      )}
    >
      <nav class="crumbs">
        <a href={withLang("/jobs", lang)}>{t.backToJobs}</a>
      </nav>
      <article class="job">
        <h1 dir="auto">{job.title}</h1>
        <p class="employer" dir="auto">{job.partner_name}</p>
        {!active && (
          <p class="notice" role="status">
            {job.status === "paused" ? t.pausedNotice : t.closedNotice}
          </p>
        )}
        <dl class="facts">
          <div>
            <dt>{t.location}</dt>
            <dd>{props.cityName}</dd>
          </div>
          <div>
            <dt>{t.typeLabel}</dt>
            <dd>{employmentTypeLabel(job.employment_type, lang)}</dd>
          </div>
          <div>
            <dt>{t.salary}</dt>
            <dd class="salary">{salary ?? t.salaryNotGiven}</dd>
          </div>
          <div>
            <dt>{t.postedOn}</dt>
            <dd>
              <time datetime={isoDate(job.created_at)}>
                {formatPostedDate(job.created_at, lang)}
              </time>
            </dd>
          </div>
        </dl>
        <section class="description" aria-label={t.description}>
          <div dir="auto">{raw(props.descriptionHtml)}</div>
        </section>
      </article>
    </Layout>
  );
}
