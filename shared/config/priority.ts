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

/**
 * Sets the nice value of every thread of this process; 0 leaves them as they are. Linux
 * keeps a nice value per thread, so setting the process's alone would miss the threads
 * already running; threads started later (onnxruntime's pool, opened after this) inherit
 * it from the thread that starts them.
 */
export function lowerCpuPriority(nice: number, threads: () => number[] = processThreads): void {
  if (nice === 0) return;
  for (const tid of threads()) setPriority(tid, nice);
}

/** A nice-value variable (0 to 19; 0 leaves the priority alone) with its default. */
export const niceVar = (def: number) => z.coerce.number().int().min(0).max(19).default(def);
