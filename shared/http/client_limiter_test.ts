import assert from "node:assert/strict";
import { createClientLimiter } from "./client_limiter.ts";

function clock(start = 0) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

Deno.test("client limiter allows the per-minute allowance, then refuses with Retry-After", () => {
  const c = clock();
  const limiter = createClientLimiter({ perMinute: 60, now: c.now });
  for (let i = 0; i < 60; i++) assert.deepEqual(limiter.take("10.0.0.1"), { allowed: true });
  assert.deepEqual(limiter.take("10.0.0.1"), { allowed: false, retryAfterS: 1 });
});

Deno.test("client limiter refills continuously: one request per second at 60 a minute", () => {
  const c = clock();
  const limiter = createClientLimiter({ perMinute: 60, now: c.now });
  for (let i = 0; i < 60; i++) limiter.take("a");
  assert.equal(limiter.take("a").allowed, false);
  c.advance(999);
  assert.equal(limiter.take("a").allowed, false);
  c.advance(1);
  assert.equal(limiter.take("a").allowed, true);
  assert.equal(limiter.take("a").allowed, false);
});

Deno.test("client limiter counts each address on its own", () => {
  const limiter = createClientLimiter({ perMinute: 2, now: () => 0 });
  assert.equal(limiter.take("a").allowed, true);
  assert.equal(limiter.take("a").allowed, true);
  assert.equal(limiter.take("a").allowed, false);
  assert.equal(limiter.take("b").allowed, true);
});

Deno.test("client limiter's Retry-After is the wait until one request is allowed", () => {
  const limiter = createClientLimiter({ perMinute: 6, now: () => 0 });
  for (let i = 0; i < 6; i++) limiter.take("a");
  assert.deepEqual(limiter.take("a"), { allowed: false, retryAfterS: 10 });
});

Deno.test("client limiter's giveBack returns one unit, never past the allowance", () => {
  const limiter = createClientLimiter({ perMinute: 2, now: () => 0 });
  limiter.take("a");
  limiter.take("a");
  limiter.giveBack("a");
  assert.equal(limiter.take("a").allowed, true);
  assert.equal(limiter.take("a").allowed, false);
  for (let i = 0; i < 5; i++) limiter.giveBack("a");
  assert.equal(limiter.take("a").allowed, true);
  assert.equal(limiter.take("a").allowed, true);
  assert.equal(limiter.take("a").allowed, false, "the bucket holds at most the allowance");
  limiter.giveBack("never-seen");
  assert.equal(limiter.size(), 1, "giving back to an unknown address remembers nothing");
});

Deno.test("client limiter forgets idle addresses and stays bounded under a flood", () => {
  const c = clock();
  const limiter = createClientLimiter({ perMinute: 10, maxClients: 100, now: c.now });
  for (let i = 0; i < 100; i++) limiter.take(`idle-${i}`);
  c.advance(60_000);
  limiter.take("busy");
  assert.equal(limiter.size(), 1, "full buckets are forgotten first");
  for (let i = 0; i < 1000; i++) limiter.take(`flood-${i}`);
  assert.ok(limiter.size() <= 100, `size ${limiter.size()}`);
});

Deno.test("a limiter per hour allows its allowance at once, then one more each hour's share", () => {
  let t = 0;
  const limiter = createClientLimiter({ perHour: 3, now: () => t });
  const takes = () => Array.from({ length: 4 }, () => limiter.take("a").allowed);
  assert.deepEqual(takes(), [true, true, true, false]);
  t += 19 * 60_000;
  assert.equal(limiter.take("a").allowed, false);
  t += 60_000;
  assert.equal(limiter.take("a").allowed, true);
});
