/**
 * One measured load run as every benchmark makes it: a warm-up, then the run itself with
 * the CPU counters of every process read just before and just after.
 * @module
 */
import { type CpuUsage, snapshot, usage } from "./cpu.ts";
import type { LoadResult } from "./load.ts";
import { step } from "./proc.ts";
import { cpuLine } from "./markdown.ts";

/** A run's figures and where the CPU went meanwhile. */
export interface Measured {
  result: LoadResult;
  cpu: CpuUsage;
}

/** A load run of `durationS` seconds; `nonce` tells the warm-up's requests from the run's. */
export type RunLoad = (durationS: number, nonce: string) => Promise<LoadResult>;

/** Throughput, p99 and failures of a run in a few words. */
export function brief(r: LoadResult): string {
  return `${r.requestsPerSec.toFixed(0)} req/s, p99 ${r.latencyMs.p99.toFixed(1)} ms, ` +
    `non-2xx ${r.non2xx}`;
}

/**
 * Warms up for `warmupS` seconds, then measures for `durationS`. `systemPgid` is the
 * process group of a `deno task dev` the benchmark started (see {@link snapshot});
 * `afterWarmUp` runs between the two, outside the measured window.
 */
export async function warmAndMeasure(
  name: string,
  run: RunLoad,
  opts: {
    warmupS: number;
    durationS: number;
    systemPgid?: number;
    afterWarmUp?: () => Promise<void>;
  },
): Promise<Measured> {
  const stamp = Date.now().toString(36);
  step(`${name}: warming up for ${opts.warmupS} s`);
  step(`${name}: warm-up ${brief(await run(opts.warmupS, `w${stamp}`))}`);
  await opts.afterWarmUp?.();
  step(`${name}: measuring for ${opts.durationS} s`);
  const before = await snapshot(opts.systemPgid);
  const result = await run(opts.durationS, `m${stamp}`);
  const cpu = usage(before, await snapshot(opts.systemPgid));
  step(`${name}: ${brief(result)}`);
  step(`${name}: ${cpuLine(cpu)}`);
  return { result, cpu };
}
