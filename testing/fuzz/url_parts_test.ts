import assert from "node:assert/strict";
import fc from "fast-check";
import { percentEncode, queryParam, tryDecode } from "./url_parts.ts";

Deno.test("percentEncode escapes like encodeURIComponent, a lone surrogate as its three bytes", () => {
  assert.equal(percentEncode("a b/ج"), encodeURIComponent("a b/ج"));
  assert.equal(percentEncode("x\uD800y"), "x%ED%A0%80y");
  assert.equal(percentEncode("\uDC00"), "%ED%B0%80");
  assert.equal(percentEncode("😀"), "%F0%9F%98%80");
});

Deno.test("queryParam claims a schema refusal exactly for a value that is no integer in range", () => {
  const limit = {
    name: "limit",
    in: "query" as const,
    required: false,
    schema: { type: "integer", minimum: 1, maximum: 100 },
  };
  fc.assert(
    fc.property(queryParam(limit, "hostile", true), (part) => {
      // The first value counts; odd spellings of it (`limit`, `%ZZ`) claim nothing.
      const value = /^limit=([^&]*)/.exec(part.wire)?.[1];
      if (part.schemaRefusals.length > 0) {
        // A value sent unescaped may hold a `%` that decodes to nothing: no number either.
        const n = Number(tryDecode(value!));
        assert.ok(!(Number.isInteger(n) && n >= 1 && n <= 100), part.wire);
      } else if (value !== undefined && /^-?\d+$/.test(value)) {
        assert.ok(Number(value) >= 1 && Number(value) <= 100, part.wire);
      }
    }),
    { numRuns: 300 },
  );
});
