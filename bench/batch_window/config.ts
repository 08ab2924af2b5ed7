/**
 * The knobs of `deno task bench:batch-window`, from BENCH_BATCH_WINDOW_* variables.
 * @module
 */
import { positiveInt } from "../common/config.ts";

/** What one run does. */
export interface BatchWindowConfig {
  /** Creates per second, open loop, in every measured run. */
  rate: number;
  /** Seconds of warm-up, then of measured load, per run. */
  warmupS: number;
  seconds: number;
  /** Runs of each window, alternating, so drift of the machine falls on both alike. */
  repetitions: number;
  /** The job service's `JOB_BATCH_WINDOW_MS` compared with none (0). */
  windowMs: number;
  /**
   * Another checkout (a worktree of an earlier commit, say) whose edge and job service are
   * compared with this tree's, both at `windowMs`, instead of comparing windows.
   */
  base?: string;
  database: string;
}

/** A tree's path with the trailing slash the services' `cwd` is joined with; none when unset. */
export function treePath(path: string | undefined): string | undefined {
  if (!path) return undefined;
  return path.endsWith("/") ? path : `${path}/`;
}

/** Reads the configuration. */
export function readBatchWindowConfig(): BatchWindowConfig {
  return {
    rate: positiveInt("BENCH_BATCH_WINDOW_RATE", 200),
    warmupS: positiveInt("BENCH_BATCH_WINDOW_WARMUP", 5),
    seconds: positiveInt("BENCH_BATCH_WINDOW_SECONDS", 15),
    repetitions: positiveInt("BENCH_BATCH_WINDOW_REPETITIONS", 3),
    windowMs: positiveInt("BENCH_BATCH_WINDOW_MS", 20),
    base: treePath(Deno.env.get("BENCH_BATCH_WINDOW_BASE")),
    database: Deno.env.get("BENCH_BATCH_WINDOW_DATABASE") ?? "hire_bench_batch_window",
  };
}
