/**
 * The soak: the pipeline benchmark's system and load (`bench/pipeline/`) for
 * `BENCH_SOAK_MINUTES` at the target rate, the memory of every process sampled every
 * `BENCH_SOAK_SAMPLE_S` (judged on its private pages), every service's live heap read every
 * `BENCH_SOAK_HEAP_S` (judged apart: a resident size that grows over a flat live heap is not
 * the program's objects), and the match_ready latency minute by minute (a backlog that builds
 * up shows there first).
 * @module
 */
import { freePort } from "@hire/testing/ports.ts";
import { SERVICES } from "../../deploy/local/services.ts";
import type { VacuumWork } from "../common/autovacuum.ts";
import type { BrokerWarmUp } from "../common/broker_warmup.ts";
import { inspectFlag, type LiveHeap } from "../common/live_heap.ts";
import type { Resident } from "../common/rss.ts";
import { type LatencyStats, statsBySlice } from "../common/stats.ts";
import type { PipelineConfig } from "../pipeline/config.ts";
import { jobBodies, type JobOutcome, offerLoad } from "../pipeline/load.ts";
import { drain, jobTimes, processGroups, readySystem, sampler } from "../pipeline/pipeline.ts";
import type { Stack } from "../pipeline/stack.ts";
import { step } from "../common/proc.ts";
import { heapSampler } from "./heap_sampler.ts";
import { type Tick, type TimelineWindow, timelineWindows } from "./timeline.ts";
import { timelineSampler } from "./timeline_sampler.ts";
import { type Allowance, liveHeapAllowanceKiB, type Point, type Trend, trendOf } from "./trend.ts";

/** What a soak measured. */
export interface SoakRun {
  minutes: number;
  jobsOffered: number;
  jobsCreated: number;
  jobsReady: number;
  /** 201 → match_ready by minute of the load (by the create's minute). */
  readyByMinute: LatencyStats[];
  /** Every sample: seconds since the load started, resident size per process. */
  samples: { s: number; resident: Record<string, Resident> }[];
  /** The verdict per process, on its private memory (USS). */
  trends: Record<string, Trend>;
  /** Every read of the services' live heaps: seconds since the load started, heap per service. */
  heapSamples: { s: number; heap: Record<string, LiveHeap> }[];
  /** The verdict per service on its live heap (none without reads). */
  heapTrends: Record<string, Trend>;
  /** Seconds from the end of the load until the pipeline had drained. */
  drainS: number;
  /** What the autovacuum stand-in ran during the load; null when the server's autovacuum ran. */
  autovacuum: VacuumWork | null;
  /** The load in windows of `BENCH_SOAK_WINDOW_S`: the jobs' stages beside the machine's state. */
  timeline: TimelineWindow[];
  /** The timeline's samples, one a second. */
  ticks: Tick[];
  brokerWarmup: BrokerWarmUp | null;
}

/** 201 → match_ready by the minute each create was answered in. */
export function byMinute(outcomes: JobOutcome[], startedAt: number): LatencyStats[] {
  const ready = outcomes.flatMap((o) =>
    o.readyMs === null ? [] : [{ at: o.createdAt - startedAt, value: o.readyMs }]
  );
  return statsBySlice(ready, 60_000);
}

/** Trends of each process's figure `kib` over timed samples (none without samples). */
function trendsOf<T>(
  samples: { s: number; by: Record<string, T> }[],
  kib: (x: T | undefined) => number,
  allowance?: Allowance,
): Record<string, Trend> {
  if (samples.length === 0) return {};
  const names = Object.keys(samples[0]!.by);
  const points = (n: string): Point[] =>
    samples.map((s) => ({ at: s.s * 1000, kib: kib(s.by[n]) }));
  return Object.fromEntries(names.map((n) => [n, trendOf(points(n), allowance)]));
}

/** Trends of every process's private memory over the samples. */
export const trends = (samples: SoakRun["samples"]): Record<string, Trend> =>
  trendsOf(samples.map((x) => ({ s: x.s, by: x.resident })), (r) => r?.privateKiB ?? 0);

/** Trends of every service's live heap over the reads. */
export const heapTrends = (samples: SoakRun["heapSamples"]): Record<string, Trend> =>
  trendsOf(
    samples.map((x) => ({ s: x.s, by: x.heap })),
    (h) => (h?.usedBytes ?? 0) / 1024,
    liveHeapAllowanceKiB,
  );

/** Runs the soak on a seeded stack. */
export async function runSoak(stack: Stack, cfg: PipelineConfig): Promise<SoakRun> {
  for (
    const [name, everyS] of Object.entries({
      SAMPLE: cfg.BENCH_SOAK_SAMPLE_S,
      HEAP: cfg.BENCH_SOAK_HEAP_S,
    })
  ) {
    // A trend needs three samples; better said now than after the soak.
    if (everyS > 0 && cfg.BENCH_SOAK_MINUTES * 60 < 3 * everyS) {
      throw new Error(
        `BENCH_SOAK_${name}_S=${everyS}: fewer than three samples in ${cfg.BENCH_SOAK_MINUTES} minutes`,
      );
    }
  }
  const logDir = `${Deno.env.get("TMPDIR") ?? "/tmp"}/bench-soak-logs`;
  const inspectPorts: Record<string, number> = cfg.BENCH_SOAK_HEAP_S > 0
    ? Object.fromEntries(SERVICES.map((s) => [s.name, freePort()]))
    : {};
  const { system, apiKey, brokerWarmup } = await readySystem(stack, {
    logDir,
    brokerWarmupS: cfg.BENCH_PIPELINE_BROKER_WARMUP,
    env: { JOB_CACHE_BYTES: String(cfg.BENCH_SOAK_JOB_CACHE_BYTES) },
    flags: Object.fromEntries(
      Object.entries(inspectPorts).map(([name, port]) => [name, [inspectFlag(port)]]),
    ),
  });
  try {
    const groups = await processGroups(stack, system);
    const sampling = sampler(groups, cfg.BENCH_SOAK_SAMPLE_S * 1000);
    const heaps = heapSampler(inspectPorts, cfg.BENCH_SOAK_HEAP_S * 1000);
    const timing = timelineSampler(stack.owner, new URL(stack.databaseUrl).pathname.slice(1));
    const startedAt = Date.now();
    let ready = 0;
    const progress = setInterval(() => {
      step(`soak: ${Math.round((Date.now() - startedAt) / 1000)} s, ${ready} jobs match-ready`);
    }, 60_000);
    const outcomes = await offerLoad({
      edgeUrl: system.edgeUrl,
      apiKey,
      rate: cfg.BENCH_PIPELINE_RATE,
      durationS: cfg.BENCH_SOAK_MINUTES * 60,
      deadlineS: cfg.BENCH_PIPELINE_DEADLINE,
      pollMs: cfg.BENCH_PIPELINE_POLL_MS,
      pollMaxMs: cfg.BENCH_PIPELINE_POLL_MAX_MS,
      onOutcome: (o) => o.readyMs !== null && ready++,
    }, jobBodies());
    clearInterval(progress);
    const loadEnd = Date.now();
    const autovacuum = system.autovacuum?.done() ?? null;
    // Only the load's samples are judged: draining afterwards is another regime.
    const samples = (await sampling.stop()).filter((s) => s.at <= loadEnd);
    const heapReads = (await heaps.stop()).filter((s) => s.at <= loadEnd);
    const ticks = await timing.stop();
    await drain(stack);
    const stages = await jobTimes(stack.owner, outcomes.flatMap((o) => o.id ? [o.id] : []));
    const exited = system.services.exited();
    if (exited.length) throw new Error(`services exited during the soak: ${exited.join(", ")}`);
    const since = (at: number) => Math.round((at - startedAt) / 1000);
    const timed = samples.map((s) => ({ s: since(s.at), resident: s.resident }));
    const heapTimed = heapReads.map((h) => ({ s: since(h.at), heap: h.heap }));
    return {
      minutes: cfg.BENCH_SOAK_MINUTES,
      jobsOffered: outcomes.length,
      jobsCreated: outcomes.filter((o) => o.id).length,
      jobsReady: outcomes.filter((o) => o.readyMs !== null).length,
      readyByMinute: byMinute(outcomes, startedAt),
      samples: timed,
      trends: trends(timed),
      heapSamples: heapTimed,
      heapTrends: heapTrends(heapTimed),
      drainS: Math.round((Date.now() - loadEnd) / 1000),
      autovacuum,
      timeline: timelineWindows(
        { startedAt, endedAt: loadEnd, windowS: cfg.BENCH_SOAK_WINDOW_S },
        ticks,
        stages,
      ),
      ticks,
      brokerWarmup,
    };
  } finally {
    await system.services.stop();
  }
}
