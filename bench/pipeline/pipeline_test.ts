import assert from "node:assert/strict";
import { generateSeekers, SEEKER_CITIES } from "@hire/fixtures";
import { TEST_MACHINE } from "../common/machine_fixture.ts";
import { loadPipelineConfig } from "./config.ts";
import { pipelineFigures } from "./figures.ts";
import { pollDelay, schedule } from "./load.ts";
import type { PipelineRun } from "./pipeline.ts";
import { pipelineMarkdown } from "./report.ts";
import { COPY_COSINE, perturb, variantId, variantSeeker } from "./variants.ts";
import { createRandom } from "@hire/fixtures";

const unit = (n: number, seed: number) => {
  const rnd = createRandom(seed);
  const v = Float32Array.from({ length: n }, () => rnd.next() - 0.5);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
};
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

Deno.test("perturb keeps unit length at about the intended cosine", () => {
  const v = unit(1058, 3);
  const p = perturb(v, createRandom(4));
  assert.ok(Math.abs(Math.hypot(...p) - 1) < 1e-5);
  assert.ok(Math.abs(dot(v, p) - COPY_COSINE) < 0.005, `cosine ${dot(v, p)}`);
});

Deno.test("variantSeeker: copy 0 is the profile, later copies keep its text and move", () => {
  const profiles = generateSeekers(3, 1);
  const vectors = profiles.map((_, i) => unit(64, i + 10));
  const first = variantSeeker(profiles, vectors, 1, SEEKER_CITIES);
  assert.deepEqual(first.seeker, { ...profiles[1]!, id: variantId(1) });
  assert.equal(first.vector, vectors[1]);
  const copy = variantSeeker(profiles, vectors, 4, SEEKER_CITIES);
  assert.equal(copy.seeker.id, variantId(4));
  for (const field of ["headline", "summary", "skills"] as const) {
    assert.deepEqual(copy.seeker[field], profiles[1]![field]);
  }
  assert.ok(SEEKER_CITIES.some((c) => c.city === copy.seeker.city));
  assert.ok(copy.seeker.employment_types.length > 0);
  assert.ok(dot(copy.vector, vectors[1]!) > 0.95);
  assert.deepEqual(variantSeeker(profiles, vectors, 4, SEEKER_CITIES), copy, "deterministic");
  assert.notEqual(variantId(4), variantId(40));
});

Deno.test("schedule: rate × duration creates, evenly spaced", () => {
  assert.deepEqual(schedule(4, 1), [0, 250, 500, 750]);
  assert.equal(schedule(50, 60).length, 3000);
});

Deno.test("pipelineFigures: stages from the rows, errors counted by status, misses left out", () => {
  const outcomes = [
    { id: "a", status: 201, createdAt: 1000, readyMs: 300, polls: 4 },
    { id: "b", status: 201, createdAt: 2000, readyMs: null, polls: 600 },
    { status: 503, createdAt: 3000, readyMs: null, polls: 0 },
  ];
  const times = [
    { id: "a", createdAt: 990, readyAt: 1250, firstMatchAt: 1300, lastMatchAt: 1400, matches: 3 },
    { id: "b", createdAt: 1990, readyAt: null, firstMatchAt: null, lastMatchAt: null, matches: 0 },
  ];
  const f = pipelineFigures(outcomes, times);
  assert.equal(f.jobsOffered, 3);
  assert.equal(f.jobsCreated, 2);
  assert.deepEqual(f.createErrors, { "503": 1 });
  assert.equal(f.jobsReady, 1);
  assert.equal(f.readyMs.p95, 300);
  assert.equal(f.stages.createdToReady.p50, 250);
  assert.equal(f.stages.readyToFirstMatch.p50, 50);
  assert.equal(f.stages.readyToLastMatch.max, 150);
  assert.equal(f.stages.createdToReady.count, 1);
  assert.equal(f.matchesFound, 3);
  assert.equal(f.jobsWithMatches, 1);
  assert.equal(f.pollsPerJob, 302);
});

Deno.test("a job is polled 50 ms after its 201, then ever less often, at most once a second", () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7].map((n) => pollDelay(n, 50, 1000)), [
    50,
    100,
    200,
    400,
    800,
    1000,
    1000,
  ]);
});

Deno.test("the report judges the p95 and names the run's raw figures, as bench:keep reads them", () => {
  const figures = pipelineFigures(
    [{ id: "a", status: 201, createdAt: 1000, readyMs: 300, polls: 4 }],
    [{ id: "a", createdAt: 990, readyAt: 1250, firstMatchAt: 1300, lastMatchAt: 1400, matches: 3 }],
  );
  const resident = { edge: { processes: 1, rssKiB: 90_000, pssKiB: 50_000, privateKiB: 40_000 } };
  const run: PipelineRun = {
    seed: {
      fingerprint: "f",
      tablePrefix: "e5",
      alreadySeeded: true,
      embeddingsPerSec: null,
      writtenPerSec: null,
      seconds: null,
    },
    seekersInIndex: 100_000,
    graph: false,
    cache: { vectorBytes: 800 * 2 ** 20, sharedBuffersBytes: 2 * 2 ** 30 },
    jobsInIndex: 3001,
    figures,
    residentAtRest: resident,
    residentUnderLoadPeak: resident,
    residentUnderLoadLast: resident,
    profile: null,
    brokerWarmup: null,
    cpuUnderLoad: { cores: 2, machineBusyPct: 50, groups: [], top: [] },
  };
  const cfg = loadPipelineConfig({});
  const md = pipelineMarkdown(run, cfg, TEST_MACHINE, new Date(0), "pipeline-1970-01-01.json", "");
  assert.match(md, /\| 201 → match_ready p95 \(target ≤ 1000 ms\) \| 300 ms — met \|/);
  assert.match(md, /Raw figures: `pipeline-1970-01-01\.json`\./);
});
