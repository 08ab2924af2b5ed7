/**
 * Linux's pressure stall information for the CPU (`/proc/pressure/cpu`): the time, summed
 * since boot, during which at least one runnable task waited for a CPU. Its growth over an
 * interval is the share of that interval the machine had more work than cores, whoever's
 * work it was.
 * @module
 */

/** The `some` line's `total` (microseconds), or null when the text has none. */
export function parseCpuStallUs(text: string): number | null {
  const m = /^some\b.*\btotal=(\d+)/m.exec(text);
  return m ? Number(m[1]) : null;
}

/**
 * Reads the stall total; null where the kernel does not keep it (no PSI, or a container
 * that hides it), so callers can do without.
 */
export async function readCpuStallUs(path = "/proc/pressure/cpu"): Promise<number | null> {
  try {
    return parseCpuStallUs(await Deno.readTextFile(path));
  } catch {
    return null;
  }
}
