/**
 * The services as `deno task dev` runs them (the same list, each its own `deno run`
 * process), supervised: the suite kills one with SIGKILL on its real pid and starts it
 * again, and a service that exits by itself is recorded (a finding) and restarted, as an
 * orchestrator would. Each service's output is appended to `<logDir>/<name>.log`.
 * @module
 */
import { serviceCommand, type ServiceName, SERVICES } from "../../deploy/local/services.ts";

/** A service that exited without being asked to. */
export interface ServiceExit {
  service: ServiceName;
  code: number;
  signal: string | null;
  at: number;
}

/** The running services. */
export interface Fleet {
  pid(name: ServiceName): number;
  /** `kill -9` of the service's process; resolves once it has exited. */
  kill9(name: ServiceName): Promise<void>;
  /** Stops the service as an operator would (SIGTERM: it leaves its groups); resolves once it has exited. */
  terminate(name: ServiceName): Promise<void>;
  /** Starts a killed service again. */
  restart(name: ServiceName): Promise<void>;
  /** Services that exited by themselves, in order. */
  exits: ServiceExit[];
  /** SIGTERM to every service, SIGKILL to any still running 20 s later. */
  stop(): Promise<void>;
}

interface Running {
  child: Deno.ChildProcess;
  /** Set before the suite signals it, so its exit is not taken for a crash. */
  expected: boolean;
}

/**
 * Kills the services a run that died left behind (their pids are in `pidFile`), each only
 * if its environment has `marker` (`KAFKA_BROKERS=` the suite's broker): the same entry
 * points also run in other people's `deno task dev`.
 */
export async function removeLeftoverServices(pidFile: string, marker: string): Promise<void> {
  const pids = (await Deno.readTextFile(pidFile).catch(() => "")).split("\n").map(Number);
  for (const pid of pids.filter((p) => p > 0)) {
    const environ = await Deno.readTextFile(`/proc/${pid}/environ`).catch(() => "");
    if (environ.split("\0").includes(marker)) Deno.kill(pid, "SIGKILL");
  }
  await Deno.remove(pidFile).catch(() => {});
}

/**
 * Starts every service with its environment (`env(name)`), in `deno task dev`'s order;
 * each pid is appended to `pidFile`.
 */
export async function startFleet(opts: {
  env: (name: ServiceName) => Record<string, string>;
  logDir: string;
  pidFile: string;
  /**
   * Each service writes a map of V8's generated code (`/tmp/perf-<pid>.map`), so that
   * `perf` names its JavaScript (`bench/common/perf_split.ts`).
   */
  perfMapped?: boolean;
}): Promise<Fleet> {
  await Deno.mkdir(opts.logDir, { recursive: true });
  const running = new Map<ServiceName, Running>();
  const exits: ServiceExit[] = [];
  let stopping = false;

  // Profiles for bench:starvation (bench/README.md); read once, for every start of a service.
  const profileDir = Deno.env.get("CHAOS_CPU_PROF_DIR");
  const profiled = (Deno.env.get("CHAOS_CPU_PROF_SERVICES") ?? "").split(",");
  const profileFlags = (name: ServiceName) =>
    profileDir && profiled.includes(name)
      ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}/${name}`]
      : [];
  // The map's flag also turns V8's own log on, a file per process in the working directory.
  const perfFlags = opts.perfMapped
    ? ["--v8-flags=--perf-basic-prof,--logfile=/dev/null,--no-logfile-per-isolate"]
    : [];
  const started: number[] = [];
  const spawn = async (name: ServiceName) => {
    const { entry } = SERVICES.find((s) => s.name === name)!;
    const path = `${opts.logDir}/${name}.log`;
    const open = () => Deno.open(path, { create: true, append: true });
    const [out, err] = [await open(), await open()];
    const child = serviceCommand(entry, {
      env: opts.env(name),
      denoFlags: [...profileFlags(name), ...perfFlags],
    }).spawn();
    started.push(child.pid);
    await Deno.writeTextFile(opts.pidFile, `${child.pid}\n`, { append: true });
    await out.write(
      new TextEncoder().encode(
        `--- chaos: started pid ${child.pid} at ${new Date().toISOString()}\n`,
      ),
    );
    child.stdout.pipeTo(out.writable).catch(() => {});
    child.stderr.pipeTo(err.writable).catch(() => {});
    const entryOf: Running = { child, expected: false };
    running.set(name, entryOf);
    child.status.then(async (status) => {
      if (entryOf.expected || stopping) return;
      exits.push({ service: name, code: status.code, signal: status.signal, at: Date.now() });
      // An orchestrator restarts a crashed process (after a pause, as they back off); the
      // crash itself is the finding.
      await new Promise((r) => setTimeout(r, 1000));
      if (!stopping && running.get(name) === entryOf) await spawn(name);
    });
  };

  const current = (name: ServiceName) => {
    const r = running.get(name);
    if (!r) throw new Error(`${name} is not running`);
    return r;
  };

  for (const { name } of SERVICES) await spawn(name);

  return {
    pid: (name) => current(name).child.pid,
    async kill9(name) {
      const r = current(name);
      r.expected = true;
      Deno.kill(r.child.pid, "SIGKILL");
      await r.child.status;
    },
    async terminate(name) {
      const r = current(name);
      r.expected = true;
      Deno.kill(r.child.pid, "SIGTERM");
      await r.child.status;
    },
    async restart(name) {
      await spawn(name);
    },
    exits,
    async stop() {
      stopping = true;
      const all = [...running.values()];
      for (const r of all) {
        r.expected = true;
        try {
          r.child.kill("SIGTERM");
        } catch { /* already exited */ }
      }
      const timer = setTimeout(() => {
        for (const r of all) {
          try {
            r.child.kill("SIGKILL");
          } catch { /* already exited */ }
        }
      }, 20_000);
      await Promise.all(all.map((r) => r.child.status));
      clearTimeout(timer);
      // V8 never removes a map it wrote; each is about a megabyte.
      if (opts.perfMapped) {
        for (const pid of started) await Deno.remove(`/tmp/perf-${pid}.map`).catch(() => {});
      }
    },
  };
}
