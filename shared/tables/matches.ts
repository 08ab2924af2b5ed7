/**
 * `matches`: the only code that writes or reads it. One row per (job, seeker) pair matching
 * has announced, so each pair's `job.matched` goes out once. Retention: a pair goes with its
 * job, once the job is purged.
 * @module
 */
import { type ColumnTypes, type Sql, type Tx, unnestRows } from "@hire/db";

/** A pair as stored, with the id of the event that announces it. */
export interface MatchRow {
  job_id: string;
  seeker_id: string;
  partner_id: string;
  score: number;
  event_id: string;
}

const MATCH_COLUMNS: Required<ColumnTypes<MatchRow>> = {
  job_id: "text",
  seeker_id: "text",
  partner_id: "text",
  score: "double precision",
  event_id: "text",
};

/** Records pairs; returns those that are new (a pair recorded before is not again). */
export async function insertMatches(tx: Tx, rows: MatchRow[]): Promise<MatchRow[]> {
  if (rows.length === 0) return [];
  return await tx<MatchRow[]>`
    INSERT INTO matches ${unnestRows(tx, rows, MATCH_COLUMNS)}
    ON CONFLICT (job_id, seeker_id) DO NOTHING
    RETURNING job_id, seeker_id, partner_id, score, event_id`;
}

/** Deletes the pairs of jobs that no longer exist (purged); returns how many. */
export async function purgeOrphanMatches(sql: Sql): Promise<number> {
  // A purged job's matches go with it; they only ever made sense with the job.
  const rows = await sql`
    DELETE FROM matches m WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.id = m.job_id)`;
  return rows.count;
}

/** A pair of one job, as its listing shows it. */
export interface JobMatchRow {
  seeker_id: string;
  score: number;
  event_id: string;
  matched_at: Date;
}

/** The pair after which a page of a job's matches starts. */
export interface MatchPosition {
  matchedAt: Date;
  seekerId: string;
}

/**
 * One page of a job's pairs, newest first (then by seeker id, descending), and whether more
 * follow. Whose job it is, and whether it still exists, is the caller's to check.
 */
export async function listJobMatches(
  sql: Sql,
  jobId: string,
  q: { limit: number; after?: MatchPosition },
): Promise<{ rows: JobMatchRow[]; hasMore: boolean }> {
  const after = q.after
    ? sql`AND (matched_at, seeker_id) < (${q.after.matchedAt}, ${q.after.seekerId})`
    : sql``;
  // Served by matches_by_job (0008): the row comparison is its range condition.
  const rows = await sql<JobMatchRow[]>`
    SELECT seeker_id, score, event_id, matched_at FROM matches
    WHERE job_id = ${jobId} ${after}
    ORDER BY matched_at DESC, seeker_id DESC
    LIMIT ${q.limit + 1}`;
  return { rows: rows.slice(0, q.limit), hasMore: rows.length > q.limit };
}
