import assert from "node:assert/strict";
import { chunkSize, type PacedChunk, pacedChunks } from "./backlog_chunks.ts";
import { noGate, type Pace, type YieldGate } from "./yield_gate.ts";

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

async function collect<T>(chunks: AsyncGenerator<PacedChunk<T>>): Promise<PacedChunk<T>[]> {
  const out: PacedChunk<T>[] = [];
  for await (const c of chunks) out.push(c);
  return out;
}
const sizes = <T>(chunks: PacedChunk<T>[]) => chunks.map((c) => c.items.length);

/** Items changed `ago(i)` ms before `NOW`. */
const NOW = new Date("2026-11-29T08:00:00Z");
const items = (n: number, ago: (i: number) => number = () => 0) =>
  Array.from({ length: n }, (_, i) => ({ i, updated_at: new Date(NOW.getTime() - ago(i)) }));
const now = () => NOW;
const LATE = 30_000;

/** A gate that answers `paces` in turn (then "free") and counts the questions. */
function scripted(paces: Pace[]) {
  const asked: boolean[] = [];
  const gate: YieldGate = {
    lateAfterMs: () => LATE,
    arrived: () => {},
    admitLate: (canWait) =>
      Promise.resolve(void asked.push(canWait)).then(() => paces.shift() ?? "free"),
  };
  return { gate, asked };
}

Deno.test("pacedChunks keeps every item once, in order, without a gate", async () => {
  const all = items(300, () => 3_600_000);
  const chunks = await collect(pacedChunks(all, noGate, { now, canWait: false }, limits));
  assert.deepEqual(sizes(chunks), [75, 75, 75, 75]);
  assert.deepEqual(chunks.flatMap((c) => c.items), all);
  assert.ok(chunks.every((c) => !c.deferred));
  assert.deepEqual(await collect(pacedChunks([], noGate, { now, canWait: false }, limits)), []);
});

Deno.test("pacedChunks asks the gate before each chunk of late work; one that yielded is small", async () => {
  const all = items(300, () => LATE);
  const { gate, asked } = scripted(["free", "yielded", "yielded", "free", "free", "free"]);
  const chunks = await collect(pacedChunks(all, gate, { now, canWait: true }, limits));
  assert.deepEqual(sizes(chunks), [75, 16, 16, 75, 75, 43]);
  assert.deepEqual(chunks.flatMap((c) => c.items), all);
  assert.deepEqual(asked, chunks.map(() => true), "asked once a chunk, told it may wait");
});

Deno.test("pacedChunks: fresh work goes first and is never asked about", async () => {
  // 40 items; every third one changed a minute ago (late), the rest just now.
  const all = items(40, (i) => i % 3 === 0 ? 60_000 : LATE - 1);
  const { gate, asked } = scripted(["yielded"]);
  const chunks = await collect(pacedChunks(all, gate, { now, canWait: true }, limits));
  const fresh = all.filter((x) => x.i % 3 !== 0);
  const late = all.filter((x) => x.i % 3 === 0);
  assert.deepEqual(chunks.map((c) => c.items), [fresh.slice(0, 16), fresh.slice(16), late]);
  assert.equal(asked.length, 1, "only the late chunk asked");
});

Deno.test("pacedChunks: once the gate says defer, the late work left is one deferred chunk", async () => {
  const all = items(300, (i) => i < 100 ? 0 : LATE + i);
  const { gate, asked } = scripted(["free", "deferred"]);
  const chunks = await collect(pacedChunks(all, gate, { now, canWait: false }, limits));
  assert.deepEqual(sizes(chunks), [75, 25, 75, 125]);
  assert.deepEqual(chunks.map((c) => c.deferred), [false, false, false, true]);
  assert.deepEqual(chunks.at(-1)!.items, all.slice(175));
  assert.deepEqual(asked, [false, false], "told it may not wait");
});
