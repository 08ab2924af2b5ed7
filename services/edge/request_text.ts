/**
 * The text the API accepts, anywhere in a body or a query: the service's one rule
 * (`@hire/text`'s `hasBadText`, also the console's), and a limit on nesting, checked before
 * anything walks a body recursively (the idempotency fingerprint).
 * @module
 */
import { type FieldError, fieldError, jsonPointer } from "@hire/errors";
import { hasBadText } from "@hire/text";

// The edge's checks and the tests that feed it hostile text name the API's rule here.
export { hasBadText };

// Stands in the walk for a key that is itself refused, so it is reported in its place.
const BAD_KEY = Symbol("bad key");

/** Deepest nesting of arrays and objects a body may have; the API's own bodies use 3. */
export const MAX_JSON_DEPTH = 32;

/**
 * The field errors of a parsed JSON body: every string or key with a refused character,
 * and every container nested deeper than `maxDepth` (not walked further). Iterative, so a
 * body nested any depth costs no stack; at most `maxErrors` are returned.
 */
export function inspectJson(
  body: unknown,
  opts: { maxDepth?: number; maxErrors?: number } = {},
): FieldError[] {
  const maxDepth = opts.maxDepth ?? MAX_JSON_DEPTH;
  const maxErrors = opts.maxErrors ?? 20;
  const errors: FieldError[] = [];
  const stack: [value: unknown, path: PropertyKey[]][] = [[body, []]];
  while (stack.length > 0 && errors.length < maxErrors) {
    const [value, path] = stack.pop()!;
    if (value === BAD_KEY) {
      errors.push(fieldError(jsonPointer(path), "invalid_characters"));
      continue;
    }
    if (typeof value === "string") {
      if (hasBadText(value)) errors.push(fieldError(jsonPointer(path), "invalid_characters"));
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (path.length >= maxDepth) {
      errors.push(fieldError(jsonPointer(path), "too_deep", { max: maxDepth }));
      continue;
    }
    const entries: [PropertyKey, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : Object.entries(value);
    // Pushed in reverse, so fields are reported in document order.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const bad = typeof key === "string" && hasBadText(key);
      stack.push([bad ? BAD_KEY : child, [...path, key]]);
    }
  }
  return errors;
}
