/**
 * Describes the machine and the software under test, for the results.
 * @module
 */
import { commandOutput, ROOT } from "./proc.ts";

/** The machine a run was made on. */
export interface Machine {
  nproc: number;
  cpuModel: string;
  /** The vector extensions the model's int8 kernels use where the CPU has them. */
  cpuVectorExtensions: string;
  memoryGiB: number;
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

async function read(path: string): Promise<string> {
  return await Deno.readTextFile(path).catch(() => "");
}

async function firstLine(cmd: string, args: string[]): Promise<string> {
  const out = await commandOutput(cmd, args);
  return out.success ? (out.stdout + out.stderr).trim().split("\n")[0] ?? "" : "";
}

/** The server's version and its cache, which sets how fast matching's searches run. */
async function postgresVersion(): Promise<string> {
  const url = Deno.env.get("DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/hire";
  const server = await firstLine("psql", [
    url,
    "-Atc",
    "SELECT current_setting('server_version') || ', shared_buffers ' || " +
    "current_setting('shared_buffers')",
  ]);
  return server ? `PostgreSQL ${server}` : "unknown";
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
    os: osRelease.match(/^PRETTY_NAME="?([^"\n]*)"?$/m)?.[1] ?? Deno.build.os,
    kernel: await firstLine("uname", ["-r"]),
    deno: `Deno ${Deno.version.deno} (V8 ${Deno.version.v8})`,
    postgres: await postgresVersion(),
    kafka: await kafkaVersion(),
    java: (await commandOutput("java", ["-version"])).stderr.trim().split("\n")[0] ?? "",
    loadGenerator,
  };
}
