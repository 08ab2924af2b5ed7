import assert from "node:assert/strict";
import { treePath } from "./config.ts";
import type { Run } from "./figures.ts";
import { batchWindowMarkdown, type BatchWindowReport } from "./report.ts";
import { TEST_MACHINE } from "../common/machine_fixture.ts";

const run = (setting: string): Run => ({
  setting,
  requests: 100,
  statuses: { "201": 100 },
  latencyMs: { count: 100, p50: 5, p95: 9, p99: 10, max: 12 },
  cpu: {
    cores: 2,
    machineBusyPct: 50,
    groups: [{ group: "edge", processes: 1, corePct: 20 }],
    top: [],
  },
  transactionsPerRequest: 2,
});

const report = (base: string | undefined, settings: string[]): BatchWindowReport => ({
  date: "2026-11-29",
  generated_at: "2026-11-29T05:00:00.000Z",
  commit: "abc1234",
  config: { rate: 200, warmupS: 5, seconds: 15, repetitions: 1, windowMs: 20, base, database: "d" },
  machine: TEST_MACHINE,
  runs: settings.map(run),
});

Deno.test("the report names the windows it compared, or the two trees and their files", () => {
  const windows = batchWindowMarkdown(report(undefined, ["bare", "0", "20"]));
  assert.match(windows, /^# The job service's batch window/);
  assert.match(windows, /JOB_BATCH_WINDOW_MS=20 \|/);
  assert.match(windows, /`batch-window-2026-11-29\.json`/);

  const trees = batchWindowMarkdown(
    report("/tmp/before/", ["bare", "base 8dfcb52", "this tree abc1234"]),
  );
  assert.match(trees, /^# Two trees/);
  assert.match(trees, /BENCH_BATCH_WINDOW_BASE=\/tmp\/before\//);
  assert.match(trees, /create, edge \+ job service of base 8dfcb52 \|/);
  assert.match(trees, /create, edge \+ job service of this tree abc1234 \|/);
  assert.match(trees, /`batch-window-ab-2026-11-29\.json`/);
});

Deno.test("a base tree's path gets the trailing slash the services' cwd needs", () => {
  assert.equal(treePath("/tmp/before"), "/tmp/before/");
  assert.equal(treePath("/tmp/before/"), "/tmp/before/");
  assert.equal(treePath(""), undefined);
  assert.equal(treePath(undefined), undefined);
});
