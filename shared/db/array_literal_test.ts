import assert from "node:assert/strict";
import { arrayLiteral } from "./array_literal.ts";

Deno.test("arrayLiteral quotes every element, escaping quotes and backslashes; null is NULL", () => {
  assert.equal(arrayLiteral([]), "{}");
  assert.equal(
    arrayLiteral(["a,b", 'c"d', "e\\f", "NULL", "{g}"]),
    '{"a,b","c\\"d","e\\\\f","NULL","{g}"}',
  );
  assert.equal(arrayLiteral([null, undefined, 1, true]), '{NULL,NULL,"1","true"}');
  assert.equal(arrayLiteral([new Date("2026-11-30T00:00:00Z")]), '{"2026-11-30T00:00:00.000Z"}');
});
