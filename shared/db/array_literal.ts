/**
 * Postgres's text form of a one-dimensional array, for array parameters and array columns.
 * @module
 */

const quoted = (s: string) => `"${s.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;

/**
 * `{"a","b",NULL}`: each element quoted (so commas, braces, quotes, backslashes and the word
 * NULL stay text), a Date as ISO 8601, null and undefined as NULL.
 */
export function arrayLiteral(values: readonly unknown[]): string {
  const element = (v: unknown) =>
    v === null || v === undefined
      ? "NULL"
      : quoted(v instanceof Date ? v.toISOString() : String(v));
  return `{${values.map(element).join(",")}}`;
}
