import assert from "node:assert/strict";
import fc from "fast-check";
import { hasBadText } from "@hire/edge-service/request_text.ts";
import {
  acceptedChar,
  type BodyEncoding,
  deepNesting,
  encodeBody,
  hostileText,
  isUtf8Encoding,
  refusedChar,
} from "./hostile_values.ts";
import { jsonText } from "./json_text.ts";

// The generators follow docs/api.md's rule; the edge's implementation of it is the referee.
Deno.test("acceptedChar never and refusedChar always breaks the documented text rule", () => {
  fc.assert(fc.property(acceptedChar, (c) => !hasBadText(c)));
  fc.assert(fc.property(refusedChar, (c) => hasBadText(c)));
});

Deno.test("hostileText says refused exactly when the text rule refuses the text", () => {
  fc.assert(fc.property(hostileText, ({ value, refused }) => hasBadText(value) === refused), {
    numRuns: 300,
  });
});

/** The deepest container of a parsed JSON value, counted as the API counts: the body is 0. */
function deepest(v: unknown, depth = 0): number {
  if (v === null || typeof v !== "object") return -1;
  return Math.max(depth, ...Object.values(v).map((c) => deepest(c, depth + 1)));
}

Deno.test("deepNesting says how deep its deepest container ends up", () => {
  for (const depth of [0, 1, 5, 31]) {
    const values = fc.sample(deepNesting(1, depth), { numRuns: 50, seed: depth });
    for (const { value, deepest: said } of values) {
      if (said > 5_000) continue; // Too deep for this recursive check; the same arithmetic.
      let wrapped: unknown = JSON.parse(jsonText(value));
      for (let i = 0; i < depth; i++) wrapped = [wrapped];
      assert.equal(deepest(wrapped), said);
    }
  }
});

Deno.test("encodeBody spells valid UTF-8 only for the UTF-8 encodings", () => {
  const strict = new TextDecoder("utf-8", { fatal: true });
  const text = '{"title":"ممرضة"}';
  const encodings: BodyEncoding[] = ["utf-8", "utf-8 with BOM", "latin1", "invalid utf-8"];
  for (const e of encodings) {
    let decoded: string | undefined;
    try {
      decoded = strict.decode(encodeBody(text, e, 3));
    } catch { /* not UTF-8 */ }
    assert.equal(decoded === text, isUtf8Encoding(e), e);
  }
  // Invalid bytes go inside the first string value, so no member name changes.
  const bad = new TextDecoder().decode(encodeBody(text, "invalid utf-8", 0));
  assert.match(bad, /^\{"title":"\uFFFD/);
});
