/**
 * The site benchmark's results: each run beside the bare Hono handler, the isolation runs,
 * and the Markdown summary `bench/results/site.md`.
 * @module
 */
import type { Machine } from "../common/machine.ts";
import * as md from "../common/markdown.ts";
import { targetText, verdict } from "../common/report.ts";
import type { SiteBenchConfig } from "./config.ts";
import type { spread } from "./data.ts";
import type { SeedReport } from "./seed.ts";
import { type ComparedResult, type IsolationResult, isolationRunsOf } from "./scenarios.ts";
import { datedJsonName } from "../common/proc.ts";

/** Everything a `deno task bench:site` run produced. */
export interface SiteReport {
  date: string;
  generated_at: string;
  config: SiteBenchConfig;
  machine: Machine;
  data: SeedReport & {
    listed_jobs: number;
    job_page_bytes: number;
    searches: number;
    matches_per_search: ReturnType<typeof spread>;
  };
  bare: ComparedResult;
  results: ComparedResult[];
  isolation: IsolationResult[];
  notes: string[];
}

const HEADERS = [
  "scenario",
  "req/s",
  "p50 ms",
  "p99 ms",
  "req/s ÷ bare",
  "p99 ÷ bare",
  "non-2xx",
  "errors",
  "target",
  "result",
];

/** The results table's rows: the bare handler first, then every run compared with it. */
export function resultRows(
  report: Pick<SiteReport, "bare" | "results" | "isolation">,
): string[][] {
  const runs = [
    report.bare,
    ...report.results,
    ...isolationRunsOf(report.isolation),
  ];
  return runs.map((r) => [
    r.scenario,
    r.requests_per_sec.toFixed(0),
    r.p50_ms.toFixed(1),
    r.p99_ms.toFixed(1),
    r.vs_bare?.throughput.toFixed(2) ?? "—",
    r.vs_bare?.p99.toFixed(2) ?? "—",
    String(r.non_2xx),
    String(r.errors),
    targetText(r),
    verdict(r),
  ]);
}

/** The isolation table's rows. */
export function isolationRows(runs: readonly IsolationResult[]): string[][] {
  return runs.map((i) => [
    i.api_load,
    i.site_pages,
    i.alone.p99_ms.toFixed(1),
    i.with_site_load.p99_ms.toFixed(1),
    i.p99_ratio.toFixed(2),
    `${i.site_load.offered_per_sec} / ${i.site_load.achieved_per_sec}`,
    i.site_load.p99_ms.toFixed(1),
    i.met ? "met" : `MISSED${i.rate_held ? "" : " (site load not delivered)"}`,
  ]);
}

/** The Markdown summary. */
export function siteMarkdown(report: SiteReport): string {
  const c = report.config;
  const d = report.data;
  const m = d.matches_per_search;
  const runs = [
    report.bare,
    ...report.results,
    ...isolationRunsOf(report.isolation),
  ];
  return `# Public site benchmark

Measured on ${report.date} (${report.generated_at}) with \`deno task bench:site\`:
${report.machine.loadGenerator}, ${c.threads} threads, ${c.connections} connections,
${c.durationS} s per run after a ${c.warmupS} s warm-up, over loopback against the site at
\`${c.siteUrl}\` with the whole system (\`deno task dev\`: every service, Kafka, Postgres) on
the same machine. Raw figures: \`${datedJsonName("site", report.date)}\`.

The yardstick is a bare Hono handler (\`bench/site/bare_hono.ts\`) answering the bytes of a real
job page (${d.job_page_bytes} bytes) from \`Deno.serve\` in a process of its own, loaded with
the same wrk settings in the same run; "÷ bare" divides a figure by the bare handler's.

## Results

${
    md.markdownTable(
      HEADERS.map((h) => (h === "result" ? "met / missed" : h)),
      resultRows(report),
      [1, 2, 3, 4, 5, 6, 7],
    )
  }

- **job-page**: one job's page, again and again; **job-page-many-ids**: ${c.ids} different
  jobs' pages in turn; **feed-search**: the feed with a city and a text search,
  ${d.searches} different (city, words) pairs drawn from the data in turn.
- Runs without a rate are closed loop: ${c.connections} connections, each sending its next
  request when the last is answered, so req/s is what the site sustains and p99 includes the
  queue of ${c.connections} requests at once. Runs "at N/s" are paced on a fixed schedule
  (open loop): p99 is the latency at that rate, and the target asks that ≥ 95% of the
  offered rate was answered. Their req/s is the rate offered, so "÷ bare" is left out.
- A target is met only when throughput and p99 are within it and no request failed.

${runs.map(md.statusLine).join("\n")}

## Isolation

The API's \`GET /v1/partner/jobs/:id\` (100 jobs of a fresh partner in turn), closed loop as in
the API benchmark and paced at ${c.apiRate} req/s, each alone and then while a second wrk offers
the site ${c.siteRate} page views a second: job pages of ${c.ids} jobs, or the same with every
10th view a feed search. The site load is paced on a fixed schedule (with enough connections to
hold it); its achieved rate is its responses ÷ its run's length. Target: p99 with the load ≤ ${
    report.isolation[0]?.max_ratio ?? "1.2"
  } × p99 alone, with the site load delivered (≥ 95%) and no request failed.

${
    md.markdownTable(
      [
        "API load",
        "site pages",
        "p99 alone ms",
        "p99 with site load ms",
        "ratio",
        "site views/s offered / achieved",
        "site p99 ms",
        "met / missed",
      ],
      isolationRows(report.isolation),
      [2, 3, 4, 6],
    )
  }

## Data

${d.listed_jobs} listed (active, undeleted) jobs; ${d.inserted} inserted by this run for
partner \`${d.partnerId}\` (${d.before} before, ${d.seconds.toFixed(1)} s including
\`VACUUM (ANALYZE) jobs\`, run before the measurements whatever autovacuum does; it is
\`${d.autovacuum}\` on this Postgres). Jobs found per feed search (before the 20-job page): min ${m.min}, median
${m.median}, max ${m.max}; ${m.zero} found none.

## Where the CPU went

${md.cpuIntro(report.machine.nproc)}

${runs.map(md.cpuDetail).join("\n")}
${md.observations(report.notes)}
## Machine

${md.machineTable(report.machine, report.generated_at)}
`;
}
