/**
 * Pieces of the benchmarks' Markdown results: tables, a run's statuses and CPU, the
 * machine.
 * @module
 */
import { type CpuUsage, EXITED, STOLEN } from "./cpu.ts";
import type { Machine } from "./machine.ts";
import type { ScenarioResult } from "./report.ts";

/** A Markdown table; columns listed in `right` are right-aligned (numbers). */
export function markdownTable(headers: string[], body: string[][], right: number[] = []): string {
  const esc = (c: string) => c.replaceAll("|", "\\|");
  return [
    `| ${headers.map(esc).join(" | ")} |`,
    `| ${headers.map((_, i) => (right.includes(i) ? "---:" : "---")).join(" | ")} |`,
    ...body.map((r) => `| ${r.map(esc).join(" | ")} |`),
  ].join("\n");
}

/** CPU use of a run in one line, busiest first. */
export function cpuLine(cpu: CpuUsage): string {
  const groups = cpu.groups.map((g) => `${g.group} ${g.corePct.toFixed(0)}%`).join(", ");
  return `machine ${cpu.machineBusyPct.toFixed(0)}% busy of ${cpu.cores} cores; ` +
    `per process group (% of one core): ${groups}`;
}

/** A bullet with a run's request count, statuses and socket errors. */
export function statusLine(r: ScenarioResult): string {
  const statuses = Object.entries(r.statuses).map(([k, v]) => `${k}×${v}`).join(", ");
  const e = r.socket_errors;
  return `- **${r.scenario}** (${r.request}): ${r.requests} requests in ${r.elapsed_s} s; ` +
    `statuses ${statuses || "not reported"}; socket errors connect ${e.connect}, ` +
    `read ${e.read}, write ${e.write}, timeout ${e.timeout}.`;
}

/** How the CPU figures were taken, for a machine of `nproc` cores. */
export function cpuIntro(nproc: number): string {
  return `CPU time per process group over each measured run, from \`/proc/<pid>/stat\` read before
and after the run (100% = one core fully busy; the machine has ${nproc}). "${EXITED}" is
machine CPU time (from \`/proc/stat\`) of processes that came and went within the run; "${STOLEN}"
is the time \`/proc/stat\` counts as steal (a virtual machine ready to run while the hypervisor
ran another), not part of the machine's busy share.`;
}

/** A bullet with a run's CPU per group and its busiest processes. */
export function cpuDetail(r: ScenarioResult): string {
  const top = r.cpu.top.map((t) => `\`${t.command}\` ${t.corePct.toFixed(0)}%`).join(", ");
  return `- **${r.scenario}**: ${cpuLine(r.cpu)}. Busiest processes: ${top}.`;
}

/** An "Observations" section of `notes`, or nothing without notes. */
export function observations(notes: readonly string[]): string {
  return notes.length ? `\n### Observations\n\n${notes.map((n) => `- ${n}`).join("\n")}\n` : "";
}

/** A count with thousands separated by commas, as the reports print them. */
export const thousands = (n: number): string => n.toLocaleString("en-US");

/** The machine and software a run was made with, at `at`. */
export function machineTable(m: Machine, at: string): string {
  return markdownTable(["", "value"], [
    ["nproc", String(m.nproc)],
    ["CPU", m.cpuModel],
    ["CPU vector extensions", m.cpuVectorExtensions],
    ["memory", `${m.memoryGiB} GiB`],
    ["proactive reclaim", m.proactiveReclaim],
    ["OS", `${m.os} (kernel ${m.kernel})`],
    ["Deno", m.deno],
    ["Postgres", m.postgres],
    ["Kafka", `${m.kafka}; ${m.java}`],
    ["load generator", m.loadGenerator],
    ["date", at],
  ]);
}
