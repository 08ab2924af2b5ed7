/**
 * What the site benchmark reads from the seeded data: job ids to ask for, jobs to draw
 * searches from, and how many jobs each search finds.
 * @module
 */
import type { Sql } from "@hire/db";
import { matchesSiteSearch } from "@hire/tables";
import type { SampledJob, Search } from "./paths.ts";

/** `n` random ids of `partnerId`'s listed jobs. */
export async function randomJobIds(sql: Sql, partnerId: string, n: number): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    SELECT id FROM jobs
    WHERE partner_id = ${partnerId} AND status = 'active' AND deleted_at IS NULL
    ORDER BY random() LIMIT ${n}`;
  return rows.map((r) => r.id);
}

/** `n` random listed jobs of `partnerId`, to draw searches from. */
export async function randomJobs(sql: Sql, partnerId: string, n: number): Promise<SampledJob[]> {
  return await sql<SampledJob[]>`
    SELECT city, title, description FROM jobs
    WHERE partner_id = ${partnerId} AND status = 'active' AND deleted_at IS NULL
    ORDER BY random() LIMIT ${n}`;
}

/** How many listed jobs each search matches (the feed shows the newest 20 of them). */
export async function matchesPerSearch(sql: Sql, list: readonly Search[]): Promise<number[]> {
  const counts: number[] = [];
  for (const s of list) {
    const [row] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM jobs j
      WHERE j.status = 'active' AND j.deleted_at IS NULL AND j.city = ${s.city}
        AND ${matchesSiteSearch(sql, s.q)}`;
    counts.push(row!.n);
  }
  return counts;
}

/** Smallest, median and largest of `counts`, and how many are zero. */
export function spread(counts: readonly number[]): {
  min: number;
  median: number;
  max: number;
  zero: number;
} {
  const sorted = [...counts].sort((a, b) => a - b);
  return {
    min: sorted[0] ?? 0,
    median: sorted[Math.floor(sorted.length / 2)] ?? 0,
    max: sorted.at(-1) ?? 0,
    zero: sorted.filter((n) => n === 0).length,
  };
}
