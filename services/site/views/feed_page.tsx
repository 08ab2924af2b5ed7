/** The seeker feed: a search form and a page of active jobs, newest first. */
import { EMPLOYMENT_TYPES, type EmploymentType } from "@hire/jobs";
import { employmentTypeLabel, formatPostedDate, formatSalary, isoDate } from "../format.ts";
import { text } from "../i18n.ts";
import type { FeedJob } from "../jobs_reader.ts";
import { jobPath, withLang } from "../links.ts";
import type { Lang } from "../site_job.ts";
import { Layout } from "./layout.tsx";

/** One job card's data. */
export interface FeedCard {
  job: FeedJob;
  cityName: string;
  excerpt: string;
}

/** What the feed page shows. */
export interface FeedPageProps {
  lang: Lang;
  cards: FeedCard[];
  /** The filters as they apply (city canonical), to fill the form. */
  filter: { q?: string; city?: string; employmentType?: EmploymentType };
  /** Cities for the filter: canonical value and name in the interface language, sorted. */
  cities: readonly { value: string; label: string }[];
  nextHref?: string;
  /** On a later page: the first page of the same filters. */
  firstHref?: string;
  canonical: string;
  noindex: boolean;
  here: string;
  cssHref: string;
}

/** The feed page. */
export function FeedPage(props: FeedPageProps) {
  const { lang, filter } = props;
  const t = text(lang);
  const filtered = Boolean(filter.q || filter.city || filter.employmentType);
  return (
    <Layout
      lang={lang}
      title={t.feedTitle}
      description={t.feedDescription}
      canonical={props.canonical}
      noindex={props.noindex}
      here={props.here}
      cssHref={props.cssHref}
    >
      <h1>{t.feedTitle}</h1>
      <form class="filters" method="get" action="/jobs" role="search">
        <input type="hidden" name="lang" value={lang} />
        <label>
          <span>{t.searchLabel}</span>
          <input
            type="search"
            name="q"
            value={filter.q ?? ""}
            placeholder={t.searchPlaceholder}
            maxlength={200}
            dir="auto"
          />
        </label>
        <label>
          <span>{t.cityLabel}</span>
          <select name="city">
            <option value="">{t.anyCity}</option>
            {props.cities.map((c) => (
              <option value={c.value} selected={c.value === filter.city}>{c.label}</option>
            ))}
          </select>
        </label>
        <label>
          <span>{t.typeLabel}</span>
          <select name="employment_type">
            <option value="">{t.anyType}</option>
            {EMPLOYMENT_TYPES.map((type) => (
              <option value={type} selected={type === filter.employmentType}>
                {employmentTypeLabel(type, lang)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">{t.searchButton}</button>
        {filtered && <a class="clear" href={withLang("/jobs", lang)}>{t.clearFilters}</a>}
      </form>
      {props.cards.length === 0 ? <p class="empty">{t.noJobs}</p> : (
        <ol class="cards">
          {props.cards.map(({ job, cityName, excerpt }) => (
            <li class="card">
              <h2 dir="auto">
                <a href={withLang(jobPath(job.id), lang)}>{job.title}</a>
              </h2>
              <p class="employer" dir="auto">{job.partner_name}</p>
              <p class="meta">
                <span>{cityName}</span>
                <span>{employmentTypeLabel(job.employment_type, lang)}</span>
                {formatSalary(job, lang) && <span class="salary">{formatSalary(job, lang)}</span>}
                <time datetime={isoDate(job.created_at)}>
                  {formatPostedDate(job.created_at, lang)}
                </time>
              </p>
              {excerpt && <p class="excerpt" dir="auto">{excerpt}</p>}
            </li>
          ))}
        </ol>
      )}
      <nav class="pager">
        {props.firstHref && <a href={props.firstHref}>{t.firstPage}</a>}
        {props.nextHref && <a rel="next" href={props.nextHref}>{t.nextPage}</a>}
      </nav>
    </Layout>
  );
}
