import assert from "node:assert/strict";
import { chunkSize, pacedChunks } from "./backlog_chunks.ts";
import { admitAlways, type Pace } from "./yield_gate.ts";

const limits = { min: 16, max: 128 };

Deno.test("chunkSize: a short backlog is one chunk, at once", () => {
  for (const n of [1, 2, 15, 16]) assert.equal(chunkSize(n, limits), n);
  assert.equal(chunkSize(0, limits), 1);
});

Deno.test("chunkSize: a longer backlog gets larger chunks, a quarter of it, up to the cap", () => {
  assert.equal(chunkSize(17, limits), 16);
  assert.equal(chunkSize(100, limits), 25);
  assert.equal(chunkSize(256, limits), 64);
  assert.equal(chunkSize(512, limits), 128);
  assert.equal(chunkSize(10_000, limits), 128);
  // Never smaller for a longer backlog.
  let last = 0;
  for (let n = 1; n <= 2000; n++) {
    const size = chunkSize(n, limits);
    assert.ok(size >= last, `chunkSize(${n}) = ${size} < ${last}`);
    last = size;
  }
});

async function collect<T>(chunks: AsyncGenerator<T[]>): Promise<T[][]> {
  const out: T[][] = [];
  for await (const c of chunks) out.push(c);
  return out;
}

Deno.test("pacedChunks keeps every item once, in order", async () => {
  const items = Array.from({ length: 300 }, (_, i) => i);
  const chunks = await collect(pacedChunks(items, admitAlways, limits));
  assert.deepEqual(chunks.map((c) => c.length), [75, 75, 75, 75]);
  assert.deepEqual(chunks.flat(), items);
  assert.deepEqual(await collect(pacedChunks([], admitAlways, limits)), []);
  assert.deepEqual(await collect(pacedChunks(["a", "b"], admitAlways, limits)), [["a", "b"]]);
});

Deno.test("pacedChunks asks the gate before each chunk; one that yielded is small", async () => {
  const items = Array.from({ length: 300 }, (_, i) => i);
  const paces: Pace[] = ["free", "yielded", "yielded", "free", "free", "free"];
  let asked = 0;
  const admit = () => Promise.resolve(paces[asked++] ?? "free");
  const chunks = await collect(pacedChunks(items, admit, limits));
  assert.deepEqual(chunks.map((c) => c.length), [75, 16, 16, 75, 75, 43]);
  assert.deepEqual(chunks.flat(), items);
  assert.equal(asked, chunks.length);
});
