/**
 * The bulk create benchmark's pure parts: one call's body, and the report of the timings.
 * @module
 */
import { type LatencyStats, roundedStats } from "../common/stats.ts";
import { jobBody } from "../common/load.ts";
import type { Machine } from "../common/machine.ts";
import { datedJsonName } from "../common/proc.ts";

/** The target for one 100-job call. */
export const BULK_TARGET_P99_MS = 300;

/** A bulk body of `n` distinct valid jobs. */
export function bulkBody(n: number, nonce: string): { jobs: unknown[] } {
  return { jobs: Array.from({ length: n }, (_, i) => jobBody(`Bulk ${nonce} ${i + 1}`)) };
}

/** What one run measured. */
export interface BulkRun {
  jobsPerCall: number;
  calls: number;
  concurrency: number;
  /** Wall-clock time of each call, 207 answered in full, in milliseconds. */
  latency: LatencyStats;
  /** Jobs created per call, summed, and items reported as errors. */
  created: number;
  itemErrors: number;
  /** Responses other than 207. */
  failedCalls: number;
  jobsPerSec: number;
}

/** Whether a run meets the target: every call answered, every job created, p99 in time. */
export function meetsTarget(r: BulkRun): boolean {
  return r.failedCalls === 0 && r.itemErrors === 0 &&
    r.created === r.calls * r.jobsPerCall && r.latency.p99 <= BULK_TARGET_P99_MS;
}

/** The Markdown report of the runs. */
export function bulkMarkdown(
  runs: readonly BulkRun[],
  ctx: { at: Date; machine: Machine; baseUrl: string },
): string {
  const rows = runs.map((r) => {
    const l = roundedStats(r.latency);
    return `| ${r.concurrency} | ${r.calls} | ${l.p50} | ${l.p95} | ${l.p99} | ${l.max} | ${
      Math.round(r.jobsPerSec)
    } | ${r.created} | ${r.itemErrors} | ${r.failedCalls} | ${meetsTarget(r) ? "met" : "MISSED"} |`;
  });
  const m = ctx.machine;
  return `# Bulk create benchmark

Measured on ${ctx.at.toISOString()} (raw figures: \`${
    datedJsonName("bulk", ctx.at)
  }\`) with \`deno task bench:bulk\`: \`POST /v1/partner/jobs/bulk\`
with ${runs[0]?.jobsPerCall ?? 0} valid jobs per call against the edge at \`${ctx.baseUrl}\`, after
a warm-up. Each call is timed from sending the request to reading the whole 207. Target: p99 ≤
${BULK_TARGET_P99_MS} ms for one call, all jobs created.

| concurrent calls | calls | p50 ms | p95 ms | p99 ms | max ms | jobs/s | jobs created | item errors | failed calls | target |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |
${rows.join("\n")}

The target is the one-call row (concurrency 1); the rows with more calls at once show how the
latency grows when several partners send bulk calls together.

Machine: ${m.nproc} × ${m.cpuModel}, ${m.memoryGiB} GiB, ${m.os}, ${m.deno}, ${m.postgres},
${m.kafka}. Everything (Kafka, Postgres, the services, the client) shares it.
`;
}
