/**
 * Background work gives way to the API: the embedding service runs at a lower CPU priority
 * (a positive nice value, `EMBEDDING_NICE`), so on a machine it shares with the edge and the
 * job service the scheduler serves their requests first and the model gets what is left.
 * @module
 */
import { setPriority } from "node:os";

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
