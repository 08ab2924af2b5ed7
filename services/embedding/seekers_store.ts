/**
 * Receiving seeker profiles from seekers.v1: the newest version of each, with the hash of
 * the text it is embedded from, goes to the `seekers` table (`@hire/tables`), which the
 * embedding keeps up to date in the index and the matching service reads.
 * @module
 */
import type { Sql } from "@hire/db";
import type { Seeker } from "@hire/seekers";
import { upsertSeekers } from "@hire/tables";
import { seekerRowText, textHash } from "./texts.ts";

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
  const profiles = await Promise.all([...latest.values()].map(async (s) => ({
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
  return await upsertSeekers(sql, profiles);
}
