import assert from "node:assert/strict";
import { createPromiseCache } from "./promise_cache.ts";

/** A computation that counts its runs and answers `value`. */
function counted<T>(value: T) {
  const runs = { n: 0 };
  return { runs, compute: () => (runs.n++, Promise.resolve(value)) };
}

Deno.test("promise cache: without a ttl a result is kept for good", async () => {
  let now = 0;
  const cache = createPromiseCache<string>({ maxEntries: 4, now: () => now });
  const { runs, compute } = counted("v");
  assert.equal(await cache.get("k", compute), "v");
  now = 1e12;
  assert.equal(await cache.get("k", compute), "v");
  assert.equal(runs.n, 1);
});

Deno.test("promise cache: with a ttl a result is computed again once it is that old", async () => {
  let now = 0;
  const cache = createPromiseCache<string>({ maxEntries: 4, ttlMs: 100, now: () => now });
  const { runs, compute } = counted("v");
  await cache.get("k", compute);
  now = 99;
  await cache.get("k", compute);
  assert.equal(runs.n, 1);
  now = 100;
  await cache.get("k", compute);
  assert.equal(runs.n, 2);
});

Deno.test("promise cache: calls made while one is under way share it", async () => {
  const cache = createPromiseCache<string>({ maxEntries: 4 });
  let release: (v: string) => void = () => {};
  let runs = 0;
  const compute = () => (runs++, new Promise<string>((resolve) => (release = resolve)));
  const results = Promise.all([1, 2, 3].map(() => cache.get("k", compute)));
  release("v");
  assert.deepEqual(await results, ["v", "v", "v"]);
  assert.equal(runs, 1);
});

Deno.test("promise cache: a rejection is not kept, the next call computes again", async () => {
  const cache = createPromiseCache<string>({ maxEntries: 4 });
  let runs = 0;
  const failing = () => (runs++, Promise.reject(new Error("down")));
  await assert.rejects(cache.get("k", failing), /down/);
  await assert.rejects(cache.get("k", failing), /down/);
  assert.equal(runs, 2);
  assert.equal(await cache.get("k", () => Promise.resolve("back")), "back");
});

Deno.test("promise cache: past its size, the key asked for least recently goes first", async () => {
  const cache = createPromiseCache<string>({ maxEntries: 2 });
  const asked: string[] = [];
  const get = (key: string) => cache.get(key, () => (asked.push(key), Promise.resolve(key)));
  await get("a");
  await get("b");
  await get("a"); // a is now the more recent
  await get("c"); // b goes
  await get("a");
  await get("b");
  assert.deepEqual(asked, ["a", "b", "c", "b"]);
});
