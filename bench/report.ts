/**
 * Turns measured runs into the results: a table on stdout, raw figures as JSON in
 * `bench/results/jobs-api-<date>.json` and a Markdown summary in `bench/results/jobs-api.md`.
 * @module
 */
import type { BenchConfig, Scenario, Target } from "./config.ts";
import { type CpuUsage, EXITED } from "./cpu.ts";
import { type LoadResult, socketErrorCount } from "./load.ts";
import type { Machine } from "./machine.ts";
import { commandOutput, ROOT } from "./proc.ts";

/** One scenario's measured figures and verdict. */
export interface ScenarioResult {
  scenario: Scenario;
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
  target: { min_requests_per_sec: number; max_p99_ms: number };
  met_throughput: boolean;
  met_latency: boolean;
  /** No non-2xx responses and no socket errors. */
  clean: boolean;
  met: boolean;
  cpu: CpuUsage;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Combines a run's figures with its target. */
export function scenarioResult(
  scenario: Scenario,
  request: string,
  cfg: BenchConfig,
  r: LoadResult,
  target: Target,
  cpu: CpuUsage,
): ScenarioResult {
  const errors = socketErrorCount(r.socketErrors);
  const metThroughput = r.requestsPerSec >= target.minRps;
  const metLatency = r.latencyMs.p99 <= target.maxP99Ms;
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
    target: { min_requests_per_sec: target.minRps, max_p99_ms: target.maxP99Ms },
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

function verdict(r: ScenarioResult): string {
  if (r.met) return "met";
  const missed = [
    r.met_throughput ? "" : "throughput",
    r.met_latency ? "" : "p99",
    r.clean ? "" : "errors",
  ].filter(Boolean);
  return `MISSED (${missed.join(", ")})`;
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
    `≥ ${r.target.min_requests_per_sec} req/s, p99 ≤ ${r.target.max_p99_ms} ms`,
    verdict(r),
  ]);
}

/** CPU use of a run in one line, busiest first. */
export function cpuLine(cpu: CpuUsage): string {
  const groups = cpu.groups.map((g) => `${g.group} ${g.corePct.toFixed(0)}%`).join(", ");
  return `machine ${cpu.machineBusyPct.toFixed(0)}% busy of ${cpu.cores} cores; ` +
    `per process group (% of one core): ${groups}`;
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

/** A Markdown table; columns listed in `right` are right-aligned (numbers). */
function markdownTable(headers: string[], body: string[][], right: number[] = []): string {
  const esc = (c: string) => c.replaceAll("|", "\\|");
  return [
    `| ${headers.map(esc).join(" | ")} |`,
    `| ${headers.map((_, i) => (right.includes(i) ? "---:" : "---")).join(" | ")} |`,
    ...body.map((r) => `| ${r.map(esc).join(" | ")} |`),
  ].join("\n");
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
  const statusLines = report.results.map((r) =>
    `- **${r.scenario}** (${r.request}): ${r.requests} requests in ${r.elapsed_s} s; ` +
    `statuses ${
      Object.entries(r.statuses).map(([k, v]) => `${k}×${v}`).join(", ") || "not reported"
    }; socket errors connect ${r.socket_errors.connect}, read ${r.socket_errors.read}, ` +
    `write ${r.socket_errors.write}, timeout ${r.socket_errors.timeout}.`
  );
  const cpuLines = report.results.map((r) =>
    `- **${r.scenario}**: ${cpuLine(r.cpu)}. Busiest processes: ${
      r.cpu.top.map((t) => `\`${t.command}\` ${t.corePct.toFixed(0)}%`).join(", ")
    }.`
  );
  return `# Jobs API benchmark

Measured on ${report.date} (${report.generated_at}) with \`deno task bench\`: ${m.loadGenerator},
${c.threads} threads, ${c.connections} connections, ${c.durationS} s per scenario after a
${c.warmupS} s warm-up, over loopback against the edge at \`${c.baseUrl}\`. Raw figures:
\`jobs-api-${report.date}.json\`.

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

${statusLines.join("\n")}

## Where the CPU went

CPU time per process group over each measured run, from \`/proc/<pid>/stat\` read before
and after the run (100% = one core fully busy; the machine has ${m.nproc}). "${EXITED}" is
machine CPU time (from \`/proc/stat\`) of processes that came and went within the run.

${cpuLines.join("\n")}
${
    report.notes.length
      ? `\n### Observations\n\n${report.notes.map((n) => `- ${n}`).join("\n")}\n`
      : ""
  }
## Machine

${
    markdownTable(["", "value"], [
      ["nproc", String(m.nproc)],
      ["CPU", m.cpuModel],
      ["memory", `${m.memoryGiB} GiB`],
      ["OS", `${m.os} (kernel ${m.kernel})`],
      ["Deno", m.deno],
      ["Postgres", m.postgres],
      ["Kafka", `${m.kafka}; ${m.java}`],
      ["load generator", m.loadGenerator],
      ["date", report.generated_at],
    ])
  }
`;
}

/** Writes the JSON and Markdown results; returns their paths. */
export async function writeResults(report: BenchReport, dir: URL): Promise<string[]> {
  await Deno.mkdir(dir, { recursive: true });
  const json = new URL(`jobs-api-${report.date}.json`, dir);
  const md = new URL("jobs-api.md", dir);
  await Deno.writeTextFile(json, JSON.stringify(report, null, 2) + "\n");
  await Deno.writeTextFile(md, markdown(report));
  // Formatted like the rest of the repository, so `deno fmt --check` stays green.
  const paths = [json.pathname, md.pathname];
  await commandOutput(Deno.execPath(), ["fmt", "--quiet", ...paths], { cwd: ROOT });
  return paths;
}
