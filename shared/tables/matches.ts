/**
 * `matches`: the only code that writes it. One row per (job, seeker) pair matching has
 * announced, so each pair's `job.matched` goes out once. Retention: a pair goes with its
 * job, once the job is purged.
 * @module
 */
import type { Sql, Tx } from "@hire/db";

/** A pair as stored, with the id of the event that announces it. */
export interface MatchRow {
  job_id: string;
  seeker_id: string;
  partner_id: string;
  score: number;
  event_id: string;
}

/** Records pairs; returns those that are new (a pair recorded before is not again). */
export async function insertMatches(tx: Tx, rows: MatchRow[]): Promise<MatchRow[]> {
  return await tx<MatchRow[]>`
    INSERT INTO matches ${tx(rows)} ON CONFLICT (job_id, seeker_id) DO NOTHING
    RETURNING job_id, seeker_id, partner_id, score, event_id`;
}

/** Deletes the pairs of jobs that no longer exist (purged); returns how many. */
export async function purgeOrphanMatches(sql: Sql): Promise<number> {
  // A purged job's matches go with it; they only ever made sense with the job.
  const rows = await sql`
    DELETE FROM matches m WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.id = m.job_id)`;
  return rows.count;
}
