/**
 * Background work gives way to the API: a background service runs at a lower CPU priority (a
 * positive nice value, e.g. `EMBEDDING_NICE`), so on a machine it shares with the edge and the
 * job service the scheduler serves requests first and background work gets what is left. The
 * Postgres and Kafka work it causes runs at the servers' priority.
 * @module
 */
import { setPriority } from "node:os";
import { z } from "zod";

/** The ids of this process's threads (Linux), or just the calling one where /proc is missing. */
function processThreads(): number[] {
  try {
    return [...Deno.readDirSync("/proc/self/task")].map((e) => Number(e.name));
  } catch {
    return [0];
  }
}

/** Whether this process leads a session: the session's id is its pid (`/proc/self/stat`). */
function leadsSession(): boolean {
  try {
    const afterName = Deno.readTextFileSync("/proc/self/stat").split(") ")[1]!.split(" ");
    return Number(afterName[3]) === Deno.pid;
  } catch {
    return false;
  }
}

/**
 * Sets the nice value of every thread of this process; 0 leaves them as they are. Linux
 * keeps a nice value per thread, so setting the process's alone would miss the threads
 * already running; threads started later (onnxruntime's pool, opened after this) inherit
 * it from the thread that starts them.
 *
 * Outside cgroups, Linux schedules each session as one group (autogroups, on by default),
 * and thread nice values rank only the threads of their group: against the edge's group, a
 * group weighs by its own nice value. So a process that leads its session, as `deno task
 * dev` starts every service, sets its group's too (`/proc/self/autogroup`). One that does
 * not shares its group with the rest of its session (a developer's shell, say) and leaves
 * the group alone. Under compose each container is a cgroup, which autogroups do not reach;
 * there `cpu_shares` weighs the service (docker-compose.yml).
 */
export function lowerCpuPriority(nice: number, threads: () => number[] = processThreads): void {
  if (nice === 0) return;
  for (const tid of threads()) setPriority(tid, nice);
  if (!leadsSession()) return;
  try {
    Deno.writeTextFileSync("/proc/self/autogroup", String(nice));
  } catch {
    // A kernel without autogroups: the threads' values are all there is.
  }
}

/** A nice-value variable (0 to 19; 0 leaves the priority alone) with its default. */
export const niceVar = (def: number) => z.coerce.number().int().min(0).max(19).default(def);
