import assert from "node:assert/strict";
import { plainExcerpt } from "./excerpt.ts";

Deno.test("plainExcerpt drops Markdown marks and keeps the words", () => {
  const md = "## About the role\n\n**ICU nurse** for [our hospital](https://x.sa) in _Riyadh_.\n" +
    "- Night shifts\n- `BLS` required\n\n---\n> Apply now";
  assert.equal(
    plainExcerpt(md, 500),
    "About the role ICU nurse for our hospital in Riyadh. Night shifts BLS required Apply now",
  );
});

Deno.test("plainExcerpt cuts long text at a word and marks the cut", () => {
  const text = "مطلوب ممرضة للعمل في قسم العناية المركزة بمستشفى في الرياض ".repeat(10);
  const out = plainExcerpt(text, 50);
  assert.ok(out.length <= 51, out);
  assert.ok(out.endsWith("…"));
  assert.ok(!out.slice(0, -1).endsWith(" "));
  assert.ok(text.startsWith(out.slice(0, -1)));
});

Deno.test("plainExcerpt leaves short text whole", () => {
  assert.equal(plainExcerpt("  Short   text\n", 50), "Short text");
});
