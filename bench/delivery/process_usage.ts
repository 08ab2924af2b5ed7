/**
 * What one process costs over a window, read from /proc: its CPU time (user + system) as a
 * share of one core, and its resident size (VmRSS) sampled every 250 ms, so a figure can be
 * set beside the process that made it (the delivery service, the receivers, the bare sender).
 * @module
 */
import { sleep } from "@hire/testing/receiver.ts";
import { cpuTicks, TICKS_PER_S } from "../common/cpu.ts";
import { vmRssKiB } from "../common/rss.ts";

/** Resident size now, in KiB; undefined once the process is gone. */
export async function residentKiB(pid: number): Promise<number | undefined> {
  return vmRssKiB(await Deno.readTextFile(`/proc/${pid}/status`).catch(() => ""));
}

/** A process's cost over a window. */
export interface ProcessUsage {
  /** CPU time over the window, in % of one core. */
  corePct: number;
  rssMaxMiB: number;
  rssMeanMiB: number;
  /** Every sample: `Date.now()` and resident size in KiB. */
  samples: { at: number; kib: number }[];
}

/** KiB as MiB with one decimal. */
export const toMiB = (kib: number) => Math.round(kib / 1024 * 10) / 10;

/** Starts measuring `pid`; `stop` gives what it cost since. */
export async function watchProcess(pid: number) {
  // A process that exits meanwhile keeps the CPU time last read.
  let lastTicks = 0;
  const readTicks = async () => {
    const stat = await Deno.readTextFile(`/proc/${pid}/stat`).catch(() => undefined);
    if (stat !== undefined) lastTicks = cpuTicks(stat);
    return lastTicks;
  };
  const startTicks = await readTicks();
  const startAt = performance.now();
  const samples: { at: number; kib: number }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const kib = await residentKiB(pid);
      if (kib !== undefined) samples.push({ at: Date.now(), kib });
      await readTicks();
      await sleep(250);
    }
  })();
  return {
    async stop(): Promise<ProcessUsage> {
      running = false;
      await loop;
      const seconds = (performance.now() - startAt) / 1000;
      const ticks = (await readTicks()) - startTicks;
      return {
        corePct: Math.round(ticks / TICKS_PER_S / seconds * 1000) / 10,
        rssMaxMiB: toMiB(Math.max(0, ...samples.map((s) => s.kib))),
        rssMeanMiB: toMiB(samples.reduce((a, s) => a + s.kib, 0) / Math.max(1, samples.length)),
        samples,
      };
    },
  };
}
