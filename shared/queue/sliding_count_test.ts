import assert from "node:assert/strict";
import { slidingCount } from "./sliding_count.ts";

Deno.test("slidingCount counts what was added within the span, and forgets what is older", () => {
  const c = slidingCount(20);
  c.add(3, 100);
  c.add(2, 110);
  assert.equal(c.total(110), 5);
  assert.equal(c.total(119), 5);
  // The first entry is 20 ms old at 120: out of the span.
  assert.equal(c.total(120), 2);
  c.add(4, 125);
  assert.equal(c.total(129), 6);
  assert.equal(c.total(200), 0);
});

Deno.test("slidingCount tells what was added after a moment", () => {
  const c = slidingCount(1000);
  c.add(1, 100);
  c.add(2, 105);
  c.add(4, 110);
  assert.equal(c.since(99), 7);
  assert.equal(c.since(100), 6, "after, not at");
  assert.equal(c.since(107), 4);
  assert.equal(c.since(110), 0);
});
