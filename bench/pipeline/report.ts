/**
 * The pipeline benchmark's Markdown summary: pure, from a run's figures.
 * @module
 */
import { describeBrokerWarmUp } from "../common/broker_warmup.ts";
import type { Machine } from "../common/machine.ts";
import { cpuLine } from "../common/markdown.ts";
import { mib, type Resident } from "../common/rss.ts";
import type { LatencyStats } from "../common/stats.ts";
import type { PipelineConfig } from "./config.ts";
import type { PipelineRun } from "./pipeline.ts";

/** The issue's target: 201 → match_ready p95. */
export const TARGET_P95_MS = 1000;

/** Whether a run met the target: every job ready in time and the p95 within it. */
export const targetMet = (run: PipelineRun): boolean =>
  run.figures.jobsReady === run.figures.jobsOffered && run.figures.readyMs.p95 <= TARGET_P95_MS;

const ms = (x: number) => Number.isNaN(x) ? "n/a" : `${x} ms`;
const row = (what: string, s: LatencyStats) =>
  `| ${what} | ${s.count} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`;

/** A table of resident sizes, at rest and under load. */
export function residentTable(
  atRest: Record<string, Resident>,
  peak: Record<string, Resident>,
): string {
  const lines = Object.entries(atRest).map(([name, r]) => {
    const p = peak[name];
    return `| ${name} | ${r.processes} | ${mib(r.rssKiB)} | ${p ? mib(p.rssKiB) : "n/a"} | ${
      mib(r.pssKiB)
    } | ${p ? mib(p.pssKiB) : "n/a"} |`;
  });
  return [
    "| process | processes | RSS at rest (MiB) | RSS under load, peak (MiB) | PSS at rest (MiB) | PSS under load, peak (MiB) |",
    "| --- | --- | --- | --- | --- | --- |",
    ...lines,
  ].join("\n");
}

/** The summary of a run. */
export function pipelineMarkdown(
  run: PipelineRun,
  cfg: PipelineConfig,
  machine: Machine,
  at: Date,
  rawFile: string,
  notes: string,
): string {
  const f = run.figures;
  const seed = run.seed.alreadySeeded
    ? "already seeded (the database kept from an earlier run with the same seed)"
    : `seeded in ${run.seed.seconds?.toFixed(0)} s: ${
      run.seed.embeddingsPerSec?.toFixed(1)
    } distinct profiles/s through the model, ${
      run.seed.writtenPerSec?.toFixed(0)
    } seekers/s written`;
  const errors = Object.entries(f.createErrors).map(([s, n]) => `${n} × ${s}`).join(", ") ||
    "none";
  return `# Pipeline benchmark

Measured on ${at.toISOString()} with \`deno task bench:pipeline\`${
    cfg.BENCH_PIPELINE_LABEL ? ` (\`BENCH_PIPELINE_LABEL=${cfg.BENCH_PIPELINE_LABEL}\`)` : ""
  }: ${run.seekersInIndex.toLocaleString("en")} seekers in the index (pgvector, ${
    run.graph ? "with an HNSW graph" : "no HNSW graph: each search scans its block"
  }; its tables ${mib(run.cache.vectorBytes / 1024)} MB, Postgres's \`shared_buffers\` ${
    mib(run.cache.sharedBuffersBytes / 1024)
  } MB; ${
    cfg.BENCH_SEED_DISTINCT.toLocaleString("en")
  } distinct profiles embedded by the model, the rest copies of them, see bench/README.md),
${run.jobsInIndex.toLocaleString("en")} match-ready jobs, ${cfg.BENCH_PIPELINE_RATE} jobs/s created
for ${cfg.BENCH_PIPELINE_DURATION} s through the API (open loop), each read with GET (${cfg.BENCH_PIPELINE_POLL_MS} ms after the 201, then waits doubling to ${cfg.BENCH_PIPELINE_POLL_MAX_MS} ms) until
\`match_ready: true\`. Every service runs as its own process, as \`deno task dev\` runs them, on
database \`${cfg.BENCH_PIPELINE_DATABASE}\` and topics \`bench.pipeline.*\`; Kafka, Postgres, the
services and the client share the machine below${
    cfg.BENCH_PIPELINE_PROFILE
      ? `; the ${cfg.BENCH_PIPELINE_PROFILE} service ran under \`--cpu-prof\``
      : ""
  }. Seed: ${seed}. The broker was ${
    describeBrokerWarmUp(run.brokerWarmup, "BENCH_PIPELINE_BROKER_WARMUP")
  } Raw figures: \`${rawFile}\`.

| figure | value |
| --- | --- |
| jobs offered / created (201) / match-ready within ${cfg.BENCH_PIPELINE_DEADLINE} s | ${f.jobsOffered} / ${f.jobsCreated} / ${f.jobsReady} |
| creates not answered 201 | ${errors} |
| 201 → match_ready p95 (target ≤ ${TARGET_P95_MS} ms) | ${ms(f.readyMs.p95)} — ${
    targetMet(run) ? "met" : "MISSED"
  } |
| job.matched pairs recorded for these jobs | ${
    f.matchesFound.toLocaleString("en")
  } (${f.jobsWithMatches} jobs with at least one) |
| GETs per job until ready | ${f.pollsPerJob} |

CPU from the first create until every job was seen ready or given up (\`/proc\`; the load
generator is the benchmark's own process): ${cpuLine(run.cpuUnderLoad)}.

Where the time goes (ms; the stages from the rows' timestamps, Postgres's clock on the same machine):

| span | jobs | p50 | p95 | p99 | max |
| --- | --- | --- | --- | --- | --- |
${row("201 → match_ready seen by GET (the figure)", f.readyMs)}
${row("201 → first_ready_at (the pipeline, without polling)", f.stages.createdToReady)}
${row("first_ready_at → first pair recorded (matching)", f.stages.readyToFirstMatch)}
${row("first_ready_at → last pair recorded (matching)", f.stages.readyToLastMatch)}

Resident memory (\`/proc/<pid>/status\` VmRSS; PSS from \`smaps_rollup\` shares shared pages out,
so Postgres's shared buffers are not counted once per backend). At rest: after the warm-up job, the
system drained; under load: the largest of the samples taken every 5 s during the load and until
matching had drained. Postgres's server processes and the Kafka broker are shared with the other
work on this machine.

${residentTable(run.residentAtRest, run.residentUnderLoadPeak)}
${
    run.profile
      ? `
The ${cfg.BENCH_PIPELINE_PROFILE} service's CPU profile over the load: \`${run.profile.file}\` (${
        run.profile.summary.busyMs.toFixed(0)
      } ms busy of ${run.profile.summary.sampledMs.toFixed(0)} ms sampled). Self time by area:
${
        run.profile.summary.selfByArea.slice(0, 8).map((a) => `${a.area} ${a.pct.toFixed(1)}%`)
          .join(", ")
      }. Top self time: ${
        run.profile.summary.topSelf.slice(0, 8).map((t) => `\`${t.name}\` ${t.pct.toFixed(1)}%`)
          .join(", ")
      }.
`
      : ""
  }
${notes}
Machine: ${machine.nproc} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, ${machine.os},
${machine.deno}, ${machine.postgres}, ${machine.kafka}.
`;
}
