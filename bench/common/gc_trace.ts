/**
 * A Deno process's live heap as V8 reports it after each of its own major collections
 * (`--trace-gc`), read from the process's output: nothing is attached and no collection is
 * forced. Reading it through the inspector after a forced collection every 30 s instead freed,
 * at each read, the garbage the resident sizes are judged with (docs/performance.md, Memory
 * soak).
 * @module
 */
import { statFields, TICKS_PER_S } from "./cpu.ts";

/** The Deno flags that make V8 print a line after each major collection, none after a minor. */
export const GC_TRACE_FLAGS = ["--v8-flags=--trace-gc,--trace-gc-ignore-scavenger"];

/** One major collection, its sizes in MiB (V8 prints MB, meaning 2^20 bytes). */
export interface MajorCollection {
  /** Milliseconds since the process's isolate started. */
  ms: number;
  /** Objects in the heap before the collection, garbage included. */
  beforeMiB: number;
  /** Objects left after it: the live heap, plus what was allocated while marking ran. */
  afterMiB: number;
  /** The heap V8 kept reserved after it. */
  reservedAfterMiB: number;
}

// `[pid:0x…]   12345 ms: Incremental Mark-Compact 55.6 (74.8) -> 15.8 (38.2) MB, …`, or a
// `Mark-Compact (reduce)`; minor collections (Scavenge) are not printed with the flags above.
const LINE =
  /^\[\d+:0x[0-9a-f]+\]\s+([\d.]+) ms: (?:Incremental )?Mark-Compact(?: \([a-z ]+\))? ([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB/;

/** The major collections in a process's output; other lines (its own logs) are skipped. */
export function majorCollections(output: string): MajorCollection[] {
  return output.split("\n").flatMap((line) => {
    const m = LINE.exec(line);
    if (!m) return [];
    const [ms, beforeMiB, , afterMiB, reservedAfterMiB] = m.slice(1).map(Number);
    return [{
      ms: ms!,
      beforeMiB: beforeMiB!,
      afterMiB: afterMiB!,
      reservedAfterMiB: reservedAfterMiB!,
    }];
  });
}

/**
 * When a process started, in ms since the epoch, from `/proc/<pid>/stat` (its start in clock
 * ticks since boot) and `/proc/stat` (boot, to the second): V8's times count from its isolate's
 * start, a few tens of milliseconds later, which a trend over minutes does not feel.
 */
export async function processStartedAt(pid: number): Promise<number> {
  const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
  const ticks = Number(statFields(stat)[19]);
  const boot = Number((await Deno.readTextFile("/proc/stat")).match(/^btime (\d+)$/m)?.[1]);
  if (!Number.isFinite(ticks) || !Number.isFinite(boot)) {
    throw new Error(`no start time for process ${pid}`);
  }
  return boot * 1000 + (ticks * 1000) / TICKS_PER_S;
}
