/**
 * The delivery service's CPU profile of a run (`BENCH_DELIVERY_PROFILE=1`): V8's profile of
 * its process, summarised over the sustained scenario only and kept in
 * `bench/results/profiles/` as `<name>.cpuprofile` (gzipped when large).
 * @module
 */
import { keepProfile as keep, type KeptProfile } from "../baselines/profiles.ts";
import { RESULTS_DIR } from "../common/proc.ts";

/** Keeps the one profile `dir` holds, summarised over `windowUs`; undefined when none. */
export async function keepProfile(
  dir: string,
  name: string,
  windowUs: readonly [number, number],
): Promise<KeptProfile | undefined> {
  for await (const e of Deno.readDir(dir)) {
    if (!e.name.endsWith(".cpuprofile")) continue;
    return await keep(`${dir}/${e.name}`, new URL("profiles/", RESULTS_DIR), name, windowUs);
  }
  return undefined;
}
