/**
 * How the pgvector tables compare with Postgres's own cache. A search reads every row of its
 * block, one page a row for vectors of the local space (rows are kept whole, a row to a page),
 * so when the tables outgrow `shared_buffers` each search copies its pages in from the
 * operating system's cache: 6.4–7.2 ms a search against 3.2–3.5 ms with the tables cached,
 * in `bench:pipeline` with 100,000 seekers at 20 jobs/s (docs/performance.md).
 * @module
 */
import type { Sql } from "@hire/db";
import { pgvectorTables } from "./pgvector_index.ts";

/** The index's tables (with their indexes and TOAST) and Postgres's `shared_buffers`, in bytes. */
export interface CacheFit {
  vectorBytes: number;
  sharedBuffersBytes: number;
}

/** Reads {@link CacheFit} for the tables named with `prefix`; a missing table counts 0. */
export async function readCacheFit(sql: Sql, prefix = ""): Promise<CacheFit> {
  const { jobs, seekers } = pgvectorTables(prefix);
  const [row] = await sql<{ vector_bytes: string; shared_buffers_bytes: string }[]>`
    SELECT coalesce(pg_total_relation_size(to_regclass(${jobs})), 0)
         + coalesce(pg_total_relation_size(to_regclass(${seekers})), 0) AS vector_bytes,
           pg_size_bytes(current_setting('shared_buffers')) AS shared_buffers_bytes`;
  return {
    vectorBytes: Number(row!.vector_bytes),
    sharedBuffersBytes: Number(row!.shared_buffers_bytes),
  };
}
