/**
 * The soak's Markdown summary: pure.
 * @module
 */
import { describeBrokerWarmUp } from "../common/broker_warmup.ts";
import type { Machine } from "../common/machine.ts";
import { vacuumSentence } from "../common/autovacuum.ts";
import { datedJsonName } from "../common/proc.ts";
import { mib } from "../common/rss.ts";
import type { PipelineConfig } from "../pipeline/config.ts";
import type { SoakRun } from "./soak.ts";
import { slowWindows, type TimelineWindow, typicalWindow } from "./timeline.ts";
import type { Trend } from "./trend.ts";

const ms = (x: number) => Number.isNaN(x) ? "n/a" : `${Math.round(x)}`;
const pct = (x: number) => Number.isNaN(x) ? "n/a" : `${Math.round(x)}%`;
const top = (entries: [string, number][], n: number, unit: string) =>
  entries.slice(0, n).map(([k, v]) => `${k} ${v.toFixed(unit === "%" ? 0 : 1)}${unit}`).join(
    "; ",
  ) || "none";

/** One row of the timeline's table. */
function windowRow(label: string, w: TimelineWindow): string {
  return `| ${label} | ${ms(w.created)} | ${ms(w.toReadyP95)} | ${ms(w.toFirstMatchP95)} | ${
    pct(w.busyPct)
  } | ${top(w.groups, 4, "%")} | ${pct(w.pressure.cpu)} / ${pct(w.pressure.io)} / ${
    pct(w.pressure.memory)
  } | ${Number.isNaN(w.walMiBPerS) ? "n/a" : w.walMiBPerS.toFixed(1)} | ${top(w.waits, 4, "")} |`;
}

/** The slow windows of the timeline beside the typical one. */
export function timelineMarkdown(
  run: Pick<SoakRun, "timeline">,
  cfg: Pick<PipelineConfig, "BENCH_SOAK_WINDOW_S" | "BENCH_SOAK_SLOW_MS">,
): string {
  const slow = slowWindows(run.timeline, cfg.BENCH_SOAK_SLOW_MS);
  const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  return `Timeline (\`timeline.ts\`): the load in windows of ${cfg.BENCH_SOAK_WINDOW_S} s, each
with the p95 of the two stages of the jobs created in it (from the rows' timestamps) and the
machine as sampled every second: the machine's busy share, the busiest process groups (% of a
core), the share of time some task stalled on CPU, I/O and memory (Linux PSI), the WAL written,
and Postgres's processes by wait (mean count per sample; client backends while running a
statement). ${
    slow.length === 0
      ? `No window's jobs took over ${cfg.BENCH_SOAK_SLOW_MS} ms at p95 in either stage.`
      : `${slow.length} of ${run.timeline.length} windows' jobs took over ${cfg.BENCH_SOAK_SLOW_MS} ms at p95 in a stage; they are listed beside the median window.`
  }

| window | jobs | 201 → ready p95 ms | ready → first pair p95 ms | machine busy | busiest (% of a core) | stall cpu / io / mem | WAL MiB/s | Postgres waits |
| --- | ---: | ---: | ---: | ---: | --- | --- | ---: | --- |
${
    [
      windowRow("median window", typicalWindow(run.timeline)),
      ...slow.map((w) =>
        windowRow(`${mmss(w.startS)}–${mmss(w.startS + cfg.BENCH_SOAK_WINDOW_S)}`, w)
      ),
    ].join("\n")
  }
`;
}

/** A trend's cells of a table row: first to verdict. */
const trendCells = (t: Trend, verdict = t.grows ? "GROWS" : "bounded") =>
  `${mib(t.firstKiB)} | ${mib(t.middleMeanKiB)} | ${mib(t.lastMeanKiB)} | ${mib(t.lastKiB)} | ${
    mib(t.maxKiB)
  } | ${(t.slopeKiBPerMin / 1024).toFixed(2)} | ${mib(t.allowanceKiB)} | ${verdict}`;

const growingIn = (trends: Record<string, Trend>, notJudged: readonly string[] = []) =>
  Object.entries(trends).filter(([n, t]) => t.grows && !notJudged.includes(n)).map(([n]) => n);

/** The live heaps' table and what it says of the processes whose private memory grew. */
export function heapMarkdown(run: Pick<SoakRun, "trends" | "heapTrends" | "heapCollections">) {
  const rows = Object.entries(run.heapCollections).map(([name, cs]) => {
    const t = run.heapTrends[name];
    const cells = t
      ? trendCells(t)
      : "fewer than three major collections: not judged | | | | | | |";
    const reserved = cs.at(-1)?.reservedAfterMiB;
    return `| ${name} | ${cs.length} | ${cells} | ${
      reserved === undefined ? "n/a" : reserved.toFixed(1)
    } |`;
  });
  const growing = growingIn(run.heapTrends);
  const outside = growingIn(run.trends).filter((n) => run.heapTrends[n]?.grows === false);
  return `Live JavaScript heap (MiB): every service's objects left after each of V8's own major
collections during the load, as V8 prints it (\`--trace-gc\`, \`common/gc_trace.ts\`; nothing
forced, nothing attached), judged as above with an allowance of max(4 MiB, 5%); beside it, the
heap V8 kept reserved after the last. **${
    growing.length ? `Live heaps growing — ${growing.join(", ")}` : "No live heap grows"
  }.**${
    outside.length
      ? ` The private memory of ${
        outside.join(", ")
      } grew over a live heap that did not: what grew there is not the program's objects but garbage awaiting a collection, pages V8 or the allocator kept, or native memory (onnxruntime's, kafkajs's buffers).`
      : ""
  }

| service | major collections | first | middle third mean | last third mean | last | max | slope (MiB/min, last two thirds) | allowance | verdict | reserved after the last |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join("\n")}
`;
}

/** The summary of a soak. */
export function soakMarkdown(run: SoakRun, cfg: PipelineConfig, machine: Machine, at: Date) {
  const growing = growingIn(run.trends, run.notJudged);
  const last = run.samples.at(-1)?.resident ?? {};
  const trendRows = Object.entries(run.trends).map(([name, t]) =>
    `| ${name} | ${
      trendCells(t, run.notJudged.includes(name) ? "not judged: the benchmark's" : undefined)
    } | ${last[name] ? mib(last[name].rssKiB) : "n/a"} | ${
      last[name] ? mib(last[name].pssKiB) : "n/a"
    } |`
  );
  const minuteRows = run.readyByMinute.map((s, i) =>
    `| ${i + 1} | ${s.count} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`
  );
  return `# Memory soak

Measured on ${at.toISOString()} with \`deno task bench:soak\`: the pipeline benchmark's system
(every service its own process, database \`${cfg.BENCH_PIPELINE_DATABASE}\` with
${
    cfg.BENCH_SEEKERS.toLocaleString("en")
  } seekers in the index) under ${cfg.BENCH_PIPELINE_RATE} creates/s for
${run.minutes} minutes, each job read with GET (waits from ${cfg.BENCH_PIPELINE_POLL_MS} ms doubling to ${cfg.BENCH_PIPELINE_POLL_MAX_MS} ms) until match-ready; the
memory of every process sampled every ${cfg.BENCH_SOAK_SAMPLE_S} s during the load. The edge's job cache
is ${
    mib(cfg.BENCH_SOAK_JOB_CACHE_BYTES / 1024)
  } MiB (\`BENCH_SOAK_JOB_CACHE_BYTES\`), so that it fills
within the first third. The broker was ${
    describeBrokerWarmUp(run.brokerWarmup, "BENCH_PIPELINE_BROKER_WARMUP")
  } During the load: ${vacuumSentence(run.autovacuum)}

**Verdict: ${
    growing.length ? `growing — ${growing.join(", ")}` : "no process grows without bound"
  }** (judged on each process's private memory, the pages no other process maps (USS; a
Postgres group's shared buffers are not in it): a process grows when its last third's mean and
its last sample are both above the middle third's mean by more than the allowance, max(16 MiB,
5%), with a positive slope; the first third is warm-up). Jobs: ${run.jobsOffered} offered,
${run.jobsCreated} created, ${run.jobsReady} match-ready within ${cfg.BENCH_PIPELINE_DEADLINE} s; the
pipeline drained ${run.drainS} s after the load.

Private memory (MiB), and the last sample's RSS and PSS${
    run.notJudged.length
      ? ` (${
        run.notJudged.join(", ")
      }: measured beside the system, not judged; the benchmark's own backends are its reads and its autovacuum stand-in's VACUUMs, logged in as the database's owner)`
      : ""
  }:

| process | first | middle third mean | last third mean | last | max | slope (MiB/min, last two thirds) | allowance | verdict | RSS last | PSS last |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${trendRows.join("\n")}

${heapMarkdown(run)}
Postgres's server processes and the Kafka broker are shared with other work on this machine;
their figures include it. A Postgres group's RSS counts shared buffers once per process; PSS
shares them out.

201 → match_ready by minute of the load (ms):

| minute | jobs ready | p50 | p95 | p99 | max |
| --- | --- | --- | --- | --- | --- |
${minuteRows.join("\n")}

${timelineMarkdown(run, cfg)}
Machine: ${machine.nproc} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, ${machine.os},
${machine.deno}, ${machine.postgres}, ${machine.kafka}. Every sample: \`${
    datedJsonName("soak", at)
  }\`.
`;
}
