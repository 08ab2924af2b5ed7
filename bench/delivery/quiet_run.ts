/**
 * A made-up delivery benchmark run for the report's tests: every figure within its target and
 * nothing worth an observation, so each test changes only what it is about.
 * @module
 */
import type { CpuUsage } from "../common/cpu.ts";
import { TEST_MACHINE } from "../common/machine_fixture.ts";
import type { ReportContext } from "./report.ts";
import type { DeliveryResults } from "./results.ts";
import type { LatencyStats } from "../common/stats.ts";
import type { StageFigures } from "./stages.ts";

const stats = (p50: number, p95: number, max = p95): LatencyStats => ({
  count: 10,
  p50,
  p95,
  p99: max,
  max,
});

/** Where a run's time went: mostly before the fan-out, as on a quiet machine. */
export const stages = (): StageFigures => {
  const means = (count: number, fanOut: number, attempt: number, request: number) => ({
    count,
    to_fan_out_ms: fanOut,
    to_attempt_ms: attempt,
    request_ms: request,
  });
  return {
    to_fan_out_ms: stats(8, 20, 30),
    to_attempt_ms: stats(6, 15, 25),
    request_ms: stats(3, 8, 12),
    all: means(100, 9.1, 6.6, 3.2),
    tail: { from_ms: 50, ...means(5, 24.5, 18.2, 7.7) },
  };
};

/** CPU use of a run where only the benchmark's own processes are busy, unless `other` is. */
export const cpu = (other = 3): CpuUsage => ({
  cores: 2,
  machineBusyPct: 73,
  groups: [
    { group: "bench (deno)", processes: 1, corePct: 88 },
    { group: "postgres", processes: 9, corePct: 60 },
    { group: "other", processes: 3, corePct: other },
  ],
  top: [{ command: "deno", corePct: 88 }],
});

/** The delivery process and the receivers over a scenario. */
const processes = () => ({
  delivery: { corePct: 60, rssMaxMiB: 180, rssMeanMiB: 150 },
  receivers: { corePct: 30, rssMaxMiB: 70, rssMeanMiB: 65 },
});

const summary = (expected: number, missing: number, latency: LatencyStats) => ({
  expected,
  delivered: expected - missing,
  missing,
  repeats: 0,
  latency_ms: latency,
});

/** A fresh run each call, so tests can change it in place. */
export function quietRun(): DeliveryResults {
  return {
    bare: {
      rest: { from: 0, to: 3000 },
      max: {
        from: 3000,
        to: 13_000,
        concurrency: 128,
        requests: 40_000,
        failed: 0,
        per_sec: 4000,
        latency_ms: stats(30, 60, 80),
      },
      paced: {
        from: 13_000,
        to: 23_000,
        rate: 2200,
        requests: 22_000,
        failed: 0,
        latency_ms: stats(2, 5, 9),
      },
      memory: { at_rest_mib: 60, under_load_max_mib: 90 },
    },
    sustained: {
      ...summary(44_000, 0, stats(20, 50, 80)),
      rate: 1100,
      offered_deliveries_per_sec: 2200,
      duration_s: 20,
      webhooks: 10,
      partners: 5,
      events: 22_000,
      deliveries_per_sec: 2150,
      window_ms: 20_465,
      producer_ack_ms: stats(4, 6, 12),
      max_schedule_slip_ms: 3,
      statuses: { succeeded: 44_200 },
      connections_per_host_max: 32,
      stages: stages(),
      cpu: cpu(),
      processes: processes(),
    },
    autovacuum: { vacuums: 4, analyses: 2, seconds: 1.5 },
    broker_warmup: { seconds: 60, produced: 900_000, consumed: 900_000 },
    memory: { at_rest_mib: 100, under_load_max_mib: 180, after_mib: 170 },
    throughput: {
      ...summary(6000, 0, stats(1234, 2500, 3100)),
      events: 3000,
      warmup_events: 100,
      batch_size: 500,
      webhooks: 10,
      partners: 5,
      publish_ms: 420,
      deliveries_per_sec: 1041.3,
      window_ms: 5762,
      statuses: { delivered: 6100 },
      connections_per_host_max: 16,
      stages: stages(),
      cpu: cpu(),
      processes: processes(),
    },
    latency: {
      ...summary(2000, 0, stats(9, 13, 55)),
      rate: 100,
      duration_s: 20,
      webhooks: 5,
      events: 2000,
      producer_ack_ms: stats(4, 6, 12),
      max_schedule_slip_ms: 3,
      statuses: {},
      connections_per_host_max: 4,
      stages: stages(),
      cpu: cpu(),
      processes: processes(),
    },
    isolation: {
      duration_s: 20,
      webhook_timeout_ms: 10_000,
      head_start_ms: 2000,
      producer_ack_ms: stats(4, 6, 12),
      max_schedule_slip_ms: 2,
      healthy: {
        ...summary(1000, 0, stats(10, 21, 45)),
        webhooks: 5,
        rate: 50,
        statuses: { delivered: 1000 },
        attempt_duration_ms: stats(3, 5, 9),
      },
      neighbour_on_slow_host: {
        ...summary(200, 0, stats(12, 35, 50)),
        rate: 10,
        statuses: { delivered: 200 },
        attempt_duration_ms: stats(4, 6, 20),
      },
      slow: {
        rate: 20,
        max_in_flight_setting: 8,
        sockets_per_host_setting: 16,
        events: 400,
        attempts_received: 170,
        in_flight_max: 8,
        in_flight_mean: 7.6,
        pending_at_end: 230,
        statuses: { failed: 160, pending: 240 },
        host_connections_max: null,
      },
      // Just under the 15% of a core from which other processes get an observation.
      cpu: cpu(14.9),
      processes: processes(),
    },
  };
}

/** A fixed date, machine and versions, so the report's text is the same on every run. */
export const context: ReportContext = {
  at: new Date("2025-03-04T05:06:07.089Z"),
  machine: TEST_MACHINE,
  versions: {
    delivery_service: "@hire/delivery-service 0.1.0",
    commit: "abc1234",
    kafkajs: "kafkajs@2.2.4",
    postgres_js: "postgres@3.4.9",
    deno: "deno 2.1.0",
    postgres: "PostgreSQL 17.2",
    kafka: "Kafka 4.0",
  },
  database: "hire_bench_delivery",
};
