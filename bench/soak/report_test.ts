import assert from "node:assert/strict";
import { TEST_MACHINE } from "../common/machine_fixture.ts";
import { loadPipelineConfig } from "../pipeline/config.ts";
import { soakMarkdown } from "./report.ts";
import type { SoakRun } from "./soak.ts";
import { trendOf } from "./trend.ts";

const MIB = 1024;
/** One sample every 10 s for 10 minutes of private memory in MiB, from `mib(i)`. */
const trend = (mib: (i: number) => number) =>
  trendOf(Array.from({ length: 61 }, (_, i) => ({ at: i * 10_000, kib: mib(i) * MIB })));

const run = (trends: SoakRun["trends"]): SoakRun => ({
  minutes: 10,
  jobsOffered: 30_000,
  jobsCreated: 30_000,
  jobsReady: 30_000,
  readyByMinute: [],
  samples: [],
  trends,
  drainS: 1,
  autovacuum: null,
  timeline: [],
  ticks: [],
  brokerWarmup: null,
});

Deno.test("the soak report names what grows and the run's raw figures, as bench:keep reads them", () => {
  const cfg = loadPipelineConfig({});
  const at = new Date("2026-12-01T10:00:00Z");
  const bounded = soakMarkdown(run({ edge: trend(() => 120) }), cfg, TEST_MACHINE, at);
  assert.match(bounded, /\*\*Verdict: no process grows without bound\*\*/);
  assert.match(bounded, /Every sample: `soak-2026-12-01\.json`\./);
  const growing = soakMarkdown(
    run({ edge: trend(() => 120), kafka: trend((i) => 500 + 5 * i) }),
    cfg,
    TEST_MACHINE,
    at,
  );
  assert.match(growing, /\*\*Verdict: growing — kafka\*\*/);
  assert.match(growing, /\| kafka \|.*\| GROWS \|/);
});
