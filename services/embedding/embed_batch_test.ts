import assert from "node:assert/strict";
import { EmbeddingError, type EmbeddingProvider } from "@hire/embedding";
import { embedBatch, embedRows, type FailedEmbedding } from "./embed_batch.ts";

// A provider that fails the way real ones do, for the splitting logic alone; the real
// providers are tested against the real model and a real HTTP server in @hire/embedding.
function provider(fail: (texts: string[]) => EmbeddingError | undefined) {
  const calls: string[][] = [];
  const p: EmbeddingProvider = {
    name: "test",
    dimensions: 1,
    embed(texts) {
      calls.push(texts);
      const err = fail(texts);
      return err
        ? Promise.reject(err)
        : Promise.resolve(texts.map((t) => new Float32Array([t.length])));
    },
    close: () => Promise.resolve(),
  };
  return { p, calls };
}

Deno.test("embedBatch embeds every text in one call", async () => {
  const { p, calls } = provider(() => undefined);
  const out = await embedBatch(p, ["a", "bb"]);
  assert.deepEqual(out.map((r) => r.ok && r.vector[0]), [1, 2]);
  assert.equal(calls.length, 1);
});

Deno.test("embedBatch fails the whole batch on a retriable error without splitting", async () => {
  const { p, calls } = provider(() => new EmbeddingError("503", true));
  const out = await embedBatch(p, ["a", "b", "c"]);
  assert.deepEqual(out.map((r) => !r.ok && r.retriable), [true, true, true]);
  assert.equal(calls.length, 1);
});

Deno.test("embedBatch narrows a permanent failure down to the text that causes it", async () => {
  const { p } = provider((texts) =>
    texts.includes("bad") ? new EmbeddingError("400", false) : undefined
  );
  const out = await embedBatch(p, ["a", "bad", "ccc"]);
  assert.deepEqual(out.map((r) => r.ok), [true, false, true]);
  assert.equal(!out[1]!.ok && out[1]!.retriable, false);
});

Deno.test("embedRows returns the embedded rows with their vectors and hands over the refused, in order", async () => {
  const { p } = provider((texts) =>
    texts.some((t) => t.startsWith("bad")) ? new EmbeddingError("refused", false) : undefined
  );
  const failed: [string, FailedEmbedding][] = [];
  const rows = [{ t: "a" }, { t: "bad1" }, { t: "ccc" }, { t: "bad22" }];
  const embedded = await embedRows(p, rows, (r) => r.t, (row, f) => {
    failed.push([row.t, f]);
    return Promise.resolve();
  });
  assert.deepEqual(embedded.map(({ row, vector }) => [row.t, vector[0]]), [["a", 1], ["ccc", 3]]);
  assert.deepEqual(failed.map(([t, f]) => [t, f.retriable]), [["bad1", false], ["bad22", false]]);
});
