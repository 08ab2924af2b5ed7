/**
 * How many rows of a table a statement reads, as the server counts them (sequentially and by
 * index): what a statement reads, asserted without timing it.
 * @module
 */
import type { Tx } from "@hire/db";

// Counts not yet flushed to the shared statistics, which can include earlier transactions'
// of the same connection: hence a difference around the work, not the count after it.
async function rowsReadSoFar(tx: Tx, table: string): Promise<number> {
  const [read] = await tx<{ n: number }[]>`
    SELECT (seq_tup_read + coalesce(idx_tup_fetch, 0))::int AS n
    FROM pg_stat_xact_user_tables WHERE relname = ${table}`;
  return read?.n ?? 0;
}

/** Rows of `table` that `work`, run in the transaction `tx`, read. */
export async function rowsReadBy(
  tx: Tx,
  table: string,
  work: () => Promise<unknown>,
): Promise<number> {
  const before = await rowsReadSoFar(tx, table);
  await work();
  return await rowsReadSoFar(tx, table) - before;
}
