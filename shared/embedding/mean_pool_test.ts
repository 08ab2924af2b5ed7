import assert from "node:assert/strict";
import { meanPool } from "./mean_pool.ts";

Deno.test("meanPool averages only unmasked tokens and normalises each row", () => {
  // Two rows of three tokens, two dimensions; row 0 has one padding token with huge values.
  const hidden = Float32Array.from([1, 0, 3, 0, 1000, 1000, 0, 2, 0, 4, 0, 6]);
  const mask = BigInt64Array.from([1n, 1n, 0n, 1n, 1n, 1n]);
  const [a, b] = meanPool(hidden, mask, { size: 2, length: 3, dims: 2 });
  assert.deepEqual([...a!], [1, 0]);
  assert.deepEqual([...b!], [0, 1]);
});

Deno.test("meanPool refuses data that does not match the shape", () => {
  assert.throws(
    () => meanPool(new Float32Array(5), new BigInt64Array(2), { size: 1, length: 2, dims: 2 }),
    RangeError,
  );
});
