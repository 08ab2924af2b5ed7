/**
 * The protocol's limit on the parameters of one statement, and multi-row writes that stay
 * within it.
 * @module
 */

/** The most parameters one statement may bind (postgres.js refuses more). */
export const MAX_BIND_PARAMETERS = 65_534;

/**
 * Splits the rows of a multi-row write (`INSERT … ${sql(rows)}`) into the runs one
 * statement can bind, in order. A row binds one parameter per key of the first row, as
 * postgres.js takes the columns from it.
 */
export function bindableRuns<T extends object>(rows: readonly T[]): T[][] {
  if (rows.length === 0) return [];
  const columns = Math.max(1, Object.keys(rows[0]!).length);
  const perRun = Math.floor(MAX_BIND_PARAMETERS / columns);
  const runs: T[][] = [];
  for (let i = 0; i < rows.length; i += perRun) runs.push(rows.slice(i, i + perRun));
  return runs;
}
