/**
 * The soak: the pipeline benchmark's system and load (`bench/pipeline/`) for
 * `BENCH_SOAK_MINUTES` at the target rate, the memory of every process sampled every
 * `BENCH_SOAK_SAMPLE_S` (judged on its private pages), every service's live heap after each
 * of V8's major collections (judged apart: a private memory that grows over a flat live heap is
 * not the program's objects), and the match_ready latency minute by minute (a backlog that builds
 * up shows there first).
 * @module
 */
import { SERVICES } from "../../deploy/local/services.ts";
import type { VacuumWork } from "../common/autovacuum.ts";
import type { BrokerWarmUp } from "../common/broker_warmup.ts";
import { GC_TRACE_FLAGS } from "../common/gc_trace.ts";
import type { Resident } from "../common/rss.ts";
import { type LatencyStats, statsBySlice } from "../common/stats.ts";
import type { PipelineConfig } from "../pipeline/config.ts";
import { jobBodies, type JobOutcome, offerLoad } from "../pipeline/load.ts";
import { drain, jobTimes, processGroups, readySystem, sampler } from "../pipeline/pipeline.ts";
import type { Stack } from "../pipeline/stack.ts";
import { step } from "../common/proc.ts";
import { collectionsDuringLoad, markLogs, type TimedCollection } from "./heap_log.ts";
import { type Tick, type TimelineWindow, timelineWindows } from "./timeline.ts";
import { timelineSampler } from "./timeline_sampler.ts";
import { liveHeapAllowanceKiB, type Trend, trendOf } from "./trend.ts";

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
  /** The groups measured beside the system, whose trends are shown but not judged. */
  notJudged: string[];
  /** Every service's major collections during the load, with its live heap after each. */
  heapCollections: Record<string, TimedCollection[]>;
  /** The verdict per service on its live heap, where it collected three times or more. */
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

/** Trends of every process's private memory over the samples. */
export function trends(samples: SoakRun["samples"]): Record<string, Trend> {
  const names = Object.keys(samples[0]?.resident ?? {});
  return Object.fromEntries(names.map((n) => [
    n,
    trendOf(samples.map((s) => ({ at: s.s * 1000, kib: s.resident[n]?.privateKiB ?? 0 }))),
  ]));
}

/** Trends of every service's live heap, where it made three major collections or more. */
export function heapTrends(collections: Record<string, TimedCollection[]>): Record<string, Trend> {
  return Object.fromEntries(
    Object.entries(collections).filter(([, cs]) => cs.length >= 3).map(([name, cs]) => [
      name,
      trendOf(cs.map((c) => ({ at: c.s * 1000, kib: c.afterMiB * 1024 })), liveHeapAllowanceKiB),
    ]),
  );
}

/** Runs the soak on a seeded stack. */
export async function runSoak(stack: Stack, cfg: PipelineConfig): Promise<SoakRun> {
  const logDir = `${Deno.env.get("TMPDIR") ?? "/tmp"}/bench-soak-logs`;
  const { system, apiKey, brokerWarmup } = await readySystem(stack, {
    logDir,
    brokerWarmupS: cfg.BENCH_PIPELINE_BROKER_WARMUP,
    env: { JOB_CACHE_BYTES: String(cfg.BENCH_SOAK_JOB_CACHE_BYTES) },
    flags: Object.fromEntries(SERVICES.map((s) => [s.name, GC_TRACE_FLAGS])),
  });
  const measure = async () => {
    const groups = await processGroups(stack, system);
    const sampling = sampler(groups, cfg.BENCH_SOAK_SAMPLE_S * 1000);
    const timing = timelineSampler(stack.owner, new URL(stack.databaseUrl).pathname.slice(1));
    const marks = await markLogs(system.services);
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
    const ticks = await timing.stop();
    await drain(stack);
    const stages = await jobTimes(stack.owner, outcomes.flatMap((o) => o.id ? [o.id] : []));
    const exited = system.services.exited();
    if (exited.length) throw new Error(`services exited during the soak: ${exited.join(", ")}`);
    const timed = samples.map((s) => ({
      s: Math.round((s.at - startedAt) / 1000),
      resident: s.resident,
    }));
    const run: Omit<SoakRun, "heapCollections" | "heapTrends"> = {
      minutes: cfg.BENCH_SOAK_MINUTES,
      jobsOffered: outcomes.length,
      jobsCreated: outcomes.filter((o) => o.id).length,
      jobsReady: outcomes.filter((o) => o.readyMs !== null).length,
      readyByMinute: byMinute(outcomes, startedAt),
      samples: timed,
      trends: trends(timed),
      notJudged: groups.filter((g) => g.judged === false).map((g) => g.name),
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
    return { run, marks, load: { from: startedAt, to: loadEnd } };
  };
  const { run, marks, load } = await measure().finally(() => system.services.stop());
  const heapCollections = await collectionsDuringLoad(system.services, marks, load);
  return { ...run, heapCollections, heapTrends: heapTrends(heapCollections) };
}
