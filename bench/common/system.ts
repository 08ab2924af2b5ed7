/**
 * Finds the running system, or starts `deno task dev` in its own process group (so that
 * it and every service it runs can be stopped together) and stops it again afterwards.
 * @module
 */
import { ROOT, step } from "./proc.ts";

/** The edge the benchmarks load: `BENCH_URL`, else loopback on `PORT` (8080). */
export function benchBaseUrl(): string {
  return (Deno.env.get("BENCH_URL") ?? `http://127.0.0.1:${Deno.env.get("PORT") ?? 8080}`)
    .replace(/\/+$/, "");
}

/**
 * The system at `baseUrl` when it is running (undefined: nothing to stop), otherwise
 * `deno task dev` started for the benchmark, to be stopped when it ends.
 */
export async function systemFor(baseUrl: string): Promise<StartedSystem | undefined> {
  if (await isReady(baseUrl)) return undefined;
  step(`${baseUrl}/readyz does not answer 200; starting deno task dev`);
  return await startSystem(baseUrl);
}

/** Whether the edge answers 200 on /readyz. */
export async function isReady(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(3000) });
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** A `deno task dev` started by the benchmark. */
export interface StartedSystem {
  pgid: number;
  logPath: string;
  stop(): Promise<void>;
}

async function processGroup(pid: number): Promise<number> {
  const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
  // Fields after the parenthesised command name: state, ppid, pgrp, …
  const pgrp = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
  if (!Number.isInteger(pgrp) || pgrp <= 0) throw new Error(`no process group for ${pid}`);
  return pgrp;
}

/** Pids of the live processes in process group `pgid`. */
async function groupMembers(pgid: number): Promise<number[]> {
  const pids: number[] = [];
  for await (const e of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    const pgrp = await processGroup(Number(e.name)).catch(() => 0);
    if (pgrp === pgid) pids.push(Number(e.name));
  }
  return pids;
}

async function pump(stream: ReadableStream<Uint8Array>, file: Deno.FsFile): Promise<void> {
  for await (const chunk of stream) await file.write(chunk);
}

/** The last lines of a log file, for error messages. */
export async function tail(path: string, lines = 30): Promise<string> {
  const text = await Deno.readTextFile(path).catch(() => "");
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}

/**
 * Benchmarks measure the system's capacity, not a plan's: the system they start allows
 * every plan a billion requests a minute and jobs a month. The limiter still counts every
 * request, so its cost is in the figures. A system already running keeps its own limits.
 */
export const LIFTED_PLAN_LIMITS: Record<string, string> = Object.fromEntries(
  ["SANDBOX", "GROWTH", "SCALE"].flatMap((plan) => [
    [`PLAN_${plan}_REQUESTS_PER_MINUTE`, "1000000000"],
    [`PLAN_${plan}_JOBS_PER_MONTH`, "1000000000"],
  ]),
);

/**
 * Likewise the public site's page views per client address: every request of a benchmark
 * comes from 127.0.0.1, which the default (600 a minute) would answer with 429s.
 */
export const LIFTED_SITE_LIMIT: Record<string, string> = {
  SITE_RATE_LIMIT_PER_MINUTE: "1000000000",
};

/** Starts `deno task dev` and resolves once /readyz answers 200 (within `timeoutMs`). */
export async function startSystem(baseUrl: string, timeoutMs = 120_000): Promise<StartedSystem> {
  const logPath = await Deno.makeTempFile({ prefix: "bench-dev-", suffix: ".log" });
  const log = await Deno.open(logPath, { write: true, append: true });
  // setsid makes the task runner the leader of a new session and process group, which
  // its children (dev.ts and the services) inherit. Kafka detaches into its own session.
  const child = new Deno.Command("setsid", {
    args: [Deno.execPath(), "task", "dev"],
    cwd: ROOT,
    env: { ...LIFTED_PLAN_LIMITS, ...LIFTED_SITE_LIMIT },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const pumped = Promise.all([pump(child.stdout, log), pump(child.stderr, log)])
    .catch(() => {})
    .finally(() => log.close());
  const pgid = await processGroup(child.pid).catch(() => child.pid);
  step(`started deno task dev (process group ${pgid}, log ${logPath})`);

  let exited = false;
  const status = child.status.then((s) => {
    exited = true;
    return s;
  });
  const stop = async () => {
    if (!exited) {
      signalGroup(pgid, "SIGTERM");
      const timer = setTimeout(() => signalGroup(pgid, "SIGKILL"), 20_000);
      await status;
      clearTimeout(timer);
    }
    // dev.ts waits for its services, but make sure no straggler of the group survives.
    if ((await groupMembers(pgid)).length) signalGroup(pgid, "SIGKILL");
    await pumped;
    step("stopped deno task dev");
  };

  const until = Date.now() + timeoutMs;
  while (!await isReady(baseUrl)) {
    if (exited) {
      await pumped;
      throw new Error(`deno task dev exited early:\n${await tail(logPath)}`);
    }
    if (Date.now() > until) {
      await stop();
      throw new Error(
        `${baseUrl}/readyz not ready within ${timeoutMs / 1000} s:\n${await tail(logPath)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { pgid, logPath, stop };
}

function signalGroup(pgid: number, signal: Deno.Signal): void {
  try {
    Deno.kill(-pgid, signal);
  } catch {
    // The group is gone already.
  }
}
