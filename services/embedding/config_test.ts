import assert from "node:assert/strict";
import { ConfigError } from "@hire/config";
import { loadEmbeddingServiceConfig } from "./config.ts";

Deno.test("embedding config: the service runs at nice 10 unless told otherwise", () => {
  assert.equal(loadEmbeddingServiceConfig({}).EMBEDDING_NICE, 10);
  assert.equal(loadEmbeddingServiceConfig({ EMBEDDING_NICE: "0" }).EMBEDDING_NICE, 0);
  assert.equal(loadEmbeddingServiceConfig({ EMBEDDING_NICE: "19" }).EMBEDDING_NICE, 19);
});

Deno.test("embedding config: a nice value outside 0–19 or not a whole number is refused", () => {
  for (const bad of ["-5", "20", "2.5", "low"]) {
    assert.throws(
      () => loadEmbeddingServiceConfig({ EMBEDDING_NICE: bad }),
      (err: unknown) =>
        err instanceof ConfigError && err.problems.some((p) => p.startsWith("EMBEDDING_NICE")),
      bad,
    );
  }
});

Deno.test("embedding config: the yield gate holds above 30% of a core of API CPU unless told otherwise", () => {
  assert.equal(loadEmbeddingServiceConfig({}).EMBEDDING_YIELD_API_CPU, 30);
  assert.equal(
    loadEmbeddingServiceConfig({ EMBEDDING_YIELD_API_CPU: "0" }).EMBEDDING_YIELD_API_CPU,
    0,
  );
  for (const bad of ["-1", "2.5", "busy"]) {
    assert.throws(
      () => loadEmbeddingServiceConfig({ EMBEDDING_YIELD_API_CPU: bad }),
      (err: unknown) =>
        err instanceof ConfigError &&
        err.problems.some((p) => p.startsWith("EMBEDDING_YIELD_API_CPU")),
      bad,
    );
  }
});

Deno.test("embedding config: fresh work is late above 100 texts a second unless told otherwise", () => {
  assert.equal(loadEmbeddingServiceConfig({}).EMBEDDING_YIELD_BURST_PER_S, 100);
  assert.equal(
    loadEmbeddingServiceConfig({ EMBEDDING_YIELD_BURST_PER_S: "0" }).EMBEDDING_YIELD_BURST_PER_S,
    0,
  );
  for (const bad of ["-1", "1.5", "fast"]) {
    assert.throws(
      () => loadEmbeddingServiceConfig({ EMBEDDING_YIELD_BURST_PER_S: bad }),
      (err) =>
        err instanceof ConfigError &&
        err.problems.some((p) => p.startsWith("EMBEDDING_YIELD_BURST_PER_S")),
      bad,
    );
  }
});
