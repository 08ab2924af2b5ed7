/**
 * The jobs page's read: a partner's jobs, newest first, with the matches each has had. The
 * job service owns `jobs` and matching owns `matches`; the console only reads them, and only
 * the session's partner's rows.
 * @module
 */
import type { Sql } from "@hire/db";
import type { Position } from "@hire/ids";
import type { JobRow } from "@hire/jobs";
import type { JobsFilter } from "./jobs_query.ts";

/** A job as the list shows it. */
export type ListedJob =
  & Pick<
    JobRow,
    | "id"
    | "title"
    | "status"
    | "embedding_status"
    | "match_ready"
    | "created_at"
    | "updated_at"
    | "deleted_at"
  >
  & { matches: number };

/**
 * One page of the partner's jobs: not deleted (of one status, or all), or the deleted
 * ones, which stay until they are purged. Reads `limit + 1` rows to know whether more
 * follow.
 */
export async function listPartnerJobs(
  sql: Sql,
  opts: { partnerId: string; filter?: JobsFilter; after?: Position; limit: number },
): Promise<{ rows: ListedJob[]; hasMore: boolean }> {
  const { partnerId, filter, after, limit } = opts;
  const which = filter === "deleted"
    ? sql`j.deleted_at IS NOT NULL`
    : filter
    ? sql`j.deleted_at IS NULL AND j.status = ${filter}`
    : sql`j.deleted_at IS NULL`;
  // Matches are counted over the page's rows alone, after the limit, whatever plan the
  // page's own query gets.
  const rows = await sql<ListedJob[]>`
    SELECT p.*, (SELECT count(*) FROM matches m WHERE m.job_id = p.id)::int AS matches
    FROM (
      SELECT j.id, j.title, j.status, j.embedding_status, j.match_ready, j.created_at,
        j.updated_at, j.deleted_at
      FROM jobs j
      WHERE j.partner_id = ${partnerId} AND ${which}
        ${after ? sql`AND (j.created_at, j.id) < (${after.createdAt}, ${after.id})` : sql``}
      ORDER BY j.created_at DESC, j.id DESC
      LIMIT ${limit + 1}
    ) p
    ORDER BY p.created_at DESC, p.id DESC`;
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}
