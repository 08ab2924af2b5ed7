/**
 * The system's services (`deploy/local/services.ts`, `deno task dev`'s list) each as a
 * `deno run -A <entry>` process of its own, with an environment per service and optional
 * extra flags per service (e.g. `--cpu-prof` for one of them). Each one's output is appended
 * to `<logDir>/<name>.log`. Nothing restarts a service that exits: the run fails instead.
 * @module
 */
import { type ServiceName, SERVICES } from "../../deploy/local/services.ts";
import { ROOT } from "./proc.ts";
import { tail } from "./system.ts";

/** The running services. */
export interface ServiceProcesses {
  pids: Record<ServiceName, number>;
  /** Services that exited since they started (none should, before `stop`). */
  exited(): ServiceName[];
  /** The last lines of a service's log, for error messages. */
  logTail(name: ServiceName): Promise<string>;
  /** SIGTERM to every service (the edge first), SIGKILL to any still running after 20 s. */
  stop(): Promise<void>;
}

/** Starts `names` (default: every service) in `deno task dev`'s order. */
export async function startServiceProcesses(opts: {
  env: (name: ServiceName) => Record<string, string>;
  logDir: string;
  flags?: Partial<Record<ServiceName, string[]>>;
  names?: readonly ServiceName[];
}): Promise<ServiceProcesses> {
  await Deno.mkdir(opts.logDir, { recursive: true });
  const selected = SERVICES.filter((s) => !opts.names || opts.names.includes(s.name));
  const children = new Map<ServiceName, Deno.ChildProcess>();
  const gone = new Set<ServiceName>();
  const logOf = (name: ServiceName) => `${opts.logDir}/${name}.log`;
  for (const { name, entry } of selected) {
    // One handle per stream (a pipe locks its writable), both appending to the one log.
    const open = () => Deno.open(logOf(name), { create: true, append: true });
    const [out, err] = [await open(), await open()];
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", ...(opts.flags?.[name] ?? []), entry],
      cwd: ROOT,
      env: opts.env(name),
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    child.stdout.pipeTo(out.writable).catch(() => {});
    child.stderr.pipeTo(err.writable).catch(() => {});
    child.status.then(() => gone.add(name));
    children.set(name, child);
  }
  return {
    pids: Object.fromEntries([...children].map(([n, c]) => [n, c.pid])) as Record<
      ServiceName,
      number
    >,
    exited: () => [...gone],
    logTail: (name) => tail(logOf(name)),
    async stop() {
      for (const name of [...children.keys()].reverse()) {
        const child = children.get(name)!;
        try {
          child.kill("SIGTERM");
        } catch { /* exited already */ }
        const timer = setTimeout(() => {
          try {
            child.kill("SIGKILL");
          } catch { /* exited already */ }
        }, 20_000);
        await child.status;
        clearTimeout(timer);
      }
    },
  };
}
