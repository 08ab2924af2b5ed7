import assert from "node:assert/strict";
import { TEST_MACHINE } from "../common/machine_fixture.ts";
import { BENCHMARK_BACKENDS } from "../common/rss.ts";
import { loadPipelineConfig } from "../pipeline/config.ts";
import { heapMarkdown, soakMarkdown } from "./report.ts";
import type { SoakRun } from "./soak.ts";
import { type Allowance, liveHeapAllowanceKiB, trendOf } from "./trend.ts";

const MIB = 1024;
/** One sample every 10 s for 10 minutes of private memory in MiB, from `mib(i)`. */
const trend = (mib: (i: number) => number, allowance?: Allowance) =>
  trendOf(
    Array.from({ length: 61 }, (_, i) => ({ at: i * 10_000, kib: mib(i) * MIB })),
    allowance,
  );
const heapTrend = (mib: (i: number) => number) => trend(mib, liveHeapAllowanceKiB);

const run = (trends: SoakRun["trends"], notJudged: string[] = []): SoakRun => ({
  minutes: 10,
  jobsOffered: 30_000,
  jobsCreated: 30_000,
  jobsReady: 30_000,
  readyByMinute: [],
  samples: [],
  trends,
  notJudged,
  heapCollections: {},
  heapTrends: {},
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

Deno.test("a group measured beside the system is shown with its figures but never named as growing", () => {
  const bench = BENCHMARK_BACKENDS;
  const md = soakMarkdown(
    run({ edge: trend(() => 120), [bench]: trend((i) => 40 + 2 * i) }, [bench]),
    loadPipelineConfig({}),
    TEST_MACHINE,
    new Date("2026-12-01T10:00:00Z"),
  );
  assert.match(md, /\*\*Verdict: no process grows without bound\*\*/);
  assert.match(
    md,
    /\| postgres \(the benchmark's own backends\) \| 40\.0 \|.*\| 16\.0 \| not judged: the benchmark's \|/,
  );
  assert.match(
    md,
    /postgres \(the benchmark's own backends\): measured beside the system, not judged/,
  );
});

Deno.test("the live heaps' verdict, and a private memory growing over a flat live heap said to be outside the objects", () => {
  const collections = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ s: i * 20, afterMiB: 40, reservedAfterMiB: 80 }));
  const md = heapMarkdown({
    trends: { embed: trend((i) => 300 + i), edge: trend(() => 150), site: trend(() => 30) },
    heapTrends: { embed: heapTrend(() => 40), edge: heapTrend((i) => 60 + i / 2) },
    heapCollections: { embed: collections(30), edge: collections(30), site: collections(2) },
  });
  assert.match(md, /\*\*Live heaps growing — edge\.\*\*/);
  assert.match(md, /The private memory of embed grew over a live heap that did not/);
  assert.match(md, /\| embed \| 30 \|.*\| bounded \| 80\.0 \|/);
  assert.match(md, /\| edge \| 30 \|.*\| 3\.00 \| 4\.0 \| GROWS \|/);
  assert.match(md, /\| site \| 2 \| fewer than three major collections: not judged \|/);

  const quiet = heapMarkdown({
    trends: { embed: trend(() => 300) },
    heapTrends: { embed: heapTrend(() => 40) },
    heapCollections: { embed: collections(30) },
  });
  assert.match(quiet, /\*\*No live heap grows\.\*\*/);
  assert.doesNotMatch(quiet, /grew over a live heap/);
});
