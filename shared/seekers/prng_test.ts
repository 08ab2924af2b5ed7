import assert from "node:assert/strict";
import { createRandom, mulberry32 } from "./prng.ts";

Deno.test("mulberry32 repeats its sequence for a seed and stays in [0, 1)", () => {
  const a = mulberry32(123);
  const b = mulberry32(123);
  const xs = Array.from({ length: 1000 }, () => a());
  assert.deepEqual(xs, Array.from({ length: 1000 }, () => b()));
  assert.ok(xs.every((x) => x >= 0 && x < 1));
  assert.notDeepEqual(xs.slice(0, 10), Array.from({ length: 10 }, mulberry32(124)));
});

Deno.test("createRandom draws integers within bounds and samples distinct elements", () => {
  const rnd = createRandom(5);
  const ints = Array.from({ length: 2000 }, () => rnd.int(3, 6));
  assert.deepEqual([...new Set(ints)].sort(), [3, 4, 5, 6]);
  const items = ["a", "b", "c", "d", "e"];
  for (let i = 0; i < 100; i++) {
    const picked = rnd.sample(items, 3);
    assert.equal(new Set(picked).size, 3);
    assert.ok(picked.every((p) => items.includes(p)));
  }
  assert.equal(rnd.sample(items, 9).length, 5);
  assert.deepEqual(items, ["a", "b", "c", "d", "e"]);
});

Deno.test("createRandom.weighted follows the weights", () => {
  const rnd = createRandom(9);
  const counts = { big: 0, small: 0, never: 0 };
  const items = [["big", 9], ["small", 1], ["never", 0]] as const;
  for (let i = 0; i < 10_000; i++) counts[rnd.weighted(items, ([, w]) => w)[0]]++;
  assert.equal(counts.never, 0);
  assert.ok(counts.big > 8_700 && counts.big < 9_300, `${counts.big}`);
});
