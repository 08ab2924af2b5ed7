import assert from "node:assert/strict";
import { safeNext, withLang } from "./links.ts";

Deno.test("withLang sets the language and keeps the rest of the query", () => {
  assert.equal(
    withLang("/webhooks/wh_1/deliveries?outcome=failed", "ar"),
    "/webhooks/wh_1/deliveries?outcome=failed&lang=ar",
  );
  assert.equal(withLang("/keys?lang=ar", "en"), "/keys?lang=en");
});

Deno.test("safeNext keeps console paths and refuses other sites", () => {
  assert.equal(safeNext("/webhooks/wh_1?x=1"), "/webhooks/wh_1?x=1");
  for (
    const bad of [
      undefined,
      "",
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "/a\nb",
    ]
  ) {
    assert.equal(safeNext(bad), "/", String(bad));
  }
});
