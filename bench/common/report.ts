/**
 * Turns measured runs into the results: a table on stdout, raw figures as JSON in
 * `bench/results/jobs-api-<date>.json` and a Markdown summary in `bench/results/jobs-api.md`.
 * @module
 */
import type { BenchConfig, Target } from "./config.ts";
import type { CpuUsage } from "./cpu.ts";
import { type LoadResult, socketErrorCount } from "./load.ts";
import type { Machine } from "./machine.ts";
import {
  cpuDetail,
  cpuIntro,
  machineTable,
  markdownTable,
  observations,
  statusLine,
} from "./markdown.ts";
import { commandOutput, datedJsonName, RESULTS_DIR, ROOT, step } from "./proc.ts";

/** One scenario's measured figures and verdict. */
export interface ScenarioResult {
  scenario: string;
  request: string;
  duration_s: number;
  elapsed_s: number;
  connections: number;
  threads: number;
  requests: number;
  requests_per_sec: number;
  p50_ms: number;
  p75_ms: number;
  p90_ms: number;
  p99_ms: number;
  non_2xx: number;
  statuses: Record<string, number>;
  errors: number;
  socket_errors: LoadResult["socketErrors"];
  /** Null for a run measured without a target (e.g. a yardstick). */
  target: { min_requests_per_sec: number; max_p99_ms: number } | null;
  met_throughput: boolean;
  met_latency: boolean;
  /** No non-2xx responses and no socket errors. */
  clean: boolean;
  met: boolean;
  cpu: CpuUsage;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Combines a run's figures with its target (null: none). */
export function scenarioResult(
  scenario: string,
  request: string,
  cfg: Pick<BenchConfig, "durationS" | "connections" | "threads">,
  r: LoadResult,
  target: Target | null,
  cpu: CpuUsage,
): ScenarioResult {
  const errors = socketErrorCount(r.socketErrors);
  const metThroughput = !target || r.requestsPerSec >= target.minRps;
  const metLatency = !target || r.latencyMs.p99 <= target.maxP99Ms;
  const clean = r.non2xx === 0 && errors === 0;
  return {
    scenario,
    request,
    duration_s: cfg.durationS,
    elapsed_s: round(r.elapsedS),
    connections: cfg.connections,
    threads: cfg.threads,
    requests: r.requests,
    requests_per_sec: round(r.requestsPerSec),
    p50_ms: round(r.latencyMs.p50, 3),
    p75_ms: round(r.latencyMs.p75, 3),
    p90_ms: round(r.latencyMs.p90, 3),
    p99_ms: round(r.latencyMs.p99, 3),
    non_2xx: r.non2xx,
    statuses: r.statuses,
    errors,
    socket_errors: r.socketErrors,
    target: target && { min_requests_per_sec: target.minRps, max_p99_ms: target.maxP99Ms },
    met_throughput: metThroughput,
    met_latency: metLatency,
    clean,
    met: metThroughput && metLatency && clean,
    cpu: {
      ...cpu,
      machineBusyPct: round(cpu.machineBusyPct, 1),
      groups: cpu.groups.map((g) => ({ ...g, corePct: round(g.corePct, 1) })),
      top: cpu.top.map((t) => ({ ...t, corePct: round(t.corePct, 1) })),
    },
  };
}

/** "met", "MISSED (…)" naming what missed, or "no target". */
export function verdict(r: ScenarioResult): string {
  if (!r.target) return r.clean ? "no target" : "MISSED (errors)";
  if (r.met) return "met";
  const missed = [
    r.met_throughput ? "" : "throughput",
    r.met_latency ? "" : "p99",
    r.clean ? "" : "errors",
  ].filter(Boolean);
  return `MISSED (${missed.join(", ")})`;
}

/** A run's target in words. */
export function targetText(r: ScenarioResult): string {
  if (!r.target) return "—";
  const rps = r.target.min_requests_per_sec;
  return `${rps ? `≥ ${rps} req/s, ` : ""}p99 ≤ ${r.target.max_p99_ms} ms`;
}

const HEADERS = [
  "scenario",
  "req/s",
  "p50 ms",
  "p75 ms",
  "p90 ms",
  "p99 ms",
  "non-2xx",
  "errors",
  "target",
  "result",
];

function rows(results: ScenarioResult[]): string[][] {
  return results.map((r) => [
    r.scenario,
    r.requests_per_sec.toFixed(0),
    r.p50_ms.toFixed(1),
    r.p75_ms.toFixed(1),
    r.p90_ms.toFixed(1),
    r.p99_ms.toFixed(1),
    String(r.non_2xx),
    String(r.errors),
    targetText(r),
    verdict(r),
  ]);
}

/** The table printed on stdout. */
export function textTable(results: ScenarioResult[]): string {
  const all = [HEADERS, ...rows(results)];
  const widths = HEADERS.map((_, i) => Math.max(...all.map((r) => [...r[i]!].length)));
  const line = (r: string[]) =>
    r.map((c, i) => i === 0 || i >= 8 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)).join("  ")
      .trimEnd();
  return [line(HEADERS), widths.map((w) => "-".repeat(w)).join("  "), ...all.slice(1).map(line)]
    .join("\n");
}

/** Everything a run produced. */
export interface BenchReport {
  date: string;
  generated_at: string;
  config: BenchConfig;
  machine: Machine;
  results: ScenarioResult[];
  notes: string[];
}

/** The Markdown summary. */
export function markdown(report: BenchReport): string {
  const m = report.machine;
  const c = report.config;
  return `# Jobs API benchmark

Measured on ${report.date} (${report.generated_at}) with \`deno task bench\`: ${m.loadGenerator},
${c.threads} threads, ${c.connections} connections, ${c.durationS} s per scenario after a
${c.warmupS} s warm-up, over loopback against the edge at \`${c.baseUrl}\`. Raw figures:
\`${datedJsonName("jobs-api", report.date)}\`.

## Results

${
    markdownTable(
      HEADERS.map((h) => (h === "result" ? "met / missed" : h)),
      rows(report.results),
      [1, 2, 3, 4, 5, 6, 7],
    )
  }

A target is met only when both throughput and p99 are within it and no request failed
(non-2xx responses or socket errors).

${report.results.map(statusLine).join("\n")}

## Where the CPU went

${cpuIntro(m.nproc)}

${report.results.map(cpuDetail).join("\n")}
${observations(report.notes)}
## Machine

${machineTable(m, report.generated_at)}
`;
}

/**
 * Writes `<name>-<date>.json` and `<name>.md` into `dir`, formatted like the rest of the
 * repository (so `deno fmt --check` stays green); returns their paths.
 */
export async function writeResultFiles(
  dir: URL,
  files: { name: string; date: string; json: unknown; markdown: string },
): Promise<string[]> {
  await Deno.mkdir(dir, { recursive: true });
  const json = new URL(datedJsonName(files.name, files.date), dir);
  const md = new URL(`${files.name}.md`, dir);
  await Deno.writeTextFile(json, JSON.stringify(files.json, null, 2) + "\n");
  await Deno.writeTextFile(md, files.markdown);
  const paths = [json.pathname, md.pathname];
  await commandOutput(Deno.execPath(), ["fmt", "--quiet", ...paths], { cwd: ROOT });
  return paths;
}

/**
 * Writes a report dated by its `at` as `<name>.md` and `<name>-<date>.json` in
 * `bench/results/`, and says where.
 */
export async function writeDatedReport(
  name: string,
  report: { at: string },
  markdown: string,
): Promise<void> {
  const paths = await writeResultFiles(RESULTS_DIR, {
    name,
    date: report.at.slice(0, 10),
    json: report,
    markdown,
  });
  step(`${name}: wrote ${paths.join(", ")}`);
}

/** Writes the JSON and Markdown results; returns their paths. */
export async function writeResults(report: BenchReport, dir: URL): Promise<string[]> {
  return await writeResultFiles(dir, {
    name: "jobs-api",
    date: report.date,
    json: report,
    markdown: markdown(report),
  });
}
