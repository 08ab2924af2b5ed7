import assert from "node:assert/strict";
import { cachingResolve } from "./dns_cache.ts";
import type { Resolve } from "./resolve_check.ts";

/** A resolver that answers from `answers` and counts the questions it was asked. */
function countingResolver(answers: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve: Resolve = (host, type) => {
    asked.push(`${type} ${host}`);
    const found = answers[`${type} ${host}`];
    return found ? Promise.resolve(found) : Promise.reject(new Deno.errors.NotFound(host));
  };
  return { resolve, asked };
}

Deno.test("dns cache: an answer is kept for 10 s, then asked for again", async () => {
  const { resolve, asked } = countingResolver({ "A hooks.acme.sa": ["203.0.113.7"] });
  let now = 0;
  const cached = cachingResolve(resolve, { now: () => now });
  assert.deepEqual(await cached("hooks.acme.sa", "A"), ["203.0.113.7"]);
  now = 9_999;
  assert.deepEqual(await cached("hooks.acme.sa", "A"), ["203.0.113.7"]);
  assert.equal(asked.length, 1);
  now = 10_000;
  await cached("hooks.acme.sa", "A");
  assert.equal(asked.length, 2);
});

Deno.test("dns cache: names and record types are kept apart", async () => {
  const { resolve, asked } = countingResolver({
    "A a.acme.sa": ["203.0.113.1"],
    "AAAA a.acme.sa": ["2001:db8::1"],
    "A b.acme.sa": ["203.0.113.2"],
  });
  const cached = cachingResolve(resolve);
  assert.deepEqual(await cached("a.acme.sa", "A"), ["203.0.113.1"]);
  assert.deepEqual(await cached("a.acme.sa", "AAAA"), ["2001:db8::1"]);
  assert.deepEqual(await cached("b.acme.sa", "A"), ["203.0.113.2"]);
  assert.equal(asked.length, 3);
});

Deno.test("dns cache: a failed lookup is not kept, the next one asks again", async () => {
  const { resolve, asked } = countingResolver({});
  const cached = cachingResolve(resolve);
  await assert.rejects(cached("gone.acme.sa", "A"), Deno.errors.NotFound);
  await assert.rejects(cached("gone.acme.sa", "A"), Deno.errors.NotFound);
  assert.equal(asked.length, 2);
});
