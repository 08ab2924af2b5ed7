/**
 * Finds the running system, or starts `deno task dev` in its own process group (so that
 * it and every service it runs can be stopped together) and stops it again afterwards.
 * @module
 */
import { statFields } from "./cpu.ts";
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

/** A process's group, and whether it has exited and waits only to be reaped (a zombie). */
export async function processGroup(pid: number): Promise<{ pgrp: number; zombie: boolean }> {
  const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
  const [state, , pgrp] = statFields(stat);
  return { pgrp: Number(pgrp), zombie: state === "Z" };
}

/** Pids of the live processes in process group `pgid` (zombies have exited: not counted). */
export async function groupMembers(pgid: number): Promise<number[]> {
  const pids: number[] = [];
  for await (const e of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    const p = await processGroup(Number(e.name)).catch(() => undefined);
    if (p?.pgrp === pgid && !p.zombie) pids.push(Number(e.name));
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

/** A command started as the leader of a process group of its own, with its output in a file. */
export interface StartedGroup {
  /** The group's id: the leader's pid. */
  pgid: number;
  /** Whether the leader has exited. */
  hasExited(): boolean;
  /**
   * SIGTERM to the whole group, SIGKILL after `graceMs` if the leader is still running, then
   * SIGKILL to any straggler of the group; resolves once the output is written.
   */
  stop(graceMs?: number): Promise<void>;
  /** Resolves once the output is written (after the leader and every writer exit). */
  drained: Promise<void>;
}

/**
 * Starts `command` with `args` leading a new session and process group (`detached`: the child
 * calls setsid before it runs the command), so the group's id is the child's pid from the start
 * and signalling it reaches every process the command starts. Output goes to `logPath`.
 */
export async function startGroup(
  command: string,
  args: string[],
  opts: { cwd?: string; env?: Record<string, string>; logPath: string },
): Promise<StartedGroup> {
  const log = await Deno.open(opts.logPath, { write: true, append: true, create: true });
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(command, {
      args,
      cwd: opts.cwd,
      env: opts.env,
      detached: true,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
  } catch (e) {
    log.close();
    throw e;
  }
  const drained = Promise.all([pump(child.stdout, log), pump(child.stderr, log)])
    .then(() => {}, () => {})
    .finally(() => log.close());
  const pgid = child.pid;
  let hasExited = false;
  const exited = child.status.finally(() => {
    hasExited = true;
  });
  return {
    pgid,
    hasExited: () => hasExited,
    drained,
    async stop(graceMs = 20_000) {
      if (!hasExited) {
        signalGroup(pgid, "SIGTERM");
        const timer = setTimeout(() => signalGroup(pgid, "SIGKILL"), graceMs);
        await exited;
        clearTimeout(timer);
      }
      // The leader may exit before what it started; a SIGKILL takes effect soon, not at once.
      const deadline = Date.now() + graceMs;
      while ((await groupMembers(pgid)).length && Date.now() < deadline) {
        signalGroup(pgid, "SIGKILL");
        await new Promise((r) => setTimeout(r, 20));
      }
      await drained;
    },
  };
}

/** Starts `deno task dev` and resolves once /readyz answers 200 (within `timeoutMs`). */
export async function startSystem(baseUrl: string, timeoutMs = 120_000): Promise<StartedSystem> {
  const logPath = await Deno.makeTempFile({ prefix: "bench-dev-", suffix: ".log" });
  const group = await startGroup(Deno.execPath(), ["task", "dev"], {
    cwd: ROOT,
    env: { ...LIFTED_PLAN_LIMITS, ...LIFTED_SITE_LIMIT },
    logPath,
  });
  // Kafka detaches into a session of its own and outlives the group, warm for the next run.
  step(`started deno task dev (process group ${group.pgid}, log ${logPath})`);
  const stop = async () => {
    // dev.ts waits for its services; the group's sweep catches any straggler.
    await group.stop();
    step("stopped deno task dev");
  };

  const until = Date.now() + timeoutMs;
  while (!await isReady(baseUrl)) {
    if (group.hasExited()) {
      await group.drained;
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
  return { pgid: group.pgid, logPath, stop };
}

function signalGroup(pgid: number, signal: Deno.Signal): void {
  try {
    Deno.kill(-pgid, signal);
  } catch {
    // The group is gone already.
  }
}
