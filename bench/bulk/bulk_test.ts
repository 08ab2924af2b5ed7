import assert from "node:assert/strict";
import { BULK_TARGET_P99_MS, bulkBody, bulkMarkdown, type BulkRun, meetsTarget } from "./bulk.ts";
import { latencyStats } from "../common/stats.ts";
import { TEST_MACHINE } from "../common/machine_fixture.ts";

const run = (over: Partial<BulkRun> = {}): BulkRun => ({
  jobsPerCall: 100,
  calls: 3,
  concurrency: 1,
  latency: latencyStats([120, 150, 180]),
  created: 300,
  itemErrors: 0,
  failedCalls: 0,
  jobsPerSec: 600,
  ...over,
});

Deno.test("bulkBody: n distinct jobs", () => {
  const body = bulkBody(100, "x");
  assert.equal(body.jobs.length, 100);
  const titles = new Set(body.jobs.map((j) => (j as { title: string }).title));
  assert.equal(titles.size, 100);
});

Deno.test("meetsTarget: p99 within the target and every job created", () => {
  assert.equal(meetsTarget(run()), true);
  assert.equal(meetsTarget(run({ latency: latencyStats([100, BULK_TARGET_P99_MS + 1]) })), false);
  assert.equal(meetsTarget(run({ latency: latencyStats([100, BULK_TARGET_P99_MS]) })), true);
  assert.equal(meetsTarget(run({ created: 299 })), false);
  assert.equal(meetsTarget(run({ itemErrors: 1 })), false);
  assert.equal(meetsTarget(run({ failedCalls: 1 })), false);
});

Deno.test("bulkMarkdown: one row per run with its figures and verdict", () => {
  const md = bulkMarkdown([run(), run({ concurrency: 4, latency: latencyStats([900]) })], {
    at: new Date("2026-11-22T12:00:00Z"),
    machine: { ...TEST_MACHINE, cpuModel: "CPU" },
    baseUrl: "http://127.0.0.1:8080",
  });
  assert.match(md, /\| 1 \| 3 \| 150 \| 180 \| 180 \| 180 \| 600 \| 300 \| 0 \| 0 \| met \|/);
  assert.match(md, /\| 4 \| 3 \| 900 \| 900 \| 900 \| 900 \| 600 \| 300 \| 0 \| 0 \| MISSED \|/);
  assert.match(md, /2 × CPU/);
  assert.match(md, /raw figures: `bulk-2026-11-22\.json`/);
});
