/**
 * Reads of jobs for the API. Writes go through the job service as commands.
 * @module
 */
import type { Sql } from "@hire/db";
import type { JobRow, JobStatus } from "@hire/jobs";
import type { Position } from "./cursor.ts";

/** A partner's job that is not deleted, or undefined. */
export async function findJob(
  sql: Sql,
  partnerId: string,
  id: string,
): Promise<JobRow | undefined> {
  // By primary key alone: with partner_id in the WHERE clause the planner may pick a list
  // index and scan every job of a large partner.
  const [row] = await sql<JobRow[]>`SELECT * FROM jobs WHERE id = ${id}`;
  return row && row.partner_id === partnerId && !row.deleted_at ? row : undefined;
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
    SELECT * FROM jobs
    WHERE partner_id = ${partnerId} AND deleted_at IS NULL
      ${q.status ? sql`AND status = ${q.status}` : sql``}
      ${q.city ? sql`AND city = ${q.city}` : sql``}
      ${q.after ? sql`AND (created_at, id) < (${q.after.createdAt}, ${q.after.id})` : sql``}
    ORDER BY created_at DESC, id DESC
    LIMIT ${q.limit + 1}`;
  return { rows: rows.slice(0, q.limit), hasMore: rows.length > q.limit };
}
