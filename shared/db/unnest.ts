/**
 * Rows passed as one array per column (to insert, or to join an update), so that a statement's
 * text is the same whatever the number of rows.
 *
 * postgres.js prepares each statement's text on every connection, and Postgres keeps a plan for
 * each in that connection's backend until postgres.js replaces the connection (30 to 60
 * minutes). A multi-row `VALUES` is a new text for every row count, an `IN (…)` list for every
 * count of ids: a consumer whose batches vary from one to thousands of rows grows a plan, and a
 * parse round trip, for each size it meets. One array per column binds one parameter a column,
 * so no batch is too large for one statement either.
 * @module
 */
import { Buffer } from "node:buffer";
import type postgres from "postgres";
import { arrayLiteral } from "./array_literal.ts";
import type { Sql, Tx } from "./connect.ts";

/**
 * Each column to write, with its SQL type (a code constant: it is written into the SQL), named
 * as the rows' keys.
 */
export type ColumnTypes<T extends object = Record<string, unknown>> = Readonly<
  Partial<Record<keyof T & string, string>>
>;

/** A PendingQuery interpolated into another: its text and parameters join the outer query's. */
type Fragment = postgres.PendingQuery<postgres.Row[]>;

/**
 * A value as the text its column's type parses: an array as an array literal (for an array
 * column such as `text[]`), anything else for a `json`/`jsonb` column as JSON, bytes for a
 * `bytea` column in hex, a Date as ISO 8601, null as null.
 */
export function columnText(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  if (type.endsWith("[]")) {
    if (!Array.isArray(value)) throw new TypeError(`a ${type} column takes an array`);
    return arrayLiteral(value);
  }
  if (type === "json" || type === "jsonb") return JSON.stringify(value);
  if (type === "bytea") {
    if (!(value instanceof Uint8Array)) throw new TypeError("a bytea column takes bytes");
    return `\\x${Buffer.from(value).toString("hex")}`;
  }
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** The rows' values by column, each as text, in the order of `columns`. */
export function columnTexts<T extends object>(
  rows: readonly T[],
  columns: ColumnTypes<T>,
): (string | null)[][] {
  return Object.entries<string>(columns as Record<string, string>).map(([name, type]) =>
    rows.map((row) => columnText((row as Record<string, unknown>)[name], type))
  );
}

/**
 * `SELECT … FROM unnest(…)`: the rows as a row source, one text array per column, each cast
 * to its column's type once unpacked (an array column's values are array literals, which an
 * array of arrays could not carry) and named as the rows' keys. As a subquery it joins an
 * `UPDATE … FROM`, a `DELETE … USING` or a lookup.
 */
export function unnestSelect<T extends object>(
  sql: Sql | Tx,
  rows: readonly T[],
  columns: ColumnTypes<T>,
): Fragment {
  const names = columnNames(columns);
  const casts = Object.entries<string>(columns as Record<string, string>).map(([name, type]) =>
    `u."${name}"::${type} AS "${name}"`
  );
  const arrays = columnTexts(rows, columns).map((texts, i) =>
    i === 0 ? sql`${texts}::text[]` : sql`, ${texts}::text[]`
  );
  return sql`SELECT ${sql.unsafe(casts.join(", "))}
    FROM unnest(${arrays}) AS u(${sql.unsafe(names)})`;
}

/** `(<columns>) SELECT … FROM unnest(…)`: the rows to follow `INSERT INTO <table>`. */
export function unnestRows<T extends object>(
  sql: Sql | Tx,
  rows: readonly T[],
  columns: ColumnTypes<T>,
): Fragment {
  return sql`(${sql.unsafe(columnNames(columns))}) ${unnestSelect(sql, rows, columns)}`;
}

function columnNames(columns: ColumnTypes): string {
  return Object.keys(columns).map((name) => `"${name}"`).join(", ");
}
