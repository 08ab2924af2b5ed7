import assert from "node:assert/strict";
import type { CpuUsage } from "../common/cpu.ts";
import type { LatencyStats } from "../common/stats.ts";
import { meets } from "../delivery/figures.ts";
import { fairnessMarkdown, figures, observations } from "./report.ts";
import { type FairnessResults, type HealthyRun, vsBare } from "./results.ts";
import { TEST_MACHINE } from "../common/machine_fixture.ts";

const stats = (p50: number, p95: number, max = p95): LatencyStats => ({
  count: 300,
  p50,
  p95,
  p99: max,
  max,
});

const cpu: CpuUsage = {
  cores: 2,
  machineBusyPct: 60,
  groups: [{ group: "bench (deno)", processes: 1, corePct: 70 }],
  top: [{ command: "deno", corePct: 70 }],
};

const healthy = (latency: LatencyStats, missing = 0): HealthyRun => ({
  rate: 5,
  duration_s: 60,
  missed_after_s: 30,
  max_schedule_slip_ms: 3,
  expected: 300,
  delivered: 300 - missing,
  missing,
  repeats: 0,
  latency_ms: latency,
  cpu,
});

/** A made-up run within every target; each test changes what it is about. */
function run(): FairnessResults {
  return {
    broker_warmup: { seconds: 60, produced: 900_000, consumed: 900_000 },
    bare_hono: { requests: 300, failed: 0, latency_ms: stats(2, 4, 9) },
    alone: healthy(stats(8, 14, 40)),
    beside_noisy: {
      ...healthy(stats(10, 20, 90)),
      noisy: {
        endpoints: 20,
        rate: 10,
        head_start_s: 15,
        events: 750,
        attempts_made: 240,
        in_flight: { max: 32, mean: 31.5 },
        claimed: { max: 49, mean: 33 },
        webhooks_in_flight_max: 20,
        pending_at_end: 14_000,
        settings: { partner_max_in_flight: 32, webhook_max_in_flight: 16, concurrency: 128 },
      },
    },
  };
}

const machine = TEST_MACHINE;

Deno.test("fairness report: a run within every target says so", () => {
  const r = run();
  assert.ok(figures(r).every(meets));
  const md = fairnessMarkdown(r, { at: new Date(0), machine, commit: "abc123" });
  assert.match(md, /Every target met\./);
  // bench:keep finds the run's raw figures by this name.
  assert.match(md, /raw figures `fairness-1970-01-01\.json`/);
  assert.match(md, /The broker was warmed up before the loads that use it: 60 s/);
  const cold = fairnessMarkdown({ ...r, broker_warmup: null }, {
    at: new Date(0),
    machine,
    commit: "abc123",
  });
  assert.match(cold, /The broker was not warmed up \(`BENCH_FAIRNESS_BROKER_WARMUP=0`\)/);
  assert.match(
    md,
    /\| healthy partner beside the noisy one \| 300 \| 300 \| 0 \| 10 \| 20 \| 90 \| 5 \|/,
  );
});

Deno.test("fairness report: each latency beside the bare handler's p95", () => {
  assert.equal(vsBare(stats(10, 20), stats(2, 4)), 5);
  assert.ok(Number.isNaN(vsBare(stats(10, 20), stats(0, 0))));
});

Deno.test("fairness report: missed events and a p95 over 1 s are misses, worded", () => {
  const r = run();
  r.beside_noisy = { ...r.beside_noisy, ...healthy(stats(900, 45_000, 60_000), 12) };
  const missed = figures(r).filter((f) => !meets(f)).map((f) => f.figure);
  assert.deepEqual(missed, ["event → first attempt p95", "events missed"]);
  const notes = observations(r);
  assert.match(notes[0]!, /^Missed: 12 of 300 .* beside the noisy partner .* within 30 s/);
  assert.match(notes[1]!, /p95 beside the noisy partner is 45000 ms/);
  const md = fairnessMarkdown(r, { at: new Date(0), machine, commit: "abc123" });
  assert.match(md, /Some targets MISSED/);
});

Deno.test("fairness report: the noisy partner over its cap is a miss", () => {
  const r = run();
  r.beside_noisy.noisy.in_flight.max = 128;
  const missed = figures(r).filter((f) => !meets(f)).map((f) => f.figure);
  assert.deepEqual(missed, ["requests out at once, max (sampled)"]);
});

Deno.test("fairness report: claims over the cap are context, not a miss (answered ones wait for their record)", () => {
  const r = run();
  r.beside_noisy.noisy.claimed.max = 64;
  assert.ok(figures(r).every(meets));
  assert.match(fairnessMarkdown(r, { at: new Date(0), machine, commit: "abc123" }), /\| 64 \|/);
});

Deno.test("fairness report: a stream of which nothing arrived is said so, not given as NaN", () => {
  const r = run();
  r.beside_noisy = {
    ...r.beside_noisy,
    ...healthy({ count: 0, p50: NaN, p95: NaN, p99: NaN, max: NaN }, 300),
  };
  assert.ok(!figures(r).filter((f) => f.figure.endsWith("p95")).every(meets));
  const notes = observations(r);
  assert.match(
    notes.at(-1)!,
    /^Beside the noisy partner none of the healthy partner's events arrived/,
  );
  assert.ok(!notes.some((n) => n.includes("NaN ms")));
});
