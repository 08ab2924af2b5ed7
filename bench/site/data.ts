/**
 * What the site benchmark reads from the seeded data: job ids to ask for, jobs to draw
 * searches from, and how many jobs each search finds.
 * @module
 */
import type { Sql } from "@hire/db";
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
  const rows = await sql<{ n: number }[]>`
    SELECT (
      SELECT count(*)::int FROM jobs j
      WHERE j.status = 'active' AND j.deleted_at IS NULL AND j.city = s.city
        AND j.search @@ websearch_to_tsquery('english', site_search_text(s.q))
    ) AS n
    FROM unnest(${sql.array(list.map((s) => s.city))}::text[],
      ${sql.array(list.map((s) => s.q))}::text[]) WITH ORDINALITY AS s(city, q, i)
    ORDER BY s.i`;
  return rows.map((r) => r.n);
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
