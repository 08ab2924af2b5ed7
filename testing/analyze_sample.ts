/**
 * How many rows `ANALYZE` reads of a table: runs `ANALYZE VERBOSE` on a connection of its own
 * and reads the server's notice (`… containing N live rows …; M rows in sample …`). A table's
 * sample is 300 rows per point of its columns' largest statistics target, which
 * `statisticsTargets` reads.
 * @module
 */
import postgres from "postgres";
import type { Sql } from "@hire/db";

/** The statistics targets of a table's columns, by column (-1 or null: the server's default). */
export async function statisticsTargets(
  sql: Sql,
  table: string,
): Promise<Record<string, number | null>> {
  const rows = await sql<{ name: string; target: number | null }[]>`
    SELECT attname AS name, attstattarget AS target FROM pg_attribute
    WHERE attrelid = to_regclass(${table}) AND attnum > 0 AND NOT attisdropped`;
  return Object.fromEntries(rows.map((r) => [r.name, r.target]));
}

/** The live rows `ANALYZE` found in `table` at `url`, and how many of them it sampled. */
export async function analyzeSample(
  url: string,
  table: string,
): Promise<{ live: number; sampled: number }> {
  const notices: string[] = [];
  const sql = postgres(url, { max: 1, onnotice: (n) => notices.push(n.message ?? "") });
  try {
    await sql.unsafe(`ANALYZE VERBOSE ${table}`);
  } finally {
    await sql.end();
  }
  for (const m of notices) {
    const found = m.match(/containing (\d+) live rows .*; (\d+) rows in sample/);
    if (found) return { live: Number(found[1]), sampled: Number(found[2]) };
  }
  throw new Error(`ANALYZE VERBOSE ${table} told no sample: ${notices.join(" | ")}`);
}
