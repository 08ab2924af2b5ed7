import assert from "node:assert/strict";
import { escapeHtml } from "./html.ts";

Deno.test("escapeHtml escapes what HTML gives a meaning to, in text and in attributes", () => {
  assert.equal(
    escapeHtml(`<a href="x" title='y'>&</a> نص`),
    "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt; نص",
  );
});
