/**
 * The knobs of `deno task bench:baselines`, from BENCH_* variables (those it shares with
 * the API benchmark mean the same; only the thread count's default differs: one, as in the
 * issue's table).
 * @module
 */
import { type BenchConfig, positiveInt, readConfig } from "../common/config.ts";
import { ROOT } from "../common/proc.ts";

/** What one baselines run does. */
export interface BaselinesConfig extends Omit<BenchConfig, "baseUrl"> {
  /** Rows of the minimal handlers' table. */
  rows: number;
  /** Ids the reads cycle through, drawn at random (minimal table and ours alike). */
  readIds: number;
  /** Postgres pool of each minimal handler: the edge's default `DB_POOL_SIZE`. */
  poolSize: number;
  /** Sequential creates timed for the breakdown of one create. */
  sequential: number;
  /** Whether to run the profiled loads (`BENCH_BASELINES_PROFILE=0` skips them). */
  profile: boolean;
  /**
   * Seconds of produce and fetch requests the broker gets before our loads
   * (`bench/common/broker_warmup.ts`); 0 skips them.
   */
  brokerWarmupS: number;
  /** Databases of the run: ours, and the minimal handlers' (`<database>_minimal`). */
  database: string;
  /**
   * What the creates send: `load`, the short body of `bench/common/load.ts`, or `postings`,
   * ads as partners write them (`bench/common/postings.ts`), the minimal insert the same.
   */
  bodies: "load" | "postings";
  /**
   * The tree our services run from, with a trailing slash: this repository, or another
   * checkout (an earlier commit's worktree, a scratch copy with timing code) to compare.
   */
  source: string;
}

/** Reads the configuration. */
export function readBaselinesConfig(): BaselinesConfig {
  const { baseUrl: _, ...common } = readConfig();
  return {
    ...common,
    threads: positiveInt("BENCH_THREADS", 1),
    rows: positiveInt("BENCH_BASELINES_ROWS", 100_000),
    readIds: positiveInt("BENCH_BASELINES_READ_IDS", 1000),
    poolSize: positiveInt("BENCH_BASELINES_POOL", 20),
    sequential: positiveInt("BENCH_BASELINES_SEQUENTIAL", 200),
    profile: Deno.env.get("BENCH_BASELINES_PROFILE") !== "0",
    brokerWarmupS: Deno.env.get("BENCH_BASELINES_BROKER_WARMUP") === "0"
      ? 0
      : positiveInt("BENCH_BASELINES_BROKER_WARMUP", 60),
    database: Deno.env.get("BENCH_BASELINES_DATABASE") ?? "hire_bench_baselines",
    source: (Deno.env.get("BENCH_BASELINES_SOURCE") ?? ROOT).replace(/\/*$/, "/"),
    bodies: bodiesOf(Deno.env.get("BENCH_BASELINES_BODIES") ?? "load"),
  };
}

function bodiesOf(value: string): BaselinesConfig["bodies"] {
  if (value === "load" || value === "postings") return value;
  throw new Error(`BENCH_BASELINES_BODIES must be load or postings, not ${value}`);
}
