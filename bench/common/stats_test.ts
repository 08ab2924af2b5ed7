import assert from "node:assert/strict";
import { maxAndMean } from "./stats.ts";

Deno.test("maxAndMean: the most over every sample, the mean (one decimal) over the window only", () => {
  const samples = [{ n: 40 }, { n: 31 }, { n: 32 }, { n: 32 }];
  assert.deepEqual(maxAndMean(samples, samples.slice(1), (s) => s.n), { max: 40, mean: 31.7 });
  assert.deepEqual(maxAndMean([], [], (s: { n: number }) => s.n), { max: 0, mean: NaN });
});
