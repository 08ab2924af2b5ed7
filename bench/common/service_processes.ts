/**
 * The system's services (`deploy/local/services.ts`, `deno task dev`'s list) each as a
 * `deno run -A <entry>` process of its own, with an environment per service and optional
 * extra flags per service (e.g. `--cpu-prof` for one of them). Each one's output is appended
 * to `<logDir>/<name>.log`. Nothing restarts a service that exits: the run fails instead.
 * @module
 */
import { freePort } from "@hire/testing/ports.ts";
import type { GroupIds, TopicNames } from "@hire/topology";
import { serviceCommand, type ServiceName, SERVICES } from "../../deploy/local/services.ts";
import { isReady, LIFTED_PLAN_LIMITS, LIFTED_SITE_LIMIT, tail } from "./system.ts";

/** The running services. */
export interface ServiceProcesses {
  pids: Record<ServiceName, number>;
  /** Services that exited since they started (none should, before `stop`). */
  exited(): ServiceName[];
  /** The last lines of a service's log, for error messages. */
  logTail(name: ServiceName): Promise<string>;
  /** The file a service's output is appended to. */
  logPath(name: ServiceName): string;
  /** SIGTERM to every service (the edge first), SIGKILL to any still running after 20 s. */
  stop(): Promise<void>;
}

/** Starts `names` (default: every service) in `deno task dev`'s order. */
export async function startServiceProcesses(opts: {
  env: (name: ServiceName) => Record<string, string>;
  logDir: string;
  flags?: Partial<Record<ServiceName, string[]>>;
  names?: readonly ServiceName[];
  /** The tree the services run from (default: this repository). */
  cwd?: string;
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
    const child = serviceCommand(entry, {
      env: opts.env(name),
      denoFlags: opts.flags?.[name],
      cwd: opts.cwd,
    }).spawn();
    child.stdout.pipeTo(out.writable).catch(() => {});
    child.stderr.pipeTo(err.writable).catch(() => {});
    child.status.then(() => gone.add(name));
    children.set(name, child);
  }
  // Interrupted (Ctrl-C, a timeout's SIGTERM): the services must not outlive the benchmark.
  const signals = ["SIGINT", "SIGTERM"] as const;
  const onSignal = () => {
    for (const child of children.values()) {
      try {
        child.kill("SIGTERM");
      } catch { /* exited already */ }
    }
    Deno.exit(130);
  };
  for (const signal of signals) Deno.addSignalListener(signal, onSignal);
  return {
    pids: Object.fromEntries([...children].map(([n, c]) => [n, c.pid])) as Record<
      ServiceName,
      number
    >,
    exited: () => [...gone],
    logTail: (name) => tail(logOf(name)),
    logPath: logOf,
    async stop() {
      for (const signal of signals) Deno.removeSignalListener(signal, onSignal);
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

/** What a run's services share: topics, consumer groups, the broker, a login per service. */
export interface RunStack {
  topics: TopicNames;
  groups: GroupIds;
  brokers: string;
  /** The database URL a service logs in with, as its own role. */
  urlOf(name: ServiceName): string;
}

/**
 * Starts the system (or `names` of it) on `stack` with ports of its own, plan and site limits
 * lifted as in every benchmark; resolves once the edge's /readyz answers 200, and fails with
 * the logs' last lines when a service exits first or nothing is ready within 180 s.
 */
export async function startRunningSystem(
  stack: RunStack,
  opts: Omit<Parameters<typeof startServiceProcesses>[0], "env"> & {
    /** Added to every service's environment. */
    env?: Record<string, string>;
  },
): Promise<{ edgeUrl: string; services: ServiceProcesses }> {
  const ports = { edge: freePort(), site: freePort(), console: freePort() };
  const edgeUrl = `http://127.0.0.1:${ports.edge}`;
  const env = {
    ...LIFTED_PLAN_LIMITS,
    ...LIFTED_SITE_LIMIT,
    ...stack.topics,
    ...stack.groups,
    KAFKA_BROKERS: stack.brokers,
    PORT: String(ports.edge),
    SITE_PORT: String(ports.site),
    CONSOLE_PORT: String(ports.console),
    PUBLIC_BASE_URL: edgeUrl,
    SITE_BASE_URL: `http://127.0.0.1:${ports.site}`,
    CONSOLE_BASE_URL: `http://127.0.0.1:${ports.console}`,
    ...opts.env,
  };
  const services = await startServiceProcesses({
    ...opts,
    env: (name) => ({ ...env, DATABASE_URL: stack.urlOf(name) }),
  });
  const until = Date.now() + 180_000;
  while (!await isReady(edgeUrl)) {
    const exited = services.exited();
    if (exited.length || Date.now() > until) {
      await services.stop();
      const why = exited.length ? `${exited.join(", ")} exited` : "not ready within 180 s";
      const logs = await Promise.all(
        (exited.length ? exited : ["edge" as const]).map(async (n) =>
          `--- ${n}\n${await services.logTail(n)}`
        ),
      );
      throw new Error(`the system: ${why}\n${logs.join("\n")}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { edgeUrl, services };
}
