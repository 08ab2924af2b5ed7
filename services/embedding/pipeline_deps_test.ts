import assert from "node:assert/strict";
import type { Sql } from "@hire/db";
import type { EmbeddingProvider } from "@hire/embedding";
import { silentLogger } from "@hire/log";
import type { VectorIndex } from "@hire/vector";
import { loadEmbeddingServiceConfig } from "./config.ts";
import { deferUntil, pipelineDeps } from "./pipeline_deps.ts";

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
const apiAt = (load: number) => ({ current: () => load, stop: () => Promise.resolve() });

Deno.test("late chunks wait while the API uses more CPU than configured, and not otherwise", async () => {
  const quiet = pipelineDeps(cfg, { ...carried, apiLoad: apiAt(0.3) });
  assert.equal(quiet.gate.lateAfterMs(), 5000);
  assert.equal(await quiet.gate.admitLate(true), "free");
  const busy = pipelineDeps(cfg, { ...carried, apiLoad: apiAt(0.31) });
  assert.equal(await busy.gate.admitLate(false), "deferred", "a consumer defers");
  const started = performance.now();
  assert.equal(await busy.gate.admitLate(true), "yielded");
  assert.ok(performance.now() - started >= 140, "held for the longest wait first");
  const ungated = pipelineDeps(cfg, carried).gate;
  assert.equal(ungated.lateAfterMs(), Infinity, "nobody listening: no gate, nothing is late");
  ungated.arrived(1_000_000);
  assert.equal(ungated.lateAfterMs(), Infinity, "nor during a burst");
  assert.equal(await ungated.admitLate(false), "free");
});

Deno.test("deferred work is due for the sweeper a few seconds on", () => {
  const deps = pipelineDeps(cfg, carried);
  const at = new Date("2026-11-29T08:00:00Z");
  assert.equal(deferUntil({ ...deps, now: () => at }).getTime(), at.getTime() + deps.deferMs);
  assert.ok(deps.deferMs >= 1000 && deps.deferMs <= 60_000);
});

Deno.test("a burst above the configured rate makes fresh work late; 0 turns the rule off", () => {
  const gateAt = (burstPerSecond: string) =>
    pipelineDeps(
      loadEmbeddingServiceConfig({
        EMBEDDING_YIELD_LATE_MS: "5000",
        EMBEDDING_YIELD_BURST_PER_S: burstPerSecond,
      }),
      { ...carried, apiLoad: apiAt(0) },
    ).gate;
  // A gate just made counts over the time it has watched, at least a second.
  const gate = gateAt("10");
  gate.arrived(10);
  assert.equal(gate.lateAfterMs(), 5000, "10 in its first second is not above 10 a second");
  gate.arrived(41);
  assert.equal(gate.lateAfterMs(), 0, "51 is, over the whole 5 s span or any part of it");
  const off = gateAt("0");
  off.arrived(1_000_000);
  assert.equal(off.lateAfterMs(), 5000);
});
