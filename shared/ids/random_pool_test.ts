import assert from "node:assert/strict";
import { pooledRandom } from "./random_pool.ts";

Deno.test("pooledRandom hands out each byte of a pool once, as a fraction of 256, then fills it again", () => {
  let fills = 0;
  const random = pooledRandom(4, (bytes) => {
    fills++;
    bytes.set([0, 64, 128, 255].map((b) => (b + fills) % 256));
  });
  const drawn = Array.from({ length: 8 }, random);
  assert.equal(fills, 2);
  assert.deepEqual(drawn.map((f) => f * 256), [1, 65, 129, 0, 2, 66, 130, 1]);
  assert.ok(drawn.every((f) => f >= 0 && f < 1));
});

Deno.test("newId asks WebCrypto for a pool of bytes, not a byte per character", async () => {
  const real = crypto.getRandomValues;
  let calls = 0;
  crypto.getRandomValues = <T extends ArrayBufferView | null>(array: T): T => {
    calls++;
    return real.call(crypto, array as ArrayBufferView) as T;
  };
  try {
    const { newId } = await import("./mod.ts");
    for (let i = 0; i < 200; i++) {
      newId("req");
      // A new millisecond draws a new random part: ulid's monotonic factory increments the
      // last one within the same millisecond.
      await new Promise((r) => setTimeout(r, 0));
    }
  } finally {
    crypto.getRandomValues = real;
  }
  // 200 ids × 16 characters would be 3,200 calls a byte at a time; a 4 kB pool is one or two.
  assert.ok(calls <= 2, `${calls} calls`);
});
