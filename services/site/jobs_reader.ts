/**
 * The site's reads of jobs. The job service owns the table; the site only reads it, and
 * only what a visitor may see: a job's public fields and its partner's display name.
 * @module
 */
import type { Sql } from "@hire/db";
import type { EmploymentType } from "@hire/jobs";
import type { Position } from "@hire/ids";
import { matchesSiteSearch } from "@hire/tables";
import type { SiteJob } from "./site_job.ts";

/** A job as the feed lists it: no description, an excerpt of it instead. */
export type FeedJob = Omit<SiteJob, "description" | "deleted_at"> & { excerpt: string };

/** What a seeker filters the feed by; every field optional. */
export interface FeedFilter {
  /** Canonical English city name. */
  city?: string;
  employmentType?: EmploymentType;
  /** Words to search title and description for (Arabic or English). */
  q?: string;
  /** Continue after this job (a cursor's position). */
  after?: Position;
}

/** Characters of the description an excerpt starts from. */
const EXCERPT_SOURCE_CHARS = 400;

/** Jobs with exactly a SiteJob's columns, as `j`, joined to their partner as `p`. */
const siteJobs = (sql: Sql) =>
  sql`
    SELECT j.id, j.title, j.description, j.city, j.employment_type, j.salary_min,
      j.salary_max, j.currency, j.status, j.created_at, j.updated_at, j.deleted_at,
      j.content_version, p.name AS partner_name
    FROM jobs j JOIN partners p ON p.id = j.partner_id`;

// What the site lists: the feed, the sitemap and the syndication feeds show exactly these
// jobs (migration 0007's partial indexes carry the same condition).
const listed = (sql: Sql) => sql`j.status = 'active' AND j.deleted_at IS NULL`;

/** One job by id, deleted or not (the page says which), with its partner's display name. */
export async function findJob(sql: Sql, id: string): Promise<SiteJob | undefined> {
  const [row] = await sql<SiteJob[]>`${siteJobs(sql)} WHERE j.id = ${id}`;
  return row;
}

/**
 * A page of the seeker feed: active, undeleted jobs, newest first. Reads `limit + 1` rows
 * to know whether another page follows.
 */
export async function feedPage(
  sql: Sql,
  opts: FeedFilter & { limit: number },
): Promise<{ jobs: FeedJob[]; hasMore: boolean }> {
  const rows = await sql<FeedJob[]>`
    SELECT j.id, j.title, left(j.description, ${EXCERPT_SOURCE_CHARS}) AS excerpt, j.city,
      j.employment_type, j.salary_min, j.salary_max, j.currency, j.status, j.created_at,
      j.updated_at, j.content_version, p.name AS partner_name
    FROM jobs j JOIN partners p ON p.id = j.partner_id
    WHERE ${listed(sql)}
      ${opts.city ? sql`AND j.city = ${opts.city}` : sql``}
      ${opts.employmentType ? sql`AND j.employment_type = ${opts.employmentType}` : sql``}
      ${opts.q ? sql`AND ${matchesSiteSearch(sql, opts.q)}` : sql``}
      ${
    opts.after ? sql`AND (j.created_at, j.id) < (${opts.after.createdAt}, ${opts.after.id})` : sql``
  }
    ORDER BY j.created_at DESC, j.id DESC
    LIMIT ${opts.limit + 1}`;
  return { jobs: rows.slice(0, opts.limit), hasMore: rows.length > opts.limit };
}

/** The newest active jobs with their descriptions, for the Atom and JSON feeds. */
export async function newestJobs(sql: Sql, limit: number): Promise<SiteJob[]> {
  return await sql<SiteJob[]>`
    ${siteJobs(sql)}
    WHERE ${listed(sql)}
    ORDER BY j.created_at DESC, j.id DESC
    LIMIT ${limit}`;
}

/** How many jobs the sitemap lists. */
export async function countListedJobs(sql: Sql): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM jobs j WHERE ${listed(sql)}`;
  return row?.n ?? 0;
}

/** One sitemap file's jobs: the listed jobs oldest first, so a file's contents stay put. */
export async function sitemapJobs(
  sql: Sql,
  opts: { offset: number; limit: number },
): Promise<{ id: string; updated_at: Date }[]> {
  return await sql<{ id: string; updated_at: Date }[]>`
    SELECT j.id, j.updated_at FROM jobs j
    WHERE ${listed(sql)}
    ORDER BY j.created_at, j.id
    OFFSET ${opts.offset} LIMIT ${opts.limit}`;
}
