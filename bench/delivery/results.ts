/**
 * What a delivery benchmark run measured, as `delivery-<date>.json` records it: the shape the
 * scenarios fill in and the report reads, kept apart so neither depends on the other.
 * @module
 */
import type { BrokerWarmUp } from "../common/broker_warmup.ts";
import type { CpuUsage } from "../common/cpu.ts";
import type { LatencyStats } from "../common/stats.ts";
import type { KeptProfile } from "../baselines/profiles.ts";
import type { VacuumWork } from "../common/autovacuum.ts";
import type { BareResult } from "./bare_sender.ts";
import type { ProcessesUsage } from "./measure.ts";
import type { StageFigures } from "./stages.ts";
import type { DeliverySummary } from "./tally.ts";

/** Attempts by status, from the service's `webhook_deliveries`. */
export type Statuses = Record<string, number>;

/** What every run to healthy webhooks reports of its fleet, its deliveries and the machine. */
export interface FleetFigures extends DeliverySummary {
  webhooks: number;
  statuses: Statuses;
  /** Where the first attempts' time went, by the service's log (`stages.ts`). */
  stages: StageFigures;
  /** Most TCP connections seen at once to one receiver; null without `ss`. */
  connections_per_host_max: number | null;
  cpu: CpuUsage;
  processes: ProcessesUsage;
}

/** What a paced run reports of its publishing. */
export interface PacedFigures {
  events: number;
  producer_ack_ms: LatencyStats;
  max_schedule_slip_ms: number;
}

/** The burst: as many deliveries per second as the service makes. */
export interface ThroughputResult extends FleetFigures {
  events: number;
  warmup_events: number;
  batch_size: number;
  partners: number;
  /** How long publishing the burst took. */
  publish_ms: number;
  deliveries_per_sec: number;
  /** First send → last first arrival. */
  window_ms: number;
}

/** A rate the service keeps up with, high enough for the deliveries/s target. */
export interface SustainedResult extends FleetFigures, PacedFigures {
  /** Events/s published. */
  rate: number;
  offered_deliveries_per_sec: number;
  duration_s: number;
  partners: number;
  /** First attempts received ÷ (last first arrival − first send). */
  deliveries_per_sec: number;
  window_ms: number;
}

/** A steady rate to healthy webhooks. */
export interface LatencyResult extends FleetFigures, PacedFigures {
  rate: number;
  duration_s: number;
}

/** Healthy webhooks beside one whose endpoint outlasts the timeout. */
export interface IsolationResult {
  duration_s: number;
  webhook_timeout_ms: number;
  /** How long the slow stream ran before the healthy ones started. */
  head_start_ms: number;
  producer_ack_ms: LatencyStats;
  max_schedule_slip_ms: number;
  healthy: DeliverySummary & {
    webhooks: number;
    rate: number;
    statuses: Statuses;
    attempt_duration_ms: LatencyStats;
  };
  /** A healthy webhook of another partner on the slow endpoint's host and port. */
  neighbour_on_slow_host: DeliverySummary & {
    rate: number;
    statuses: Statuses;
    attempt_duration_ms: LatencyStats;
  };
  slow: {
    rate: number;
    /** WEBHOOK_MAX_IN_FLIGHT of the run. */
    max_in_flight_setting: number;
    /** The delivery client's cap of sockets per host. */
    sockets_per_host_setting: number;
    events: number;
    attempts_received: number;
    in_flight_max: number;
    in_flight_mean: number;
    pending_at_end: number;
    statuses: Statuses;
    /** Most TCP connections seen at once to the slow host (its neighbour's included). */
    host_connections_max: number | null;
  };
  cpu: CpuUsage;
  processes: ProcessesUsage;
}

/** Resident size of a process, in MiB. */
export interface Memory {
  /** After start-up, before any load. */
  at_rest_mib: number;
  /** Most while the sustained scenario ran. */
  under_load_max_mib: number;
  /** At the end, after every scenario, idle again. */
  after_mib: number;
}

/** Everything a run measured. */
export interface DeliveryResults {
  /** The bare Hono handlers sent to by a bare client process: the yardstick. */
  bare: BareResult & { memory: Omit<Memory, "after_mib"> };
  throughput: ThroughputResult;
  sustained: SustainedResult;
  latency: LatencyResult;
  isolation: IsolationResult;
  /** The delivery service's process. */
  memory: Memory;
  /** Its CPU profile over the sustained scenario (`BENCH_DELIVERY_PROFILE=1`). */
  profile?: KeptProfile;
  /** What the autovacuum stand-in ran after its first pass; null when the server's ran. */
  autovacuum: VacuumWork | null;
  /** The broker's warm-up before the scenarios; null when it was skipped. */
  broker_warmup: BrokerWarmUp | null;
}
