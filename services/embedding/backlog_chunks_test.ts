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
    lateAfterMs: LATE,
    admit: (canWait) =>
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

Deno.test("pacedChunks: a short run's fresh items go first and are never asked about", async () => {
  // 16 items, one small chunk's worth; every third changed a minute ago (late).
  const all = items(16, (i) => i % 3 === 0 ? 60_000 : LATE - 1);
  const { gate, asked } = scripted(["deferred"]);
  const chunks = await collect(pacedChunks(all, gate, { now, canWait: false }, limits));
  const fresh = all.filter((x) => x.i % 3 !== 0);
  const late = all.filter((x) => x.i % 3 === 0);
  assert.deepEqual(chunks, [{ items: fresh, deferred: false }, { items: late, deferred: true }]);
  assert.equal(asked.length, 1, "only the late items asked");
});

Deno.test("pacedChunks: a backlog asks the gate for every chunk, fresh ones too, fresh first", async () => {
  // 40 items, more than one small chunk: every third changed a minute ago, the rest now.
  const all = items(40, (i) => i % 3 === 0 ? 60_000 : 0);
  const { gate, asked } = scripted(["free", "deferred"]);
  const chunks = await collect(pacedChunks(all, gate, { now, canWait: false }, limits));
  const inOrder = [...all.filter((x) => x.i % 3 !== 0), ...all.filter((x) => x.i % 3 === 0)];
  assert.deepEqual(chunks, [
    { items: inOrder.slice(0, 16), deferred: false },
    { items: inOrder.slice(16), deferred: true },
  ]);
  assert.equal(asked.length, 2);
});

Deno.test("pacedChunks: once the gate says defer, the held work left is one deferred chunk", async () => {
  const all = items(300, (i) => i < 100 ? 0 : LATE + i);
  const { gate, asked } = scripted(["free", "free", "deferred"]);
  const chunks = await collect(pacedChunks(all, gate, { now, canWait: false }, limits));
  assert.deepEqual(sizes(chunks), [75, 75, 150]);
  assert.deepEqual(chunks.map((c) => c.deferred), [false, false, true]);
  assert.deepEqual(chunks.flatMap((c) => c.items), all);
  assert.deepEqual(asked, [false, false, false], "told it may not wait");
});
