/**
 * The protocol's limit on the parameters of one statement, and multi-row writes that stay
 * within it.
 * @module
 */

/** The most parameters one statement may bind: postgres.js refuses 65,534 or more. */
export const MAX_BIND_PARAMETERS = 65_533;

/**
 * Splits the rows of a multi-row write (`INSERT … ${sql(rows)}`) into the runs one
 * statement can bind, in order. A row binds one parameter per column: `columns` when the
 * write names them, else the keys of the first row, as postgres.js takes them from it.
 */
export function bindableRuns<T extends object>(
  rows: readonly T[],
  columns = rows.length ? Object.keys(rows[0]!).length : 1,
): T[][] {
  if (rows.length === 0) return [];
  const perRun = Math.floor(MAX_BIND_PARAMETERS / Math.max(1, columns));
  const runs: T[][] = [];
  for (let i = 0; i < rows.length; i += perRun) runs.push(rows.slice(i, i + perRun));
  return runs;
}
