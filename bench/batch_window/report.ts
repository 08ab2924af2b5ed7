/**
 * The batch-window benchmark's Markdown result.
 * @module
 */
import type { Machine } from "../common/machine.ts";
import { machineTable, markdownTable } from "../common/markdown.ts";
import type { BatchWindowConfig } from "./config.ts";
import { type Run, type SettingFigures, settingFigures } from "./figures.ts";
import { datedJsonName } from "../common/proc.ts";

/** What a run of the benchmark keeps. */
export interface BatchWindowReport {
  date: string;
  generated_at: string;
  commit: string;
  config: BatchWindowConfig;
  machine: Machine;
  runs: Run[];
}

const label = (setting: string) =>
  setting === "bare"
    ? "bare Hono, constant JSON"
    : /^\d+$/.test(setting)
    ? `create, edge + job service, JOB_BATCH_WINDOW_MS=${setting}`
    : `create, edge + job service of ${setting}`;

const ms = (n: number) => n.toFixed(3);

/** The report as Markdown. */
export function batchWindowMarkdown(r: BatchWindowReport): string {
  const c = r.config;
  const figures = settingFigures(r.runs, c.seconds);
  const groups = [
    ...new Set(figures.flatMap((f) => Object.keys(f.cpuMsPerRequest))),
  ].filter((g) => figures.some((f) => (f.cpuMsPerRequest[g] ?? 0) >= 0.05));
  const row = (f: SettingFigures) => [
    label(f.setting),
    String(f.runs),
    f.p50Ms.toFixed(1),
    f.p99Ms.toFixed(1),
    `${f.machineBusyPct.toFixed(0)}%`,
    ms(f.totalCpuMsPerRequest),
    f.cpuRatioToBare === null ? "—" : `${f.cpuRatioToBare.toFixed(1)}×`,
    f.setting === "bare" ? "—" : f.transactionsPerRequest.toFixed(2),
    ...groups.map((g) => ms(f.cpuMsPerRequest[g] ?? 0)),
  ];
  const runRows = r.runs.map((run, i) => [
    String(i + 1),
    label(run.setting),
    Object.entries(run.statuses).map(([k, v]) => `${k}×${v}`).join(", "),
    run.latencyMs.p50.toFixed(1),
    run.latencyMs.p99.toFixed(1),
    `${run.cpu.machineBusyPct.toFixed(0)}%`,
  ]);
  const compared = c.base
    ? `this tree's edge and job service and those of another checkout (\`${c.base}\`, migrated
by this tree's schema), both with the job service's \`JOB_BATCH_WINDOW_MS\` at ${c.windowMs}`
    : `the job service's \`JOB_BATCH_WINDOW_MS\` at 0 (no window) or ${c.windowMs}`;
  return `# ${
    c.base ? "Two trees" : "The job service's batch window"
  }: CPU per create under a steady flow

Measured on ${r.date} (${r.generated_at}) with \`deno task bench:batch-window\`${
    c.base ? ` and \`BENCH_BATCH_WINDOW_BASE=${c.base}\`` : ""
  }, commit ${r.commit}.
Raw figures: \`${datedJsonName(c.base ? "batch-window-ab" : "batch-window", r.date)}\`.

The edge and the job service run as \`deno task dev\` runs them (each its own process and Postgres
role, plan limits lifted; \`bench/baselines/system.ts\`), on database \`${c.database}\` and topics
of the run's own on the local broker; nothing else of the system runs. An open loop sends
${c.rate} creates/s (a new request every ${(1000 / c.rate).toFixed(0)} ms whatever the answers;
latency counted from each request's scheduled start): ${c.warmupS} s of warm-up, an \`ANALYZE\` and a \`CHECKPOINT\`,
then ${c.seconds} s measured. The services are started afresh for each run, with
${compared}, alternating, ${c.repetitions} runs each; the bare Hono handler (\`bench/baselines/minimal.ts\`) takes the same open loop once per
repetition, as the reference of the CPU a request costs at all. Each figure is the median of a
setting's runs.

CPU is per request, in milliseconds, of each process group over the measured run (from
\`/proc/<pid>/stat\`); the load generator runs in the benchmark's own process, and the total
includes it, for the bare handler as for ours.

${
    markdownTable(
      [
        "handler",
        "runs",
        "p50 ms",
        "p99 ms",
        "machine busy",
        "CPU ms / request",
        "÷ bare",
        "transactions / request",
        ...groups,
      ],
      figures.map(row),
      [1, 2, 3, 4, 5, 6, 7, ...groups.map((_, i) => 8 + i)],
    )
  }

Every run:

${
    markdownTable(
      ["run", "handler", "answers", "p50 ms", "p99 ms", "machine busy"],
      runRows,
      [0, 3, 4, 5],
    )
  }

${machineTable(r.machine, r.generated_at)}
`;
}
