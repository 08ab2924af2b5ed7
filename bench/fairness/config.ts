/**
 * The fairness benchmark's settings, read once from the environment (the variables are
 * listed in `fairness_main.ts`) and recorded whole in the JSON results, so a run can be
 * repeated.
 * @module
 */
import { parseConfig } from "@hire/config";
import { planLimits, planLimitsEnv } from "@hire/partners";
import { z } from "zod";

const num = (name: string, def: number) => Number(Deno.env.get(name) ?? def);

/** Growth's per-minute request limit, as the edge reads it: the noisy partner's most. */
const growthPerMinute = planLimits(parseConfig(z.object(planLimitsEnv))).growth.requestsPerMinute;

export const CONFIG = {
  database: "hire_bench_fairness",
  /** Seconds each measured stream of the healthy partner runs. */
  durationS: num("BENCH_FAIRNESS_DURATION", 60),
  /** Events per second to the healthy partner's one webhook. */
  healthyRate: num("BENCH_FAIRNESS_HEALTHY_RATE", 5),
  noisy: {
    /** Webhooks of the noisy partner, each on an endpoint that never answers. */
    endpoints: num("BENCH_FAIRNESS_NOISY_ENDPOINTS", 20),
    /**
     * Events per second: one per request at the plan's limit (a PATCH makes one
     * `job.updated`), each of a job of its own so no per-job order holds any back.
     */
    rate: num("BENCH_FAIRNESS_NOISY_RATE", growthPerMinute / 60),
    /**
     * The flood starts first, so the noisy partner holds its full share of the workers and
     * a backlog when the healthy stream begins: the steady state of a hung partner.
     */
    headStartS: num("BENCH_FAIRNESS_HEAD_START", 15),
  },
  /** As in production: every attempt to the noisy endpoints holds its worker this long. */
  webhookTimeoutMs: 10_000,
  /** An event whose first attempt has not arrived this long after the last send is missed. */
  settleMs: 30_000,
  warmupEvents: 20,
  /** Seconds of broker warm-up before the runs (`bench/common/broker_warmup.ts`); 0 skips it. */
  brokerWarmupS: num("BENCH_FAIRNESS_BROKER_WARMUP", 60),
};
