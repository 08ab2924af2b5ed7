/**
 * `jobs`: the only code that writes it. The job service stores each job as its commands
 * decide (content, status, `content_version`, and the reset of the pipeline fields when the
 * text changes); the embedding service moves the pipeline state on from there (marks a
 * version ready, records a failed attempt; when it next takes a text is
 * `job_embedding_schedule`'s, so that waiting never rewrites a job); matching only takes a shared
 * lock. Every UPDATE and DELETE here is announced on `jobs_changed` by a trigger (migration
 * 0014), so the edges' caches of jobs drop what changed. Retention: soft-deleted jobs 30 days
 * after the delete (the spec).
 * @module
 */
import { type Sql, type Tx, unnestSelect } from "@hire/db";
import type { EmploymentType, JobRow, JobStatus } from "@hire/jobs";
import { siteSearchText } from "@hire/text";
import { daysBefore } from "./days_before.ts";

/** Retention of soft-deleted jobs, from the spec. */
export const DELETED_JOB_RETENTION_DAYS = 30;

/**
 * The columns of a JobRow with their SQL types. Reads name them rather than `*`, which would
 * bring the site's `search` tsvector along: as many bytes again as the text, on every read.
 */
export const jobColumnTypes = {
  id: "text",
  partner_id: "text",
  title: "text",
  description: "text",
  city: "text",
  employment_type: "text",
  salary_min: "integer",
  salary_max: "integer",
  currency: "text",
  status: "text",
  embedding_status: "text",
  match_ready: "boolean",
  created_at: "timestamptz",
  updated_at: "timestamptz",
  deleted_at: "timestamptz",
  content_version: "integer",
  embedded_version: "integer",
  first_ready_at: "timestamptz",
  embedding_attempts: "integer",
  embedding_error: "text",
} as const satisfies Record<keyof JobRow, string>;
const JOB_COLUMNS = Object.keys(jobColumnTypes);

/** A select list of a JobRow's columns, for reads of `jobs` outside this module. */
export const jobRowColumns = (sql: Sql | Tx) => sql(JOB_COLUMNS);

/**
 * The partner of each job among `ids` that is stored (deleted or not): what a consumer
 * checks a message's partner against. Not read through findJobPlacements: the delivery
 * service's role may read only these two columns of jobs (migration 0010).
 */
export async function jobOwners(
  sql: Sql | Tx,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await sql<{ id: string; partner_id: string }[]>`
    SELECT id, partner_id FROM jobs WHERE id = ANY(${unique}::text[])`;
  return new Map(rows.map((r) => [r.id, r.partner_id]));
}

/**
 * Jobs by id, locked until the transaction ends: the job service applies one job's
 * commands one at a time, whichever process holds its partition.
 */
export async function lockJobs(tx: Tx, ids: string[]): Promise<JobRow[]> {
  return await tx<JobRow[]>`
    SELECT ${tx(JOB_COLUMNS)} FROM jobs WHERE id = ANY(${ids}::text[]) FOR UPDATE`;
}

/**
 * Jobs by id, share-locked until the transaction ends: re-indexing writes a job's vector
 * while its text cannot change under it.
 */
export async function shareLockJobs(tx: Tx, ids: string[]): Promise<JobRow[]> {
  return await tx<JobRow[]>`
    SELECT ${tx(JOB_COLUMNS)} FROM jobs WHERE id = ANY(${ids}::text[]) FOR SHARE`;
}

/** Ids of jobs not deleted, in id order after `after`: what a re-index walks. */
export async function liveJobIdsAfter(sql: Sql, after: string, limit: number): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    SELECT id FROM jobs WHERE deleted_at IS NULL AND id > ${after} ORDER BY id LIMIT ${limit}`;
  return rows.map((r) => r.id);
}

/** How many jobs are not deleted. */
export async function countLiveJobs(sql: Sql): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM jobs WHERE deleted_at IS NULL`;
  return row!.n;
}

// The site's text search: a job's vector and a seeker's query are made from the same search
// texts (siteSearchText) with the same configuration, `english`: English words stemmed, Arabic
// ones as the rules left them. Title words weigh more than description words in the ranking.
/** A job's `search` vector from `j.search_title` and `j.search_description` (its search texts). */
export const searchVector = (sql: Sql | Tx) =>
  sql`setweight(to_tsvector('english', j.search_title), 'A') ||
    setweight(to_tsvector('english', j.search_description), 'B')`;

/** The condition that job `j` (a query's alias for `jobs`) matches what a seeker typed. */
export const matchesSiteSearch = (sql: Sql, typed: string) =>
  sql`j.search @@ websearch_to_tsquery('english', ${siteSearchText(typed)})`;

/**
 * Stores jobs as the job service decided them: a new one is inserted, an existing one has
 * every column replaced but its id, partner, creation time and what only the embedding
 * service moves (`embedded_version`, `first_ready_at`). The site's `search` vector is written
 * with them, from search texts made here (siteSearchText) rather than by Postgres.
 */
export async function saveJobs(tx: Tx, jobs: JobRow[]): Promise<void> {
  if (jobs.length === 0) return;
  const rows = jobs.map((job) => ({
    ...job,
    search_title: siteSearchText(job.title),
    search_description: siteSearchText(job.description),
  }));
  const columns = { ...jobColumnTypes, search_title: "text", search_description: "text" };
  await tx`
    INSERT INTO jobs (${tx(JOB_COLUMNS)}, search)
    SELECT ${tx(JOB_COLUMNS)}, ${searchVector(tx)}
    FROM (${unnestSelect(tx, rows, columns)}) AS j
    ON CONFLICT (id) DO UPDATE SET
      title = excluded.title, description = excluded.description, city = excluded.city,
      employment_type = excluded.employment_type, salary_min = excluded.salary_min,
      salary_max = excluded.salary_max, currency = excluded.currency, status = excluded.status,
      embedding_status = excluded.embedding_status, match_ready = excluded.match_ready,
      updated_at = excluded.updated_at, deleted_at = excluded.deleted_at,
      content_version = excluded.content_version,
      embedding_attempts = excluded.embedding_attempts,
      embedding_error = excluded.embedding_error, search = excluded.search`;
}

/** A job marked ready, and whether this was the first time (`job.created` is then due). */
export type ReadyJob = JobRow & { first: boolean };

/**
 * Marks embedded versions ready in one statement: `ready`, match-ready while active, attempts
 * cleared, `first_ready_at` set the first time. Returns the jobs marked, in the order given;
 * a job that changed (a newer version) or was deleted meanwhile is left out: the newer
 * message redoes the work.
 */
export async function markEmbeddingReady(
  tx: Tx,
  embedded: { jobs: { id: string; contentVersion: number }[]; now: Date },
): Promise<ReadyJob[]> {
  const { jobs, now } = embedded;
  if (jobs.length === 0) return [];
  const versions = unnestSelect(
    tx,
    jobs.map((j) => ({ job_id: j.id, version: j.contentVersion })),
    { job_id: "text", version: "int" },
  );
  const updated = await tx<ReadyJob[]>`
    UPDATE jobs SET embedding_status = 'ready', match_ready = (status = 'active'),
      embedded_version = embedded.version, embedding_attempts = 0, embedding_error = NULL,
      first_ready_at = coalesce(first_ready_at, ${now})
    FROM (${versions}) AS embedded
    WHERE id = embedded.job_id AND content_version = embedded.version AND deleted_at IS NULL
    RETURNING ${tx(JOB_COLUMNS)}, first_ready_at = ${now} AS first`;
  const order = new Map(jobs.map((j, i) => [j.id, i]));
  return updated.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/** A failed embedding attempt: its number, error, and the next try (null: given up). */
export interface EmbeddingFailure {
  attempt: number;
  error: string;
  retryAt: Date | null;
}

/**
 * Records a failed attempt at a version's embedding: still `processing` while a retry is
 * planned (its time is `job_embedding_schedule`'s), `failed` once given up. A job whose text
 * changed meanwhile is left alone.
 */
export async function recordEmbeddingFailure(
  sql: Sql | Tx,
  job: { id: string; contentVersion: number; failure: EmbeddingFailure },
): Promise<void> {
  const { attempt, error, retryAt } = job.failure;
  await sql`
    UPDATE jobs SET embedding_attempts = ${attempt}, embedding_error = ${error},
      embedding_status = ${retryAt ? "processing" : "failed"}
    WHERE id = ${job.id} AND content_version = ${job.contentVersion}`;
}

/** Where a job sits in the match graph: what matching filters on. */
export interface JobPlacement {
  id: string;
  partner_id: string;
  status: JobStatus;
  city: string;
  employment_type: EmploymentType;
  deleted_at: Date | null;
}

/** The placements of the jobs that exist among `ids`, by id. */
export async function findJobPlacements(
  sql: Sql,
  ids: readonly string[],
): Promise<Map<string, JobPlacement>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const jobs = await sql<JobPlacement[]>`
    SELECT id, partner_id, status, city, employment_type, deleted_at FROM jobs
    WHERE id = ANY(${unique}::text[])`;
  return new Map(jobs.map((j) => [j.id, j]));
}

/**
 * The placements of jobs under a shared lock until the transaction ends: a concurrent
 * pause or delete waits for the holder, or the holder sees its result.
 */
export async function shareLockJobPlacements(tx: Tx, ids: string[]): Promise<JobPlacement[]> {
  return await tx<JobPlacement[]>`
    SELECT id, partner_id, status, city, employment_type, deleted_at FROM jobs
    WHERE id = ANY(${ids}::text[]) FOR SHARE`;
}

/** Deletes jobs soft-deleted more than 30 days before `now`; returns how many. */
export async function purgeDeletedJobs(sql: Sql, now: Date): Promise<number> {
  const rows = await sql`
    DELETE FROM jobs WHERE deleted_at < ${daysBefore(now, DELETED_JOB_RETENTION_DAYS)}`;
  return rows.count;
}
