import assert from "node:assert/strict";
import type { VectorBlocks } from "./index.ts";
import { assertMinScore, atLeast, keepsToBlock, lastOfEachId, searchBlock } from "./rules.ts";

const blocks: VectorBlocks = { of: (v) => (v[0]! > 0 ? 1 : 2), maxScoreAcross: 0.4 };
const q = Float32Array.of(1, 0);

Deno.test("a search keeps to the query's block only when every hit it needs is above the bound", () => {
  assert.equal(searchBlock(blocks, q, 0.41), 1);
  assert.equal(searchBlock(blocks, Float32Array.of(-1, 0), 0.9), 2);
  assert.equal(
    searchBlock(blocks, q, 0.4),
    undefined,
    "a hit at the bound may be in another block",
  );
  assert.equal(searchBlock(blocks, q, undefined), undefined);
  assert.equal(searchBlock(undefined, q, 0.9), undefined);
  assert.deepEqual(
    [keepsToBlock(blocks, 0.41), keepsToBlock(blocks, 0.4), keepsToBlock(undefined, 0.9)],
    [true, false, false],
  );
});

Deno.test("atLeast keeps the hits at or above the score, in order", () => {
  const hits = [{ id: "a", score: 0.9 }, { id: "b", score: 0.6 }, { id: "c", score: 0.59 }];
  assert.deepEqual(atLeast(hits, 0.6).map((h) => h.id), ["a", "b"]);
  assert.deepEqual(atLeast(hits, undefined), hits);
  assert.deepEqual(atLeast(hits, 0.95), []);
});

Deno.test("minScore must be a score", () => {
  for (const ok of [undefined, 0, 0.6, 1]) assertMinScore(ok);
  for (const bad of [-0.1, 1.01, Number.NaN]) assert.throws(() => assertMinScore(bad), /minScore/);
});

Deno.test("a batch keeps one entry per id: the last, where the first stood", () => {
  const batch = [{ id: "a", v: 1 }, { id: "b", v: 2 }, { id: "a", v: 3 }, { id: "c", v: 4 }];
  assert.deepEqual(lastOfEachId(batch), [{ id: "a", v: 3 }, { id: "b", v: 2 }, { id: "c", v: 4 }]);
  assert.deepEqual(lastOfEachId([]), []);
});
