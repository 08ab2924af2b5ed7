import assert from "node:assert/strict";
import type { Sql } from "@hire/db";
import type { EmbeddingProvider } from "@hire/embedding";
import { silentLogger } from "@hire/log";
import type { VectorIndex } from "@hire/vector";
import { loadEmbeddingServiceConfig } from "./config.ts";
import { pipelineDeps } from "./pipeline_deps.ts";

// The gate reads only the configuration and the API's load; the rest is carried, not used.
const carried = {
  sql: {} as Sql,
  provider: {} as EmbeddingProvider,
  index: {} as VectorIndex,
  log: silentLogger,
};
const cfg = loadEmbeddingServiceConfig({
  EMBEDDING_YIELD_API_CPU: "30",
  EMBEDDING_YIELD_LATE_MS: "5000",
  EMBEDDING_YIELD_MAX_WAIT_MS: "150",
});
const LATE = 5000;
const apiAt = (load: number) => ({ current: () => load, stop: () => Promise.resolve() });

Deno.test("late chunks wait while the API uses more CPU than configured, and not otherwise", async () => {
  const quiet = pipelineDeps(cfg, { ...carried, apiLoad: apiAt(0.3) });
  assert.equal(await quiet.admit(LATE), "free");
  const busy = pipelineDeps(cfg, { ...carried, apiLoad: apiAt(0.31) });
  assert.equal(await busy.admit(LATE - 1), "free", "fresh work goes however busy the API");
  const started = performance.now();
  assert.equal(await busy.admit(LATE), "yielded");
  assert.ok(performance.now() - started >= 140, "held for the longest wait first");
  assert.equal(await pipelineDeps(cfg, carried).admit(LATE), "free", "nobody listening: no gate");
});
