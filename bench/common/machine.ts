/**
 * Describes the machine and the software under test, for the results.
 * @module
 */
import {
  type HugePages,
  hugePagesInUse,
  hugePagesOf,
} from "../../deploy/local/postgres_huge_pages.ts";
import { commandOutput, ROOT } from "./proc.ts";

/** The machine a run was made on. */
export interface Machine {
  nproc: number;
  cpuModel: string;
  /** The vector extensions the model's int8 kernels use where the CPU has them. */
  cpuVectorExtensions: string;
  memoryGiB: number;
  /** Whether the kernel evicts memory left untouched before it runs short, and when (DAMON). */
  proactiveReclaim: string;
  os: string;
  kernel: string;
  deno: string;
  postgres: string;
  kafka: string;
  java: string;
  loadGenerator: string;
}

/**
 * Extensions that set how fast onnxruntime runs the quantized model: a VM's model name often
 * hides the CPU ("AMD EPYC"), and the same name has run it at 111 and at 530 texts/s.
 */
const VECTOR_EXTENSIONS = ["avx2", "avx512f", "avx512_vnni", "avx_vnni", "amx_int8"];

/** Which of {@link VECTOR_EXTENSIONS} `/proc/cpuinfo`'s first `flags` line lists. */
export function vectorExtensions(cpuinfo: string): string {
  const flags = new Set(cpuinfo.match(/^flags\s*:\s*(.*)$/m)?.[1]?.split(/\s+/) ?? []);
  const found = VECTOR_EXTENSIONS.filter((f) => flags.has(f));
  return found.length ? found.join(", ") : `none of ${VECTOR_EXTENSIONS.join(", ")}`;
}

/** One DAMON scheme of a running kdamond, as its sysfs files give it. */
export interface DamonScheme {
  action: string;
  /** The least age of the regions it acts on, in aggregation intervals. */
  minAge: number;
  /** The aggregation interval, µs. */
  aggrUs: number;
}

/**
 * Proactive reclaim in words. A DAMON `pageout` scheme evicts memory left untouched for its
 * least age, file pages included, however much is free: on 2026-12-02's third machine it
 * evicted what a service read at its start once the service had been stopped a minute, and
 * the service's restart read it back from a disk that then made every commit wait.
 */
export function reclaimDescription(schemes: readonly DamonScheme[]): string {
  const evicting = schemes.filter((s) => s.action === "pageout");
  if (!evicting.length) return "none (no DAMON pageout scheme running)";
  return evicting
    .map((s) => `DAMON pageout of memory untouched for ${(s.minAge * s.aggrUs) / 1e6} s`)
    .join("; ");
}

/** The schemes of every kdamond that is on, from DAMON's sysfs folder of kdamonds. */
export async function damonSchemes(
  root = "/sys/kernel/mm/damon/admin/kdamonds",
): Promise<DamonScheme[]> {
  const names = async (dir: string) => {
    const found: string[] = [];
    try {
      for await (const e of Deno.readDir(dir)) if (/^\d+$/.test(e.name)) found.push(e.name);
    } catch { /* no DAMON here */ }
    return found;
  };
  const schemes: DamonScheme[] = [];
  for (const k of await names(root)) {
    if ((await read(`${root}/${k}/state`)).trim() !== "on") continue;
    for (const c of await names(`${root}/${k}/contexts`)) {
      const context = `${root}/${k}/contexts/${c}`;
      const aggrUs = Number(await read(`${context}/monitoring_attrs/intervals/aggr_us`));
      for (const s of await names(`${context}/schemes`)) {
        schemes.push({
          action: (await read(`${context}/schemes/${s}/action`)).trim(),
          minAge: Number(await read(`${context}/schemes/${s}/access_pattern/age/min`)),
          aggrUs,
        });
      }
    }
  }
  return schemes;
}

async function read(path: string): Promise<string> {
  return await Deno.readTextFile(path).catch(() => "");
}

async function firstLine(cmd: string, args: string[]): Promise<string> {
  const out = await commandOutput(cmd, args);
  return out.success ? (out.stdout + out.stderr).trim().split("\n")[0] ?? "" : "";
}

/**
 * The server's version, its cache and the pages that cache is mapped in, which set how fast
 * matching's searches run (deploy/local/postgres_huge_pages.ts).
 */
async function postgresVersion(meminfo: string): Promise<string> {
  const url = Deno.env.get("DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/hire";
  const line = await firstLine("psql", [
    url,
    "-Atc",
    "SELECT current_setting('server_version') || ', shared_buffers ' || " +
    "current_setting('shared_buffers') || '|' || " +
    // A server set not to use huge pages needs none: `deno task infra` leaves it alone.
    "CASE WHEN current_setting('huge_pages') <> 'off' THEN " +
    "coalesce(current_setting('shared_memory_size_in_huge_pages', true), '') ELSE '' END",
  ]);
  if (!line) return "unknown";
  const [server, needed] = line.split("|");
  const pages = pagesDescription(hugePagesOf(meminfo), Number(needed) || undefined);
  return `PostgreSQL ${server}, ${pages}`;
}

/**
 * Whether the machine's huge pages are in use (by PostgreSQL's cache, on these machines), and
 * when none are though some are reserved, what the server needs (`needed`, PostgreSQL 15 and
 * later): `huge_pages = try` falls back to 4 kB pages without a word when a setting grows its
 * shared memory past the reservation (loading `pg_stat_statements` did, by one page).
 */
export function pagesDescription(pages: HugePages, needed?: number): string {
  const inUse = hugePagesInUse(pages);
  if (inUse > 0) return `${inUse} of ${pages.total} huge pages in use`;
  if (pages.total > 0 && needed !== undefined && needed > pages.total) {
    return `no huge pages in use: PostgreSQL needs ${needed}, ${pages.total} reserved ` +
      "(`deno task infra` reserves them)";
  }
  return `no huge pages in use (${pages.total} reserved)`;
}

async function kafkaVersion(): Promise<string> {
  try {
    for await (const e of Deno.readDir(`${ROOT}.local/kafka/libs`)) {
      const m = e.name.match(/^kafka-server-(\d[\w.-]*)\.jar$/);
      if (m) return `Kafka ${m[1]} (KRaft, single node)`;
    }
  } catch { /* not the local broker */ }
  return "unknown";
}

/** Gathers the description; `loadGenerator` is passed in by the caller. */
export async function describeMachine(loadGenerator: string): Promise<Machine> {
  const cpuinfo = await read("/proc/cpuinfo");
  const meminfo = await read("/proc/meminfo");
  const osRelease = await read("/etc/os-release");
  const memKb = Number(meminfo.match(/^MemTotal:\s+(\d+)/m)?.[1] ?? 0);
  const nproc = Number(await firstLine("nproc", [])) || navigator.hardwareConcurrency;
  return {
    nproc,
    cpuModel: cpuinfo.match(/^model name\s*:\s*(.+)$/m)?.[1]?.trim() ?? "unknown",
    cpuVectorExtensions: vectorExtensions(cpuinfo),
    memoryGiB: Math.round((memKb / 1024 / 1024) * 10) / 10,
    proactiveReclaim: reclaimDescription(await damonSchemes()),
    os: osRelease.match(/^PRETTY_NAME="?([^"\n]*)"?$/m)?.[1] ?? Deno.build.os,
    kernel: await firstLine("uname", ["-r"]),
    deno: `Deno ${Deno.version.deno} (V8 ${Deno.version.v8})`,
    postgres: await postgresVersion(meminfo),
    kafka: await kafkaVersion(),
    java: (await commandOutput("java", ["-version"])).stderr.trim().split("\n")[0] ?? "",
    loadGenerator,
  };
}
