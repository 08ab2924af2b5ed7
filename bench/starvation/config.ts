/**
 * The knobs of `deno task bench:starvation`, from BENCH_STARVATION_* variables.
 * @module
 */
import { flag, positiveInt } from "../common/config.ts";
import { LOCAL } from "../../deploy/local/run.ts";
import type { ChaosConfig } from "../chaos/config.ts";
import { type Placement, readPlacement } from "./placement.ts";

/** What one run does. */
export interface StarvationConfig {
  /** Creates per second, open loop, in both phases. */
  rate: number;
  /** Seconds of load in each phase. */
  seconds: number;
  /**
   * Seconds of load, with the pipeline running, before the first phase: the run's broker and
   * services start cold, and their compilers' work would otherwise fall on the first phase.
   */
  warmupS: number;
  /** Longest wait for the embedding backlog to drain after the second phase. */
  drainTimeoutS: number;
  /**
   * Each phase also sampled by `perf`, the services naming their code for it: where the CPU
   * went by kind of code (`bench/common/perf_split.ts`).
   */
  perf: boolean;
  /** Every process on every core, or the API and the pipeline on cores of their own. */
  placement: Placement;
  /** The whole system, as the fault suite brings it up, on a broker and database of its own. */
  system: ChaosConfig;
}

/** Reads the configuration. */
export function readStarvationConfig(): StarvationConfig {
  const perf = flag("BENCH_STARVATION_PERF");
  return {
    perf,
    rate: positiveInt("BENCH_STARVATION_RATE", 200),
    seconds: positiveInt("BENCH_STARVATION_SECONDS", 30),
    warmupS: positiveInt("BENCH_STARVATION_WARMUP", 60),
    drainTimeoutS: positiveInt("BENCH_STARVATION_DRAIN_TIMEOUT", 600),
    placement: readPlacement(Deno.env.get("BENCH_STARVATION_PLACEMENT")),
    system: {
      scenarios: [],
      database: "hire_bench_starvation",
      broker: {
        dir: `${LOCAL}starvation-kafka/`,
        port: positiveInt("BENCH_STARVATION_KAFKA_PORT", 19093),
      },
      clients: 1,
      opsPerSecond: 1,
      patchShare: 0,
      beforeS: 0,
      downS: 0,
      afterS: 0,
      requestTimeoutMs: 15_000,
      giveUpS: 150,
      quietTimeoutS: 180,
      readyBoundS: 90,
      seekers: positiveInt("BENCH_STARVATION_SEEKERS", 500),
      kafkaSessionTimeoutMs: 10_000,
      perfMapped: perf,
    },
  };
}
