/**
 * Reads of jobs for the API. Writes go through the job service as commands; a retrieve is
 * answered from the edge's cache of jobs when it can be (`job_cache.ts`).
 * @module
 */
import type { Sql } from "@hire/db";
import type { JobRow, JobStatus } from "@hire/jobs";
import { jobRowColumns } from "@hire/tables";
import type { Position } from "./cursor.ts";
import type { CachedJob, JobCache } from "./job_cache.ts";

/** Where jobs are read from: the edge's cache, and Postgres behind it. */
export interface JobReads {
  sql: Sql;
  jobCache: JobCache;
}

/**
 * A partner's job that is not deleted, with its public body, or undefined: from the cache when
 * it holds the job.
 */
export async function findJob(
  reads: JobReads,
  partnerId: string,
  id: string,
): Promise<CachedJob | undefined> {
  let job = reads.jobCache.get(id);
  if (!job) {
    const generation = reads.jobCache.generation();
    // By primary key alone: with partner_id in the WHERE clause the planner may pick a list
    // index and scan every job of a large partner.
    const [row] = await reads.sql<JobRow[]>`
      SELECT ${jobRowColumns(reads.sql)} FROM jobs WHERE id = ${id}`;
    if (row) job = reads.jobCache.set(row, generation);
  }
  return job && job.row.partner_id === partnerId && !job.row.deleted_at ? job : undefined;
}

/** Filters and position of a list page. */
export interface ListQuery {
  limit: number;
  after?: Position;
  status?: JobStatus;
  city?: string;
}

/** One page of a partner's jobs, newest first, and whether more follow. */
export async function listJobs(
  sql: Sql,
  partnerId: string,
  q: ListQuery,
): Promise<{ rows: JobRow[]; hasMore: boolean }> {
  const rows = await sql<JobRow[]>`
    SELECT ${jobRowColumns(sql)} FROM jobs
    WHERE partner_id = ${partnerId} AND deleted_at IS NULL
      ${q.status ? sql`AND status = ${q.status}` : sql``}
      ${q.city ? sql`AND city = ${q.city}` : sql``}
      ${q.after ? sql`AND (created_at, id) < (${q.after.createdAt}, ${q.after.id})` : sql``}
    ORDER BY created_at DESC, id DESC
    LIMIT ${q.limit + 1}`;
  return { rows: rows.slice(0, q.limit), hasMore: rows.length > q.limit };
}
