/**
 * Where bench:starvation runs the API and the pipeline (`BENCH_STARVATION_PLACEMENT`):
 * - `shared`, the default: every process may run on every core, as on one host;
 * - `split`: two hosts emulated on one machine's cores. The API's side (the edge, the job
 *   service, the run's broker, the benchmark's client and their Postgres backends) is pinned to
 *   the first half of the cores, the pipeline's side (embedding, matching, delivery, the site,
 *   the console and their backends) to the rest. Postgres's own processes (the WAL writer,
 *   checkpointer, vacuum, and the benchmark's autovacuum stand-in) stay on every core: on two
 *   hosts they would be a third's.
 * Pinning is `taskset` (util-linux), of every thread of a process, for each process or backend
 * (of the run's database) not pinned yet, once a second: the pipeline's services are restarted between the phases and
 * pools open backends as they need them.
 * @module
 */
import type { ServiceKind, Sql } from "@hire/db";
import type { ServiceName } from "../../deploy/local/services.ts";

/** How the run places its processes. */
export type Placement = "shared" | "split";

/** The two sides of a split run, as `taskset` CPU lists. */
export interface Sides {
  api: string;
  pipeline: string;
}

/** The side each of the fleet's services is on (their names in the chaos suite's fleet). */
export const SERVICE_SIDES = {
  edge: "api",
  job: "api",
  embed: "pipeline",
  match: "pipeline",
  deliver: "pipeline",
  site: "pipeline",
  console: "pipeline",
} as const satisfies Record<ServiceName, keyof Sides>;

// Postgres backends by their pool's application_name, the service's kind (the services name
// their pools so). The benchmark's own pool ("chaos") samples the backlog and runs the
// autovacuum stand-in, which stands for Postgres's own workers: like them it stays on every
// core, as does the operator's command line.
const BACKEND_SIDES: Record<Exclude<ServiceKind, "admin">, keyof Sides> = {
  edge: "api",
  job: "api",
  embedding: "pipeline",
  matching: "pipeline",
  delivery: "pipeline",
  site: "pipeline",
  console: "pipeline",
};

/** Reads `BENCH_STARVATION_PLACEMENT`. */
export function readPlacement(value: string | undefined): Placement {
  if (value === undefined || value === "" || value === "shared") return "shared";
  if (value === "split") return "split";
  throw new Error(`BENCH_STARVATION_PLACEMENT must be "shared" or "split", not "${value}"`);
}

/** The first half of `cpus` cores for the API, the rest for the pipeline. */
export function splitCores(cpus: number): Sides {
  if (!Number.isInteger(cpus) || cpus < 2) {
    throw new Error(`a split placement needs at least 2 cores; this machine has ${cpus}`);
  }
  const half = Math.floor(cpus / 2);
  const range = (from: number, to: number) => from === to ? `${from}` : `${from}-${to}`;
  return { api: range(0, half - 1), pipeline: range(half, cpus - 1) };
}

/** The side of a Postgres backend, by its application_name; undefined: left where it is. */
export const backendSide = (applicationName: string): keyof Sides | undefined =>
  Object.hasOwn(BACKEND_SIDES, applicationName)
    ? BACKEND_SIDES[applicationName as keyof typeof BACKEND_SIDES]
    : undefined;

const alive = (pid: number) => Deno.stat(`/proc/${pid}`).then(() => true, () => false);

/** Pins every thread of `pid` to `cpus` (a `taskset` list); false if the process is gone. */
export async function pin(pid: number, cpus: string): Promise<boolean> {
  if (!await alive(pid)) return false;
  const out = await new Deno.Command("taskset", {
    args: ["--all-tasks", "--pid", "--cpu-list", cpus, String(pid)],
    stdout: "null",
    stderr: "piped",
  }).output();
  if (out.success) return true;
  if (!await alive(pid)) return false;
  throw new Error(`taskset ${cpus} ${pid}: ${new TextDecoder().decode(out.stderr).trim()}`);
}

/** What the pinning reads each second. */
export interface PinningDeps {
  sql: Sql;
  /** The fleet's services' pids (a stopped one's last). */
  services: () => Record<ServiceName, number>;
  /** The pids on the API's side besides the services': the run's broker, this process. */
  apiPids: () => Promise<number[]>;
}

/** Pins what is not pinned yet every `intervalMs`, until stopped. */
export function startPinning(deps: PinningDeps, sides: Sides, intervalMs = 1000) {
  const pinned = new Set<number>();
  const pinOnce = async (pid: number, side: keyof Sides) => {
    if (pinned.has(pid)) return;
    if (await pin(pid, sides[side])) pinned.add(pid);
  };
  const round = async () => {
    for (const [name, pid] of Object.entries(deps.services())) {
      await pinOnce(pid, SERVICE_SIDES[name as ServiceName]);
    }
    for (const pid of await deps.apiPids()) await pinOnce(pid, "api");
    const backends = await deps.sql<{ pid: number; app: string }[]>`
      SELECT pid, application_name AS app FROM pg_stat_activity
      WHERE backend_type = 'client backend' AND datname = current_database()`;
    for (const b of backends) {
      const side = backendSide(b.app);
      if (side) await pinOnce(b.pid, side);
    }
  };
  let stopped = false;
  let failed: unknown;
  // A failure ends the loop and is thrown by stop(): a run half pinned measures nothing.
  const loop = (async () => {
    while (!stopped) {
      try {
        await round();
      } catch (err) {
        failed = err;
        return;
      }
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  return {
    /** Pins what runs now, at once (before a phase starts). */
    round,
    /** Ends the loop; throws what made it fail, if anything did. */
    async stop() {
      stopped = true;
      await loop;
      if (failed) throw failed;
    },
  };
}
