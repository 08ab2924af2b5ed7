/**
 * The console benchmark's results: each page beside the bare Hono handler of the same run,
 * the pages not measured and why, the data and the machine; `bench/results/console.md`.
 * @module
 */
import type { Machine } from "../common/machine.ts";
import { machineTable, markdownTable, observations } from "../common/markdown.ts";
import type { Measured } from "./measure.ts";
import type { SkippedPage } from "./pages.ts";
import type { SeedSize } from "./seed.ts";
import { datedJsonName } from "../common/proc.ts";

/** The issue's target for every console page. */
export const TARGET_P95_MS = 100;

/** A measured page with its figures as multiples of the bare handler's. */
export interface PageResult extends Measured {
  path: string;
  vs_bare: { p50: number; p95: number; p99: number };
  /** p95 within the target and every answer a 200. */
  met: boolean;
}

/** Everything a `deno task bench:console` run produced. */
export interface ConsoleReport {
  date: string;
  generated_at: string;
  commit: string;
  config: { warmup: number; rounds: number; per_round: number; target_p95_ms: number };
  machine: Machine;
  /** `/proc/loadavg` before seeding (other work) and after the runs (the runs' own load too). */
  load_average: { before: string; after: string };
  data: { size: SeedSize; rows: Record<string, number>; bare_bytes: number };
  bare: Measured;
  pages: PageResult[];
  skipped: SkippedPage[];
  notes: string[];
}

/** A page's figures compared with the bare handler's, and whether it meets the target. */
export function compare(page: Measured & { path: string }, bare: Measured): PageResult {
  const ratio = (k: "p50" | "p95" | "p99") => page.stats[k] / bare.stats[k];
  const only200 = Object.keys(page.statuses).every((s) => s === "200");
  return {
    ...page,
    vs_bare: { p50: ratio("p50"), p95: ratio("p95"), p99: ratio("p99") },
    met: only200 && page.stats.p95 <= TARGET_P95_MS,
  };
}

const ms = (n: number) => n.toFixed(1);
const times = (n: number) => `${n.toFixed(1)} ×`;

/** The results table's rows: the bare handler first, then every page. */
export function resultRows(report: Pick<ConsoleReport, "bare" | "pages">): string[][] {
  const { bare } = report;
  return [
    [
      "bare Hono handler",
      "`GET /` (the overview's bytes)",
      String(bare.stats.count),
      ms(bare.stats.p50),
      ms(bare.stats.p95),
      ms(bare.stats.p99),
      ms(bare.stats.max),
      "1 ×",
      "1 ×",
      "1 ×",
      "the yardstick",
    ],
    ...report.pages.map((p) => [
      p.name,
      `\`${p.path.length > 60 ? `${p.path.slice(0, 57)}…` : p.path}\``,
      String(p.stats.count),
      ms(p.stats.p50),
      ms(p.stats.p95),
      ms(p.stats.p99),
      ms(p.stats.max),
      times(p.vs_bare.p50),
      times(p.vs_bare.p95),
      times(p.vs_bare.p99),
      p.met ? "met" : `MISSED${p.stats.p95 <= TARGET_P95_MS ? " (not all 200)" : ""}`,
    ]),
  ];
}

function dataText(d: ConsoleReport["data"]): string {
  const s = d.size;
  const rows = Object.entries(d.rows).map(([t, n]) => `\`${t}\` ${n.toLocaleString("en")}`);
  return `The measured partner (Growth) has ${s.jobs.toLocaleString("en")} jobs created over ` +
    `the last 45 days (one in 20 deleted, one in 10 still embedding), 0 to 12 matches per ` +
    `match-ready job, ${s.webhooks} webhooks and ${s.deliveries.toLocaleString("en")} delivery ` +
    `attempts of ${(s.deliveries / 2).toLocaleString("en")} events over 29 days (half of them ` +
    `on its busiest webhook, the one measured; 93% succeeded, 5% failed, 1% pending, 1% ` +
    `cancelled), 10 API keys, 25 users and 3,000 audit entries. Beside it, ${s.others} other ` +
    `partners with ${s.otherJobs.toLocaleString("en")} jobs and ` +
    `${s.otherDeliveries.toLocaleString("en")} attempts each. Rows after seeding: ` +
    `${rows.join(", ")}.`;
}

/** The Markdown summary. */
export function consoleMarkdown(r: ConsoleReport): string {
  const missed = r.pages.filter((p) => !p.met);
  const headline = missed.length === 0
    ? `**Every measured page met the target** (p95 ≤ ${TARGET_P95_MS} ms).`
    : `**${missed.length} of ${r.pages.length} measured pages MISSED the target** ` +
      `(p95 ≤ ${TARGET_P95_MS} ms): ${missed.map((p) => p.name).join(", ")}.`;
  const skipped = r.skipped.length === 0
    ? "Every page of the list was measured."
    : r.skipped.map((s) => `- **${s.name}**${s.path ? ` (\`${s.path}\`)` : ""}: ${s.reason}`)
      .join("\n");
  return `# Partner console page speed

\`deno task bench:console\`, ${r.generated_at}, commit ${r.commit}, raw figures
\`${datedJsonName("console", r.date)}\`. ${headline}

Target (issue 14): console pages answer in p95 ≤ ${TARGET_P95_MS} ms with 10,000 jobs and
100,000 delivery attempts for the partner.

## How it was measured

- **Data.** A database of its own (\`hire_bench_console\`, made afresh each run, migrated).
  ${dataText(r.data)} Bulk rows are written with \`INSERT … SELECT generate_series\`, then
  \`VACUUM (ANALYZE)\` as autovacuum would have done.
- **The console** is built as its tests build it (\`@hire/testing/console_app.ts\`:
  \`createApp\` on the database as the \`hire_console\` role) and served by \`Deno.serve\` in a
  process of its own (\`bench/console/serve_console.ts\`), with the per-client page limit
  lifted. The benchmark signs in as an admin of the measured partner with a session it
  inserts, so every page, the admins' audit log included, is the partner's full view.
- **Requests**: one client, one request at a time on a kept-alive connection (fetch),
  timed from the request to the body's last byte: a person's page view, not a load test.
  ${r.config.warmup} warm-up requests per page, then ${r.config.rounds} rounds of
  ${r.config.per_round} requests to each page in turn (${r.config.rounds * r.config.per_round}
  per page), interleaved so a slow moment of the machine falls on every page alike.
- **Yardstick**: a bare Hono handler (\`bench/site/bare_hono.ts\`) answering the overview
  page's bytes (${r.data.bare_bytes.toLocaleString("en")} bytes) from \`Deno.serve\` in a
  process of its own, measured in the same rounds; "÷ bare" divides a page's figure by its.

## Results

${
    markdownTable(
      [
        "page",
        "path",
        "requests",
        "p50 ms",
        "p95 ms",
        "p99 ms",
        "max ms",
        "p50 ÷ bare",
        "p95 ÷ bare",
        "p99 ÷ bare",
        "p95 ≤ 100 ms",
      ],
      resultRows(r),
      [2, 3, 4, 5, 6, 7, 8, 9],
    )
  }

## Not measured

${skipped}
${observations(r.notes)}
## Machine

${machineTable(r.machine, r.generated_at)}

Load average (\`/proc/loadavg\`) before seeding: ${r.load_average.before}; after the runs (their
own load included): ${r.load_average.after}.
`;
}
