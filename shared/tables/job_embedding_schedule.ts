/**
 * `job_embedding_schedule`: when the embedding service next takes a job's text, for the jobs
 * whose embedding waits (deferred while the API is busy, a retry after a failed attempt, or
 * claimed by the retry sweeper under a lease). Kept apart from `jobs` so that none of that
 * rewrites a job's row, its eleven indexes and every edge's cached copy of it (migration
 * 0026). A row names the text version it holds: a newer text is not held by it. Rows go
 * when the version is ready or given up on, and when a deleted or settled job is reconciled;
 * one left behind by a crash is claimed when due and dropped, also when its job was purged
 * meanwhile. No foreign key: its check locked the job's row for every schedule written, a
 * write to the job's page (migration 0027).
 * @module
 */
import { type Sql, type Tx, unnestSelect } from "@hire/db";
import type { JobRow } from "@hire/jobs";
import { jobRowColumns } from "./jobs.ts";

/** A job as stored, with the schedule of its embedding when it has one. */
export type ScheduledJobRow = JobRow & {
  /** The text version the schedule holds; null when nothing is scheduled. */
  scheduled_version: number | null;
  due_at: Date | null;
};

/** A job's text version: what a schedule is written for. */
type JobVersion = { id: string; content_version: number };

const versionColumns = { id: "text", content_version: "int" } as const;

/** Jobs by id, as stored, each with its embedding's schedule. */
export async function jobsWithSchedule(sql: Sql | Tx, ids: string[]): Promise<ScheduledJobRow[]> {
  return await sql<ScheduledJobRow[]>`
    SELECT ${jobRowColumns(sql)}, s.version AS scheduled_version, s.due_at
    FROM jobs LEFT JOIN job_embedding_schedule s ON s.job_id = jobs.id
    WHERE jobs.id = ANY(${ids}::text[])`;
}

/**
 * Schedules the embedding of the versions given at `at`, in place of any schedule they had.
 * A job whose text changed since it was read is left alone (the newer version's message
 * brings it), and so is a job deleted meanwhile.
 */
export async function scheduleJobEmbeddings(
  sql: Sql | Tx,
  jobs: JobVersion[],
  at: Date,
): Promise<void> {
  if (jobs.length === 0) return;
  await sql`
    INSERT INTO job_embedding_schedule (job_id, version, due_at)
    SELECT jobs.id, jobs.content_version, ${at}::timestamptz
    FROM (${unnestSelect(sql, jobs, versionColumns)}) AS given
    JOIN jobs ON jobs.id = given.id AND jobs.content_version = given.content_version
      AND jobs.deleted_at IS NULL
    ON CONFLICT (job_id) DO UPDATE SET version = excluded.version, due_at = excluded.due_at`;
}

/**
 * Drops the schedules of the versions given and of older ones: that text is embedded, given
 * up on, or its job deleted. A schedule of a newer text, written meanwhile, stays.
 */
export async function unscheduleJobEmbeddings(sql: Sql | Tx, jobs: JobVersion[]): Promise<void> {
  if (jobs.length === 0) return;
  await sql`
    DELETE FROM job_embedding_schedule s
    USING (${unnestSelect(sql, jobs, versionColumns)}) AS given
    WHERE s.job_id = given.id AND s.version <= given.content_version`;
}

/**
 * Drops the schedules of the jobs given that are no longer stored (purged): those only a crash
 * left behind, which nothing else would ever settle.
 */
export async function unscheduleVanishedJobs(sql: Sql | Tx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    DELETE FROM job_embedding_schedule s
    WHERE s.job_id = ANY(${ids}::text[]) AND NOT EXISTS (SELECT FROM jobs WHERE id = s.job_id)`;
}

/**
 * Claims up to `limit` jobs whose scheduled embedding (a retry, or late work deferred) is due,
 * oldest first, by pushing their time out by `lease` (a Postgres interval): two processes never
 * take the same one, and one that dies holding it only delays the work. Returns their ids.
 */
export async function claimDueJobEmbeddings(
  sql: Sql,
  opts: { limit: number; lease: string },
): Promise<string[]> {
  const rows = await sql<{ job_id: string }[]>`
    UPDATE job_embedding_schedule SET due_at = now() + ${opts.lease}::interval
    WHERE job_id IN (SELECT job_id FROM job_embedding_schedule WHERE due_at <= now()
                     ORDER BY due_at LIMIT ${opts.limit} FOR UPDATE SKIP LOCKED)
    RETURNING job_id`;
  return rows.map((r) => r.job_id);
}
