/**
 * The pipeline benchmark's and the soak's knobs, read once from the environment.
 * @module
 */
import { intVar, nonNegativeIntVar, parseConfig } from "@hire/config";
import { z } from "zod";
import { SERVICE_NAMES } from "../../deploy/local/services.ts";

const schema = z.object({
  /** Seekers in the index. */
  BENCH_SEEKERS: intVar(100_000),
  /** Of which distinct profiles embedded by the real model; the rest are copies. */
  BENCH_SEED_DISTINCT: intVar(5_000),
  /** Jobs created per second. */
  BENCH_PIPELINE_RATE: z.coerce.number().positive().default(50),
  /** Seconds of creates measured. */
  BENCH_PIPELINE_DURATION: intVar(60),
  /** A job not match-ready this many seconds after its 201 counts as missed. */
  BENCH_PIPELINE_DEADLINE: intVar(30),
  /**
   * Milliseconds before the second GET of a job not yet match-ready; each wait after doubles,
   * up to BENCH_PIPELINE_POLL_MAX_MS, as a careful partner polls. A fixed 50 ms had 1,500 jobs
   * polled 20 times a second each once the pipeline fell behind: the benchmark's own GETs took
   * the cores the pipeline needed.
   */
  BENCH_PIPELINE_POLL_MS: intVar(50),
  BENCH_PIPELINE_POLL_MAX_MS: intVar(1000),
  /** The benchmark's own database, kept between runs while its seed is unchanged. */
  BENCH_PIPELINE_DATABASE: z.string().regex(/^[a-z_][a-z0-9_]*$/).default(
    "hire_bench_pipeline",
  ),
  /**
   * Seconds of produce and fetch requests on the broker before the system starts
   * (`bench/common/broker_warmup.ts`), shared with the soak; 0 skips them.
   */
  BENCH_PIPELINE_BROKER_WARMUP: nonNegativeIntVar(60),
  /**
   * The service run under `--cpu-prof` (slower; the figures say so), by its short name, e.g.
   * `match` or `embed`; empty: none.
   */
  BENCH_PIPELINE_PROFILE: z.union([z.literal(""), z.enum(SERVICE_NAMES)]).default(""),
  /** Names this run's results (`pipeline-<label>-<date>.json`), e.g. `before`. */
  BENCH_PIPELINE_LABEL: z.string().regex(/^[a-z0-9-]*$/).default(""),
  /** A paragraph added to the summary (what the run is, what changed since the last). */
  BENCH_PIPELINE_NOTES: z.string().default(""),
  /** The soak's minutes of load. */
  BENCH_SOAK_MINUTES: intVar(10),
  /** Seconds between two samples of every process's resident size. */
  BENCH_SOAK_SAMPLE_S: intVar(10),
  /** Seconds of the soak's timeline windows (the jobs' stages beside the machine's state). */
  BENCH_SOAK_WINDOW_S: intVar(10),
  /** A timeline window whose jobs took longer than this at p95 (ms), in either stage, is slow. */
  BENCH_SOAK_SLOW_MS: intVar(1000),
  /**
   * The edge's job cache in the soak (`JOB_CACHE_BYTES`). The default 64 MiB fills at about
   * 32,000 jobs, near the end of ten minutes at 50/s: a cache still filling looks like
   * growth. 16 MiB fills in the first third, so the soak sees whether the bound holds.
   */
  BENCH_SOAK_JOB_CACHE_BYTES: intVar(16 * 1024 * 1024),
});

/** The validated knobs. */
export type PipelineConfig = z.infer<typeof schema>;

/** Reads the knobs from `env` (default: the process's environment). */
export const loadPipelineConfig = (env?: Record<string, string | undefined>): PipelineConfig =>
  parseConfig(schema, env ?? Deno.env.toObject());
