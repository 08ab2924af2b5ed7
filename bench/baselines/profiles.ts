/**
 * The profiles a run keeps: each `.cpuprofile` moved to `bench/results/profiles/` (gzipped
 * when over 2 MB) and summarised over the measured load only, found by the monotonic clock
 * the profile's timestamps use (`/proc/uptime` reads the same clock, to 10 ms).
 * @module
 */
import { type ProfileSummary, readProfile, summariseProfile } from "./cpuprofile.ts";

/** The repository's root as a file URL, as the profiles name scripts. */
const ROOT_URL = new URL("../../", import.meta.url).href;

/** Larger profiles are kept gzipped. */
export const GZIP_OVER_BYTES = 2 * 1024 * 1024;

/** The monotonic clock in microseconds, as V8's profiler stamps samples. */
export async function monotonicUs(): Promise<number> {
  const text = await Deno.readTextFile("/proc/uptime");
  return Math.round(Number(text.split(" ")[0]) * 1_000_000);
}

/** A kept profile and its summary. */
export interface KeptProfile {
  /** Path relative to `bench/results/`. */
  file: string;
  bytes: number;
  /** Whether the measured window was found in the profile (else the whole profile). */
  windowed: boolean;
  summary: ProfileSummary;
}

/**
 * Summarises `src` over `windowUs`, then moves it to `<dir>/<name>.cpuprofile` (or
 * `.cpuprofile.gz`).
 */
export async function keepProfile(
  src: string,
  dir: URL,
  name: string,
  windowUs: readonly [number, number],
): Promise<KeptProfile> {
  const profile = await readProfile(src);
  const overlaps = windowUs[0] < profile.endTime && windowUs[1] > profile.startTime;
  const summary = summariseProfile(profile, {
    windowUs: overlaps ? windowUs : undefined,
    root: ROOT_URL,
  });
  await Deno.mkdir(dir, { recursive: true });
  const { size } = await Deno.stat(src);
  const gzip = size > GZIP_OVER_BYTES;
  const dest = new URL(`${name}.cpuprofile${gzip ? ".gz" : ""}`, dir);
  if (gzip) {
    const from = await Deno.open(src);
    const to = await Deno.open(dest, { write: true, create: true, truncate: true });
    await from.readable.pipeThrough(new CompressionStream("gzip")).pipeTo(to.writable);
    await Deno.remove(src);
  } else {
    await Deno.copyFile(src, dest);
    await Deno.remove(src);
  }
  const results = new URL("../", dir);
  return {
    file: dest.pathname.slice(results.pathname.length),
    bytes: (await Deno.stat(dest)).size,
    windowed: overlaps,
    summary,
  };
}
