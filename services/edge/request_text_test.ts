import assert from "node:assert/strict";
import { inspectJson, MAX_JSON_DEPTH } from "./request_text.ts";

Deno.test("inspectJson points at every refused string and key, in document order", () => {
  const errors = inspectJson({
    title: "ICU\u0000Nurse",
    jobs: [{ description: "ok" }, { description: "\uD800" }],
    ["bad\u0000key"]: 1,
  });
  assert.deepEqual(errors.map((e) => [e.field, e.code]), [
    ["/title", "invalid_characters"],
    ["/jobs/1/description", "invalid_characters"],
    ["/bad\u0000key", "invalid_characters"],
  ]);
  assert.match(errors[0]!.messageAr, /[\u0600-\u06FF]/);
  assert.deepEqual(inspectJson({ title: "Nurse", n: 1, ok: true, none: null }), []);
});

Deno.test("inspectJson stops at the depth limit without recursing, however deep the body", () => {
  let deep: unknown = "leaf";
  for (let i = 0; i < 100_000; i++) deep = [deep];
  const errors = inspectJson({ jobs: [deep] });
  assert.equal(errors.length, 1);
  assert.equal(errors[0]!.code, "too_deep");
  assert.equal(errors[0]!.field.split("/").length - 1, MAX_JSON_DEPTH);
  assert.deepEqual(inspectJson([[["fine"]]], { maxDepth: 3 }), []);
  assert.equal(inspectJson([[[["too deep"]]]], { maxDepth: 3 })[0]?.code, "too_deep");
});

Deno.test("inspectJson reports at most maxErrors", () => {
  const body = Array.from({ length: 100 }, () => "\u0000");
  assert.equal(inspectJson(body, { maxErrors: 5 }).length, 5);
});
