import assert from "node:assert/strict";
import { columnText, columnTexts } from "./unnest.ts";

Deno.test("columnText: the text each column type parses", () => {
  assert.equal(columnText(null, "text"), null);
  assert.equal(columnText(undefined, "integer"), null);
  assert.equal(columnText(42, "integer"), "42");
  assert.equal(columnText(false, "boolean"), "false");
  assert.equal(
    columnText(new Date("2026-11-30T00:00:00Z"), "timestamptz"),
    "2026-11-30T00:00:00.000Z",
  );
  assert.equal(columnText(["a", 'b"'], "text[]"), '{"a","b\\""}');
  assert.equal(columnText([{ field: "title" }], "jsonb"), '[{"field":"title"}]');
  assert.equal(columnText({ b: 1, a: 2 }, "json"), '{"b":1,"a":2}', "key order kept");
});

Deno.test("columnText refuses anything but an array for an array column", () => {
  assert.throws(() => columnText("a,b", "text[]"), TypeError);
});

Deno.test("columnTexts: one array per column, in the order of the columns, a row's missing key null", () => {
  const rows = [{ id: "a", n: 1 }, { id: "b" }] as { id: string; n?: number }[];
  assert.deepEqual(columnTexts(rows, { n: "integer", id: "text" }), [["1", null], ["a", "b"]]);
});

Deno.test("columnText: bytes for a bytea column in hex, and nothing else", () => {
  assert.equal(columnText(new Uint8Array([0, 15, 255]), "bytea"), "\\x000fff");
  assert.throws(() => columnText("000fff", "bytea"), TypeError);
});
