/**
 * Resident memory of the system's processes, from /proc: each service by its pid, Postgres
 * as its server processes and the backends of one database (the system's apart from the
 * benchmark's own), the Kafka broker. RSS counts
 * every page a process maps that is in memory, shared ones included (Postgres's shared
 * buffers appear in each backend that touched them), so groups also get PSS (each shared
 * page divided among the processes sharing it), which adds up.
 * @module
 */
import { statFields } from "./cpu.ts";

/** Resident size of a group of processes, in KiB. */
export interface Resident {
  processes: number;
  rssKiB: number;
  pssKiB: number;
  /** Pages no other process maps (USS): what a leak grows; shared buffers are not in it. */
  privateKiB: number;
}

/** A group to measure: its name and how to find its pids now. */
export interface ProcessGroup {
  name: string;
  pids(): Promise<number[]>;
  /** False for a group measured beside the system rather than as part of it: not judged. */
  judged?: boolean;
}

/** The `VmRSS` of a /proc/<pid>/status text, in KiB. */
export function vmRssKiB(status: string): number | undefined {
  const m = status.match(/^VmRSS:\s+(\d+)\s+kB$/m);
  return m ? Number(m[1]) : undefined;
}

/** The `Pss` of a /proc/<pid>/smaps_rollup text, in KiB. */
export function pssKiB(rollup: string): number | undefined {
  const m = rollup.match(/^Pss:\s+(\d+)\s+kB$/m);
  return m ? Number(m[1]) : undefined;
}

/** `Private_Clean` + `Private_Dirty` of a /proc/<pid>/smaps_rollup text, in KiB. */
export function privateKiB(rollup: string): number | undefined {
  const clean = rollup.match(/^Private_Clean:\s+(\d+)\s+kB$/m);
  const dirty = rollup.match(/^Private_Dirty:\s+(\d+)\s+kB$/m);
  return clean && dirty ? Number(clean[1]) + Number(dirty[1]) : undefined;
}

/**
 * Which part of Postgres a child of the postmaster is, from its command line
 * (`postgres: [<cluster>: ]<user> <database> <host>(<port>) <state>` for a backend): a
 * backend of `database` logged in as one of the system's roles, one of `database` logged in
 * as `benchUser` (the benchmark's own reads, its autovacuum stand-in), another database's
 * backend, or a server process (checkpointer, WAL writer…).
 */
export function postgresPart(
  cmdline: string,
  database: string,
  benchUser: string,
): "server" | "system" | "benchmark" | "other" {
  const title = cmdline.match(/^postgres: (?:[^:\s]+: )?(.*)$/)?.[1] ?? "";
  const backend = title.match(/^(\S+) (\S+) (?:\S+\(\d+\)|\[local\])/);
  if (!backend) return "server";
  if (backend[2] !== database) return "other";
  return backend[1] === benchUser ? "benchmark" : "system";
}

/** The parent pid in a /proc/<pid>/stat text. */
export function parentPid(stat: string): number {
  return Number(statFields(stat)[1]);
}

/** Every pid whose command line (NULs as spaces) passes `match`. */
export async function pidsWhere(match: (cmdline: string) => boolean): Promise<number[]> {
  const pids: number[] = [];
  for await (const e of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    const raw = await Deno.readTextFile(`/proc/${e.name}/cmdline`).catch(() => "");
    if (raw && match(raw.replaceAll("\0", " ").trim())) pids.push(Number(e.name));
  }
  return pids;
}

/** The postmaster's children whose command line passes `match`. */
async function postgresChildren(postmaster: number, match: (cmdline: string) => boolean) {
  const children: number[] = [];
  for (const pid of await pidsWhere(match)) {
    const stat = await Deno.readTextFile(`/proc/${pid}/stat`).catch(() => "");
    if (stat && parentPid(stat) === postmaster) children.push(pid);
  }
  return children;
}

/** The name of the group of the benchmark's own backends (see {@link systemGroups}). */
export const BENCHMARK_BACKENDS = "postgres (the benchmark's own backends)";

/**
 * The groups of a system: its services by pid, Postgres as the postmaster with its server
 * processes and as the backends of `database` (other databases' backends are others' load),
 * the Kafka broker (the process listening on `brokerPort`). The backends the benchmark opens
 * itself, as `benchUser`, are a group apart and not judged: its polls, its samplers' reads and
 * its autovacuum stand-in's VACUUMs (each up to `maintenance_work_mem`) are not the system's.
 */
export function systemGroups(
  services: Record<string, number>,
  postgres: { postmaster: number; database: string; benchUser: string; brokerPort: number },
): ProcessGroup[] {
  const { postmaster, database, benchUser } = postgres;
  const part = (c: string) => postgresPart(c, database, benchUser);
  return [
    ...Object.entries(services).map(([name, pid]) => ({
      name,
      pids: () => Promise.resolve([pid]),
    })),
    {
      name: "postgres (server processes)",
      pids: async () => [
        postmaster,
        ...await postgresChildren(postmaster, (c) => part(c) === "server"),
      ],
    },
    {
      name: `postgres (backends of ${database})`,
      pids: () => postgresChildren(postmaster, (c) => part(c) === "system"),
    },
    {
      name: BENCHMARK_BACKENDS,
      pids: () => postgresChildren(postmaster, (c) => part(c) === "benchmark"),
      judged: false,
    },
    { name: "kafka", pids: () => listenerPids(postgres.brokerPort) },
  ];
}

/** The pids in `ss -ltnpH` output (`users:(("java",pid=7623,fd=130))`). */
export function ssPids(output: string): number[] {
  return [...new Set([...output.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1])))];
}

/** The processes listening on TCP `port` of this machine. */
async function listenerPids(port: number): Promise<number[]> {
  const out = await new Deno.Command("ss", { args: ["-ltnpH", `sport = :${port}`] }).output();
  return ssPids(new TextDecoder().decode(out.stdout));
}

/** The postmaster's pid: the first line of `postmaster.pid` in the server's data directory. */
export async function postmasterPid(dataDirectory: string): Promise<number> {
  const text = await Deno.readTextFile(`${dataDirectory}/postmaster.pid`);
  const pid = Number(text.split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) {
    throw new Error(`no pid in ${dataDirectory}/postmaster.pid`);
  }
  return pid;
}

async function residentOf(pids: number[]): Promise<Resident> {
  let rss = 0;
  let pss = 0;
  let own = 0;
  let processes = 0;
  for (const pid of pids) {
    const status = await Deno.readTextFile(`/proc/${pid}/status`).catch(() => "");
    const r = vmRssKiB(status);
    if (r === undefined) continue; // gone meanwhile
    const rollup = await Deno.readTextFile(`/proc/${pid}/smaps_rollup`).catch(() => "");
    rss += r;
    pss += pssKiB(rollup) ?? r;
    own += privateKiB(rollup) ?? r;
    processes++;
  }
  return { processes, rssKiB: rss, pssKiB: pss, privateKiB: own };
}

/** One sample of every group. */
export async function sampleResident(
  groups: readonly ProcessGroup[],
): Promise<Record<string, Resident>> {
  const out: Record<string, Resident> = {};
  for (const g of groups) out[g.name] = await residentOf(await g.pids());
  return out;
}

/** KiB as MiB with one decimal. */
export const mib = (kib: number): string => (kib / 1024).toFixed(1);
