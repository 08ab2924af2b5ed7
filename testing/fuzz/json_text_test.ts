import assert from "node:assert/strict";
import fc from "fast-check";
import { DuplicateKeys, jsonText, Nested, RawToken } from "./json_text.ts";

Deno.test("jsonText writes plain JSON values exactly as JSON.parse reads them back", () => {
  fc.assert(fc.property(fc.jsonValue(), (v) => {
    assert.deepEqual(JSON.parse(jsonText(v)), v);
  }));
});

Deno.test("jsonText writes raw tokens, a key twice, -0 and deep nesting verbatim", () => {
  assert.equal(jsonText({ n: new RawToken("1e400") }), '{"n":1e400}');
  assert.equal(jsonText(new DuplicateKeys([["a", 1], ["a", 2]])), '{"a":1,"a":2}');
  assert.equal(jsonText([-0]), "[-0]");
  assert.equal(jsonText(new Nested(2, "x")), '[["x"]]');
  // Written without recursion: no stack to overflow.
  const deep = jsonText({ x: new Nested(200_000, 1) });
  assert.equal(deep.length, '{"x":}'.length + 400_001);
});
