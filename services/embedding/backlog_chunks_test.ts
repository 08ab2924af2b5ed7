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

/** Items changed `ago(i)` ms before `NOW`. */
const NOW = new Date("2026-11-29T08:00:00Z");
const items = (n: number, ago: (i: number) => number = () => 0) =>
  Array.from({ length: n }, (_, i) => ({ i, updated_at: new Date(NOW.getTime() - ago(i)) }));
const now = () => NOW;

Deno.test("pacedChunks keeps every item once, in order", async () => {
  const all = items(300);
  const chunks = await collect(pacedChunks(all, admitAlways, now, limits));
  assert.deepEqual(chunks.map((c) => c.length), [75, 75, 75, 75]);
  assert.deepEqual(chunks.flat(), all);
  assert.deepEqual(await collect(pacedChunks([], admitAlways, now, limits)), []);
  assert.deepEqual(await collect(pacedChunks(items(2), admitAlways, now, limits)), [items(2)]);
});

Deno.test("pacedChunks asks the gate before each chunk; one that yielded is small", async () => {
  const all = items(300);
  const paces: Pace[] = ["free", "yielded", "yielded", "free", "free", "free"];
  let asked = 0;
  const admit = () => Promise.resolve(paces[asked++] ?? "free");
  const chunks = await collect(pacedChunks(all, admit, now, limits));
  assert.deepEqual(chunks.map((c) => c.length), [75, 16, 16, 75, 75, 43]);
  assert.deepEqual(chunks.flat(), all);
  assert.equal(asked, chunks.length);
});

Deno.test("pacedChunks tells the gate how long each chunk's oldest item has waited", async () => {
  // 100 items, the first changed 100 s ago, each later one a second after it; item 30 an
  // edit of an older job (changed 500 s ago) that arrived among them.
  const all = items(100, (i) => i === 30 ? 500_000 : (100 - i) * 1000);
  const told: number[] = [];
  const admit = (waitedMs: number) =>
    Promise.resolve(void told.push(waitedMs)).then(() => "free" as const);
  await collect(pacedChunks(all, admit, now, limits));
  assert.deepEqual(told, [100_000, 500_000, 50_000, 25_000]);
});
