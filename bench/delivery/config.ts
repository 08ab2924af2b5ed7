/**
 * The delivery benchmark's settings, read once from the environment (the variables are listed
 * in `delivery_main.ts`) and recorded whole in the JSON results, so a run can be repeated.
 * @module
 */

const num = (name: string, def: number) => Number(Deno.env.get(name) ?? def);
export const CONFIG = {
  database: "hire_bench_delivery",
  throughput: { partners: 5, webhooksPerPartner: 2, events: num("BENCH_DELIVERY_EVENTS", 3000) },
  batchSize: 500,
  warmupEvents: 100,
  latency: { partners: 5, rate: num("BENCH_DELIVERY_RATE", 100) },
  durationS: num("BENCH_DELIVERY_DURATION", 20),
  isolation: {
    slowRate: num("BENCH_DELIVERY_SLOW_RATE", 20),
    healthyPartners: 5,
    healthyRate: num("BENCH_DELIVERY_HEALTHY_RATE", 50),
    neighbourRate: 10,
    /**
     * The slow stream starts first, so the slow webhook holds its full share of slots (and
     * sockets) when the healthy streams begin: the steady state of a slow endpoint.
     */
    headStartMs: 2000,
  },
  webhookTimeoutMs: 10_000,
};

/** The delivery service's limits in the run, as its configuration reads them. */
export interface Limits {
  /** WEBHOOK_MAX_IN_FLIGHT */
  maxInFlight: number;
  /** The client's `maxSocketsPerHost`: the stack, like main.ts, passes DELIVERY_CONCURRENCY. */
  socketsPerHost: number;
}
