import assert from "node:assert/strict";
import { isId, newId } from "./mod.ts";

Deno.test("newId carries the prefix and a 26-character ULID", () => {
  const id = newId("job");
  assert.match(id, /^job_[0-9A-HJKMNP-TV-Z]{26}$/);
  assert.ok(isId("job", id));
});

Deno.test("newId is strictly increasing within one process", () => {
  const ids = Array.from({ length: 1000 }, () => newId("evt"));
  assert.deepEqual([...ids].sort(), ids);
  assert.equal(new Set(ids).size, ids.length);
});

Deno.test("isId rejects a wrong prefix, lower case and bad length", () => {
  const id = newId("job");
  assert.equal(isId("wh", id), false);
  assert.equal(isId("job", id.toLowerCase()), false);
  assert.equal(isId("job", id.slice(0, -1)), false);
  assert.equal(isId("job", `${id}0`), false);
});
