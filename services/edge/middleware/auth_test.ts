import assert from "node:assert/strict";
import type { KeyOwner } from "@hire/tables";
import { createKeyCache } from "./auth.ts";

function owner(partnerId: string): KeyOwner {
  return { partnerId, plan: "growth" };
}

/** A clock the test moves by hand. */
function fakeClock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

Deno.test("createKeyCache returns a cached owner before the TTL elapses", () => {
  const clock = fakeClock();
  const cache = createKeyCache(1_000, 10, clock.now);
  cache.set("k1", owner("ptn_1"));
  assert.deepEqual(cache.get("k1"), owner("ptn_1"));
  clock.advance(999);
  assert.deepEqual(cache.get("k1"), owner("ptn_1"));
});

Deno.test("createKeyCache forgets an entry once the TTL has elapsed", () => {
  const clock = fakeClock();
  const cache = createKeyCache(1_000, 10, clock.now);
  cache.set("k1", owner("ptn_1"));
  clock.advance(1_000);
  assert.equal(cache.get("k1"), undefined);
  // Still gone when the clock would otherwise be back inside the window.
  assert.equal(cache.get("k1"), undefined);
});

Deno.test("createKeyCache restarts the TTL when a key is set again", () => {
  const clock = fakeClock();
  const cache = createKeyCache(1_000, 10, clock.now);
  cache.set("k1", owner("ptn_1"));
  clock.advance(800);
  cache.set("k1", owner("ptn_2"));
  clock.advance(800);
  assert.deepEqual(cache.get("k1"), owner("ptn_2"));
  clock.advance(200);
  assert.equal(cache.get("k1"), undefined);
});

Deno.test("createKeyCache returns undefined for a key never set", () => {
  const cache = createKeyCache(1_000, 10, fakeClock().now);
  assert.equal(cache.get("missing"), undefined);
});

Deno.test("createKeyCache clear() empties the cache", () => {
  const cache = createKeyCache(60_000, 10, fakeClock().now);
  cache.set("k1", owner("ptn_1"));
  cache.set("k2", owner("ptn_2"));
  cache.clear();
  assert.equal(cache.get("k1"), undefined);
  assert.equal(cache.get("k2"), undefined);
  cache.set("k3", owner("ptn_3"));
  assert.deepEqual(cache.get("k3"), owner("ptn_3"));
});

Deno.test("createKeyCache bounded size evicts the oldest entry", () => {
  const cache = createKeyCache(60_000, 3, fakeClock().now);
  cache.set("k1", owner("ptn_1"));
  cache.set("k2", owner("ptn_2"));
  cache.set("k3", owner("ptn_3"));
  cache.set("k4", owner("ptn_4"));
  assert.equal(cache.get("k1"), undefined);
  assert.deepEqual(cache.get("k2"), owner("ptn_2"));
  assert.deepEqual(cache.get("k3"), owner("ptn_3"));
  assert.deepEqual(cache.get("k4"), owner("ptn_4"));
  cache.set("k5", owner("ptn_5"));
  assert.equal(cache.get("k2"), undefined);
  assert.deepEqual(cache.get("k5"), owner("ptn_5"));
});

Deno.test("createKeyCache never holds more than maxEntries keys", () => {
  const cache = createKeyCache(60_000, 5, fakeClock().now);
  for (let i = 0; i < 100; i++) cache.set(`k${i}`, owner(`ptn_${i}`));
  const present = Array.from({ length: 100 }, (_, i) => `k${i}`).filter((k) => cache.get(k));
  assert.deepEqual(present, ["k95", "k96", "k97", "k98", "k99"]);
});
