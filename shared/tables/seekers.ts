/**
 * `seekers`: the only code that writes it. Seeker profiles as last received on
 * seekers.v1, with the embedding pipeline's state of each: the embedding service stores
 * the newest profile, marks the text it embedded, records failed attempts, claims due
 * retries, and deletes a seeker on a tombstone. Retention: none (a profile lives until its
 * tombstone).
 * @module
 */
import { type ColumnTypes, type Sql, type Tx, unnestRows, unnestSelect } from "@hire/db";
import type { EmploymentType } from "@hire/jobs";
import type { EmbeddingFailure } from "./jobs.ts";

/** A stored seeker. */
export interface SeekerRow {
  id: string;
  headline: string;
  summary: string;
  skills: string[];
  city: string;
  employment_types: EmploymentType[];
  salary_expectation: number | null;
  updated_at: Date;
  content_hash: string;
  embedded_hash: string | null;
  embedding_attempts: number;
  embedding_retry_at: Date | null;
  embedding_error: string | null;
}

/** A profile as received, with the hash of its embedded text. */
export type SeekerProfile = Omit<
  SeekerRow,
  "embedded_hash" | "embedding_attempts" | "embedding_retry_at" | "embedding_error"
>;

const PROFILE_COLUMNS: Required<ColumnTypes<SeekerProfile>> = {
  id: "text",
  headline: "text",
  summary: "text",
  skills: "text[]",
  city: "text",
  employment_types: "text[]",
  salary_expectation: "integer",
  updated_at: "timestamptz",
  content_hash: "text",
};

/** Seekers by id, as stored. */
export async function seekersByIds(sql: Sql, ids: string[]): Promise<SeekerRow[]> {
  return await sql<SeekerRow[]>`SELECT * FROM seekers WHERE id = ANY(${ids}::text[])`;
}

/** Seekers by id, share-locked until the transaction ends (see `shareLockJobs`). */
export async function shareLockSeekers(tx: Tx, ids: string[]): Promise<SeekerRow[]> {
  return await tx<SeekerRow[]>`SELECT * FROM seekers WHERE id = ANY(${ids}::text[]) FOR SHARE`;
}

/** Seeker ids in id order after `after`: what a re-index walks. */
export async function seekerIdsAfter(sql: Sql, after: string, limit: number): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    SELECT id FROM seekers WHERE id > ${after} ORDER BY id LIMIT ${limit}`;
  return rows.map((r) => r.id);
}

/** How many seekers there are. */
export async function countSeekers(sql: Sql): Promise<number> {
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM seekers`;
  return row!.n;
}

/**
 * Stores profiles (one per id); an older version than the stored one (a replay) is
 * ignored, and a new text starts its embedding attempts afresh. Returns the ids stored.
 */
export async function upsertSeekers(sql: Sql, profiles: SeekerProfile[]): Promise<string[]> {
  if (profiles.length === 0) return [];
  const rows = await sql<{ id: string }[]>`
    INSERT INTO seekers ${unnestRows(sql, profiles, PROFILE_COLUMNS)}
    ON CONFLICT (id) DO UPDATE SET
      headline = excluded.headline, summary = excluded.summary, skills = excluded.skills,
      city = excluded.city, employment_types = excluded.employment_types,
      salary_expectation = excluded.salary_expectation, updated_at = excluded.updated_at,
      content_hash = excluded.content_hash,
      -- A new text starts its attempts afresh, as a job's does.
      embedding_attempts = CASE WHEN seekers.content_hash = excluded.content_hash
        THEN seekers.embedding_attempts ELSE 0 END,
      embedding_retry_at = CASE WHEN seekers.content_hash = excluded.content_hash
        THEN seekers.embedding_retry_at END,
      embedding_error = CASE WHEN seekers.content_hash = excluded.content_hash
        THEN seekers.embedding_error END
    WHERE seekers.updated_at <= excluded.updated_at
    RETURNING id`;
  return rows.map((r) => r.id);
}

/**
 * Marks texts embedded in one statement, attempts cleared. Returns the ids marked, in the
 * order given; a profile whose text changed meanwhile is left out (the newer one waits its
 * turn).
 */
export async function markSeekersEmbedded(
  tx: Tx,
  seekers: { id: string; contentHash: string }[],
): Promise<string[]> {
  if (seekers.length === 0) return [];
  const hashes = unnestSelect(
    tx,
    seekers.map((s) => ({ seeker_id: s.id, hash: s.contentHash })),
    { seeker_id: "text", hash: "text" },
  );
  const updated = await tx<{ id: string }[]>`
    UPDATE seekers SET embedded_hash = embedded.hash, embedding_attempts = 0,
      embedding_retry_at = NULL, embedding_error = NULL
    FROM (${hashes}) AS embedded
    WHERE id = embedded.seeker_id AND content_hash = embedded.hash RETURNING id`;
  const marked = new Set(updated.map((r) => r.id));
  return seekers.map((s) => s.id).filter((id) => marked.has(id));
}

/** Records a failed attempt at a text's embedding; a changed text is left alone. */
export async function recordSeekerEmbeddingFailure(
  sql: Sql,
  seeker: { id: string; contentHash: string; failure: EmbeddingFailure },
): Promise<void> {
  const { attempt, error, retryAt } = seeker.failure;
  await sql`
    UPDATE seekers SET embedding_attempts = ${attempt}, embedding_error = ${error},
      embedding_retry_at = ${retryAt}
    WHERE id = ${seeker.id} AND content_hash = ${seeker.contentHash}`;
}

/** Hands seekers' embedding to the retry sweeper at `until`, as `deferJobEmbeddings` does. */
export async function deferSeekerEmbeddings(
  sql: Sql,
  seekers: { id: string; content_hash: string }[],
  until: Date,
): Promise<void> {
  if (seekers.length === 0) return;
  await sql`
    UPDATE seekers SET embedding_retry_at = ${until}
    FROM (${unnestSelect(sql, seekers, { id: "text", content_hash: "text" })}) AS deferred
    WHERE seekers.id = deferred.id AND seekers.content_hash = deferred.content_hash`;
}

/**
 * Claims up to `limit` seekers whose embedding (a retry, or late work deferred) is due, as
 * `claimDueJobEmbeddings` does for jobs. Returns their ids.
 */
export async function claimDueSeekerEmbeddings(
  sql: Sql,
  opts: { limit: number; lease: string },
): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    UPDATE seekers SET embedding_retry_at = now() + ${opts.lease}::interval
    WHERE id IN (SELECT id FROM seekers WHERE embedding_retry_at <= now()
                 ORDER BY embedding_retry_at LIMIT ${opts.limit} FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  return rows.map((r) => r.id);
}

/** Deletes seekers whose profile was deleted upstream. */
export async function deleteSeekerProfiles(sql: Sql, ids: string[]): Promise<void> {
  await sql`DELETE FROM seekers WHERE id = ANY(${ids}::text[])`;
}
