/**
 * The delivery benchmark's settings, read once from the environment (the variables are listed
 * in `delivery_main.ts`) and recorded whole in the JSON results, so a run can be repeated.
 * @module
 */

const num = (name: string, def: number) => Number(Deno.env.get(name) ?? def);
export const CONFIG = {
  database: Deno.env.get("BENCH_DELIVERY_DATABASE") ?? "hire_bench_delivery",
  throughput: { partners: 5, webhooksPerPartner: 2, events: num("BENCH_DELIVERY_EVENTS", 3000) },
  /**
   * The rate the service keeps up with: `rate` events/s to partners with two webhooks each,
   * so twice as many deliveries/s offered.
   */
  sustained: {
    partners: 5,
    webhooksPerPartner: 2,
    rate: num("BENCH_DELIVERY_SUSTAINED_RATE", 1100),
  },
  batchSize: 500,
  warmupEvents: 100,
  /** Seconds of produce and fetch requests the broker gets first (`0` skips them). */
  brokerWarmupS: num("BENCH_DELIVERY_BROKER_WARMUP", 60),
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
  /** The bare sender's phases: rest, then as fast as it can, then at the sustained rate. */
  bare: { restMs: 3000, durationS: num("BENCH_DELIVERY_BARE_DURATION", 10) },
  /** Seconds the delivery service rests before its resident size at rest is read. */
  restS: 5,
  /** `--cpu-prof` for the delivery service (the profile goes to bench/results/profiles/). */
  profile: Deno.env.get("BENCH_DELIVERY_PROFILE") === "1",
};

/** The delivery service's limits in the run, as its configuration reads them. */
export interface Limits {
  /** WEBHOOK_MAX_IN_FLIGHT */
  maxInFlight: number;
  /** The client's `maxSocketsPerHost`: the stack, like main.ts, passes DELIVERY_CONCURRENCY. */
  socketsPerHost: number;
}
