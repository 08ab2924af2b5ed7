/**
 * Seeker profiles as last received on seekers.v1, in Postgres: what the embedding keeps
 * up to date in the index and the matching service reads.
 * @module
 */
import type { Sql } from "@hire/db";
import type { EmploymentType } from "@hire/jobs";
import type { Seeker } from "@hire/seekers";
import { seekerRowText, textHash } from "./texts.ts";

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

/**
 * Stores the newest version of each profile; an older version arriving late (a replay) is
 * ignored. Returns the ids whose stored profile may need the pipeline's attention.
 */
export async function storeSeekers(
  sql: Sql,
  seekers: Seeker[],
): Promise<string[]> {
  if (seekers.length === 0) return [];
  // The latest version per id within the batch; older ones would only be overwritten.
  const latest = new Map<string, Seeker>();
  for (const s of seekers) {
    const seen = latest.get(s.id);
    if (!seen || seen.updated_at <= s.updated_at) latest.set(s.id, s);
  }
  const rows = await Promise.all([...latest.values()].map(async (s) => ({
    id: s.id,
    headline: s.headline,
    summary: s.summary,
    skills: s.skills,
    city: s.city,
    employment_types: s.employment_types,
    salary_expectation: s.salary_expectation ?? null,
    updated_at: new Date(s.updated_at),
    content_hash: await textHash(seekerRowText(s)),
  })));
  const stored = await sql<{ id: string }[]>`
    INSERT INTO seekers ${sql(rows)}
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
  return stored.map((r) => r.id);
}
