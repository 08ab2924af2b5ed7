import assert from "node:assert/strict";
import { median, type Run, settingFigures } from "./figures.ts";

const run = (setting: string, requests: number, busy: number, corePct: number[]): Run => ({
  setting,
  requests,
  statuses: { "201": requests },
  latencyMs: { count: requests, p50: busy / 10, p95: busy / 5, p99: busy / 2, max: busy },
  cpu: {
    cores: 2,
    machineBusyPct: busy,
    groups: corePct.map((pct, i) => ({ group: `g${i}`, processes: 1, corePct: pct })),
    top: [],
  },
  transactionsPerRequest: 2,
});

Deno.test("median of odd and even counts, NaN of none", () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.ok(Number.isNaN(median([])));
});

Deno.test("a setting's figures are medians over its runs, CPU per request against the bare handler's", () => {
  // 10 s runs: 1,000 requests at 100/s; 50% of a core is 5 ms per request.
  const figures = settingFigures([
    run("bare", 1000, 10, [1]),
    run("0", 1000, 80, [50, 30]),
    run("20", 1000, 60, [30, 30]),
    run("0", 1000, 90, [70, 30]),
    run("20", 1000, 70, [40, 30]),
    run("0", 1000, 85, [60, 30]),
  ], 10);
  assert.deepEqual(figures.map((f) => [f.setting, f.runs]), [["bare", 1], ["0", 3], ["20", 2]]);
  const off = figures[1]!;
  assert.equal(off.machineBusyPct, 85);
  assert.equal(off.p99Ms, 42.5);
  assert.deepEqual(off.cpuMsPerRequest, { g0: 6, g1: 3 });
  assert.equal(off.totalCpuMsPerRequest, 9);
  assert.equal(off.cpuRatioToBare, 90);
  const on = figures[2]!;
  assert.equal(on.totalCpuMsPerRequest, 6.5);
  assert.equal(on.cpuRatioToBare, 65);
});
