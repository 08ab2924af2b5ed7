/**
 * What a statement reads of a table, as the server counts it: rows (read by sequential scans
 * or fetched through an index) and pages of the table and its indexes (a scan of an index
 * that finds nothing fetches no row but reads the index's pages). Asserted without timing it.
 * @module
 */
import type { Tx } from "@hire/db";

/** Rows and pages of a table (its indexes' pages too) read. */
export interface Reads {
  rows: number;
  pages: number;
}

// Counts not yet flushed to the shared statistics, which can include earlier transactions'
// of the same connection: hence a difference around the work, not the count after it.
async function readsSoFar(tx: Tx, table: string): Promise<Reads> {
  const [read] = await tx<Reads[]>`
    SELECT (s.seq_tup_read + coalesce(s.idx_tup_fetch, 0))::int AS rows,
           (pg_stat_get_xact_blocks_fetched(s.relid) + coalesce((
              SELECT sum(pg_stat_get_xact_blocks_fetched(i.indexrelid))
              FROM pg_index i WHERE i.indrelid = s.relid), 0))::int AS pages
    FROM pg_stat_xact_user_tables s WHERE s.relname = ${table}`;
  return read ?? { rows: 0, pages: 0 };
}

/** What `work`, run in the transaction `tx`, read of `table`. */
export async function readsBy(tx: Tx, table: string, work: () => Promise<unknown>): Promise<Reads> {
  const before = await readsSoFar(tx, table);
  await work();
  const after = await readsSoFar(tx, table);
  return { rows: after.rows - before.rows, pages: after.pages - before.pages };
}
