/**
 * JSON text a fuzzer can bend: values that `JSON.stringify` cannot write (a number token such
 * as `1e400` or `-0`, an object with a key twice, nesting deeper than a recursive writer's
 * stack) are written as they are.
 * @module
 */

/** Text written verbatim where a value goes, e.g. `1e400`, `NaN`, or 100,000 `[`. */
export class RawToken {
  constructor(readonly text: string) {}
}

/** An object written with its entries as they are, a key possibly more than once. */
export class DuplicateKeys {
  constructor(readonly entries: readonly [string, unknown][]) {}
}

/** A value nested `depth` arrays deep, written without recursion. */
export class Nested {
  constructor(readonly depth: number, readonly inner: unknown) {}
}

/** The JSON text of `value`, with {@link RawToken}, {@link DuplicateKeys} and {@link Nested}. */
export function jsonText(value: unknown): string {
  if (value instanceof RawToken) return value.text;
  if (value instanceof Nested) {
    return "[".repeat(value.depth) + jsonText(value.inner) + "]".repeat(value.depth);
  }
  if (value instanceof DuplicateKeys) {
    return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(",")}}`;
  }
  if (Array.isArray(value)) return `[${value.map(jsonText).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return jsonText(new DuplicateKeys(Object.entries(value)));
  }
  // -0 is a value JSON can carry; JSON.stringify writes it as 0.
  if (Object.is(value, -0)) return "-0";
  return JSON.stringify(value) ?? "null";
}
