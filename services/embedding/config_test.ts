import assert from "node:assert/strict";
import { ConfigError } from "@hire/config";
import { loadEmbeddingServiceConfig } from "./config.ts";

/** Each of `bads` as `name` is refused, the problem naming the variable. */
function assertRefused(name: string, bads: string[]): void {
  for (const bad of bads) {
    assert.throws(
      () => loadEmbeddingServiceConfig({ [name]: bad }),
      (err: unknown) => err instanceof ConfigError && err.problems.some((p) => p.startsWith(name)),
      bad,
    );
  }
}

Deno.test("embedding config: the service runs at nice 10 unless told otherwise", () => {
  assert.equal(loadEmbeddingServiceConfig({}).EMBEDDING_NICE, 10);
  assert.equal(loadEmbeddingServiceConfig({ EMBEDDING_NICE: "0" }).EMBEDDING_NICE, 0);
  assert.equal(loadEmbeddingServiceConfig({ EMBEDDING_NICE: "19" }).EMBEDDING_NICE, 19);
});

Deno.test("embedding config: a nice value outside 0–19 or not a whole number is refused", () => {
  assertRefused("EMBEDDING_NICE", ["-5", "20", "2.5", "low"]);
});

Deno.test("embedding config: the yield gate holds above 30% of a core of API CPU unless told otherwise", () => {
  assert.equal(loadEmbeddingServiceConfig({}).EMBEDDING_YIELD_API_CPU, 30);
  assert.equal(
    loadEmbeddingServiceConfig({ EMBEDDING_YIELD_API_CPU: "0" }).EMBEDDING_YIELD_API_CPU,
    0,
  );
  assertRefused("EMBEDDING_YIELD_API_CPU", ["-1", "2.5", "busy"]);
});

Deno.test("embedding config: fresh work is late above 100 texts a second unless told otherwise", () => {
  assert.equal(loadEmbeddingServiceConfig({}).EMBEDDING_YIELD_BURST_PER_S, 100);
  assert.equal(
    loadEmbeddingServiceConfig({ EMBEDDING_YIELD_BURST_PER_S: "0" }).EMBEDDING_YIELD_BURST_PER_S,
    0,
  );
  assertRefused("EMBEDDING_YIELD_BURST_PER_S", ["-1", "1.5", "fast"]);
});
