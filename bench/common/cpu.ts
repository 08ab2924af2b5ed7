/**
 * Where the CPU goes during a run: per-process CPU time from /proc, read before and after,
 * grouped into the system's parts (edge, job service, site, the pipeline's services,
 * Postgres, Kafka, load generator, everything else), plus the whole machine's busy share
 * from /proc/stat.
 * @module
 */
import { ROOT } from "./proc.ts";

/** Clock ticks a second of `/proc/<pid>/stat` (USER_HZ; 100 on every Linux this runs on). */
export const TICKS_PER_S = 100;

/**
 * The fields of a /proc/<pid>/stat text after the parenthesised command name, which may hold
 * spaces and parentheses itself: index 0 is the state (field 3 of proc(5)), 1 the parent pid,
 * 2 the process group, 11 and 12 utime and stime, 19 the start time.
 */
export function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** utime + stime of a /proc/<pid>/stat text, in ticks. */
export function cpuTicks(stat: string): number {
  const fields = statFields(stat);
  return Number(fields[11]) + Number(fields[12]);
}

interface ProcSample {
  group: string;
  command: string;
  ticks: number;
  /** CPU time of reaped children (for this process: the wrk runs it waited for). */
  childTicks: number;
}

/** A point-in-time reading of all processes' and the machine's CPU counters. */
export interface CpuSnapshot {
  at: number;
  procs: Map<number, ProcSample>;
  /** Jiffies of /proc/stat's `cpu` line, summed over all cores. */
  machine: MachineTicks;
}

/**
 * The whole machine's time: busy (running anything of its own), stolen (a virtual machine's
 * vCPU ready but the hypervisor running someone else: lost to a noisy neighbour, and no
 * process's time) and the total, in jiffies.
 */
export interface MachineTicks {
  busy: number;
  stolen: number;
  total: number;
}

/** The `cpu` line of `/proc/stat`: user nice system idle iowait irq softirq steal …. */
export function machineTicks(procStat: string): MachineTicks {
  const line = procStat.split("\n")[0] ?? "";
  const v = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const [idle = 0, iowait = 0, stolen = 0] = [v[3], v[4], v[7]];
  const total = v.reduce((a, b) => a + b, 0);
  return { busy: total - idle - iowait - stolen, stolen, total };
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
  /** Busy share of the whole machine, 0–100 (time stolen by the hypervisor not counted). */
  machineBusyPct: number;
  /** Groups, busiest first. */
  groups: GroupCpu[];
  /** The busiest single processes, to see what "other …" was. */
  top: { command: string; corePct: number }[];
}

/** Processes of the system under test are told apart from look-alikes (e.g. a test's own
 * job service) by the process group of the `deno task dev` the benchmark started. */
function classify(
  pid: number,
  comm: string,
  cmdline: string,
  pgrp: number,
  systemPgid?: number,
): string {
  if (cmdline.includes("kafka.Kafka")) {
    return cmdline.includes(`${ROOT}.local/kafka`) ? "kafka (java)" : "other java";
  }
  if (comm === "java") return "other java";
  if (comm === "postgres" || cmdline.startsWith("postgres:")) return "postgres";
  if (pid === Deno.pid) return "bench (deno)";
  if (comm === "wrk") return "wrk";
  if (cmdline.includes("bench/site/bare_hono.ts")) return "bare hono (deno)";
  if (cmdline.includes("bench/baselines/minimal.ts")) return "minimal handler (deno)";
  const ours = systemPgid === undefined || pgrp === systemPgid;
  if (ours && cmdline.includes("services/edge/main.ts")) return "edge (deno)";
  if (ours && cmdline.includes("services/job/main.ts")) return "job service (deno)";
  if (ours && cmdline.includes("services/site/main.ts")) return "site (deno)";
  if (ours && cmdline.includes("services/embedding/main.ts")) return "embedding (deno)";
  if (ours && cmdline.includes("services/matching/main.ts")) return "matching (deno)";
  if (ours && cmdline.includes("services/delivery/main.ts")) return "delivery (deno)";
  if (ours && cmdline.includes("deploy/local/dev.ts")) return "dev.ts log relay (deno)";
  if (systemPgid !== undefined && pgrp === systemPgid) return "deno task runner";
  if (comm === "deno") return "other deno";
  return "other";
}

async function readProc(pid: number, systemPgid?: number): Promise<ProcSample | undefined> {
  try {
    const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const f = statFields(stat);
    const cmdline = (await Deno.readTextFile(`/proc/${pid}/cmdline`)).replaceAll("\0", " ")
      .trim();
    return {
      group: classify(pid, comm, cmdline, Number(f[2]), systemPgid),
      command: (cmdline || `[${comm}]`).slice(0, 100),
      ticks: Number(f[11]) + Number(f[12]),
      childTicks: Number(f[13]) + Number(f[14]),
    };
  } catch {
    return undefined; // Exited meanwhile.
  }
}

/** Reads every process's CPU counters now. */
export async function snapshot(systemPgid?: number): Promise<CpuSnapshot> {
  const procs = new Map<number, ProcSample>();
  for await (const e of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    const s = await readProc(Number(e.name), systemPgid);
    if (s) procs.set(Number(e.name), s);
  }
  return {
    at: performance.now(),
    procs,
    machine: machineTicks(await Deno.readTextFile("/proc/stat")),
  };
}

/** Name of the group of CPU time no live process accounts for. */
export const EXITED = "exited during the run";

/**
 * Name of the group of time the hypervisor gave other machines while this one's processes
 * were ready to run. On a shared host it comes and goes (40% of a core in one run of
 * bench:starvation on 2026-12-02's third machine, under 1% in the run before), and every
 * latency of the run grows with it; told apart, it is not taken for the system's own cost.
 */
export const STOLEN = "stolen by the hypervisor";

/**
 * The hypervisor's share, in % of one core, from which a run's figures are the host's as much
 * as the system's: its notes say so, and a verdict the steal could have turned is not given.
 */
export const STEAL_AFFECTS_PCT = 10;

/**
 * CPU use between two snapshots. Processes born in between count from zero. A load
 * generator run by this process has exited by the second snapshot, so its time is read
 * from this process's reaped-children counters; what other processes that came and went
 * used shows as {@link EXITED}; time the hypervisor took, as {@link STOLEN}, outside the
 * machine's busy share.
 */
export function usage(before: CpuSnapshot, after: CpuSnapshot): CpuUsage {
  const seconds = (after.at - before.at) / 1000;
  const pct = (ticks: number) => (100 * ticks) / TICKS_PER_S / seconds;
  const groups = new Map<string, { processes: number; ticks: number }>();
  const add = (group: string, ticks: number, processes = 1) => {
    const g = groups.get(group) ?? { processes: 0, ticks: 0 };
    groups.set(group, { processes: g.processes + processes, ticks: g.ticks + ticks });
  };
  const top: { command: string; ticks: number }[] = [];
  let accounted = 0;
  for (const [pid, s] of after.procs) {
    const delta = Math.max(0, s.ticks - (before.procs.get(pid)?.ticks ?? 0));
    if (delta === 0) continue;
    add(s.group, delta);
    top.push({ command: s.command, ticks: delta });
    accounted += delta;
  }
  const self = [before.procs.get(Deno.pid), after.procs.get(Deno.pid)];
  const reaped = (self[1]?.childTicks ?? 0) - (self[0]?.childTicks ?? 0);
  if (reaped > 0) {
    add("wrk", reaped);
    top.push({ command: "wrk (load generator)", ticks: reaped });
    accounted += reaped;
  }
  const busy = after.machine.busy - before.machine.busy;
  const stolen = after.machine.stolen - before.machine.stolen;
  const total = after.machine.total - before.machine.total;
  if (busy - accounted > 0) add(EXITED, busy - accounted, 0);
  if (stolen > 0) add(STOLEN, stolen, 0);
  return {
    cores: navigator.hardwareConcurrency,
    machineBusyPct: total > 0 ? (100 * busy) / total : 0,
    groups: [...groups]
      .map(([group, g]) => ({ group, processes: g.processes, corePct: pct(g.ticks) }))
      .filter((g) => g.corePct >= 0.5)
      .sort((a, b) => b.corePct - a.corePct),
    top: top.sort((a, b) => b.ticks - a.ticks).slice(0, 8)
      .map((t) => ({ command: t.command, corePct: pct(t.ticks) })),
  };
}
