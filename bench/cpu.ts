/**
 * Where the CPU goes during a run: per-process CPU time from /proc, sampled before and
 * after, grouped into the system's parts (edge, job service, Postgres, Kafka, load
 * generator, the rest), plus the whole machine's busy share from /proc/stat.
 * @module
 */
import { ROOT } from "./proc.ts";

const TICKS_PER_S = 100; // USER_HZ; 100 on every Linux this runs on.

interface ProcSample {
  group: string;
  ticks: number;
  /** CPU time of reaped children (for this process: the wrk runs it waited for). */
  childTicks: number;
}

/** A point-in-time reading of all processes' and the machine's CPU counters. */
export interface CpuSnapshot {
  at: number;
  procs: Map<number, ProcSample>;
  /** [busy, total] jiffies of /proc/stat's `cpu` line. */
  machine: [number, number];
}

/** CPU use of one group over a window, in % of one core. */
export interface GroupCpu {
  group: string;
  processes: number;
  corePct: number;
}

/** CPU use over a window. */
export interface CpuUsage {
  cores: number;
  /** Busy share of the whole machine, 0–100. */
  machineBusyPct: number;
  /** Groups, busiest first. */
  groups: GroupCpu[];
}

function classify(pid: number, comm: string, cmdline: string): string {
  if (cmdline.includes("kafka.Kafka")) {
    return cmdline.includes(`${ROOT}.local/kafka`) ? "kafka (java)" : "other java";
  }
  if (comm === "java") return "other java";
  if (comm === "postgres" || cmdline.startsWith("postgres:")) return "postgres";
  if (cmdline.includes("services/edge/main.ts")) return "edge (deno)";
  if (cmdline.includes("services/job/main.ts")) return "job service (deno)";
  if (cmdline.includes("deploy/local/dev.ts")) return "dev.ts log relay (deno)";
  if (pid === Deno.pid) return "bench (deno)";
  if (comm === "wrk") return "wrk";
  if (comm === "deno") return "other deno";
  return "other";
}

async function readProc(pid: number): Promise<ProcSample | undefined> {
  try {
    const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
    const close = stat.lastIndexOf(")");
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    const f = stat.slice(close + 2).split(" ");
    const ticks = Number(f[11]) + Number(f[12]);
    const childTicks = Number(f[13]) + Number(f[14]);
    const cmdline = (await Deno.readTextFile(`/proc/${pid}/cmdline`)).replaceAll("\0", " ");
    return { group: classify(pid, comm, cmdline), ticks, childTicks };
  } catch {
    return undefined; // Exited meanwhile.
  }
}

async function readMachine(): Promise<[number, number]> {
  const line = (await Deno.readTextFile("/proc/stat")).split("\n")[0] ?? "";
  const v = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  const total = v.reduce((a, b) => a + b, 0);
  return [total - idle, total];
}

/** Reads every process's CPU counters now. */
export async function snapshot(): Promise<CpuSnapshot> {
  const procs = new Map<number, ProcSample>();
  for await (const e of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    const s = await readProc(Number(e.name));
    if (s) procs.set(Number(e.name), s);
  }
  return { at: performance.now(), procs, machine: await readMachine() };
}

/**
 * CPU use between two snapshots. Processes born in between count from zero; a load
 * generator run by this process has exited by the second snapshot, so its CPU time is
 * read from this process's reaped-children counters instead.
 */
export function usage(before: CpuSnapshot, after: CpuSnapshot): CpuUsage {
  const seconds = (after.at - before.at) / 1000;
  const groups = new Map<string, { processes: number; ticks: number }>();
  for (const [pid, s] of after.procs) {
    const delta = s.ticks - (before.procs.get(pid)?.ticks ?? 0);
    const g = groups.get(s.group) ?? { processes: 0, ticks: 0 };
    g.ticks += Math.max(0, delta);
    if (delta > 0) g.processes++;
    groups.set(s.group, g);
  }
  const self = [before.procs.get(Deno.pid), after.procs.get(Deno.pid)];
  const reaped = (self[1]?.childTicks ?? 0) - (self[0]?.childTicks ?? 0);
  if (reaped > 0) {
    const g = groups.get("wrk") ?? { processes: 0, ticks: 0 };
    groups.set("wrk", { processes: g.processes + 1, ticks: g.ticks + reaped });
  }
  const [busy, total] = [
    after.machine[0] - before.machine[0],
    after.machine[1] - before.machine[1],
  ];
  return {
    cores: navigator.hardwareConcurrency,
    machineBusyPct: total > 0 ? (100 * busy) / total : 0,
    groups: [...groups]
      .map(([group, g]) => ({
        group,
        processes: g.processes,
        corePct: (100 * g.ticks) / TICKS_PER_S / seconds,
      }))
      .filter((g) => g.corePct >= 0.5)
      .sort((a, b) => b.corePct - a.corePct),
  };
}
