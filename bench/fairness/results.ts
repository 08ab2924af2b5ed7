/**
 * What a fairness benchmark run measured, as `fairness-<date>.json` records it: the shape
 * the scenarios fill in and the report reads.
 * @module
 */
import type { BrokerWarmUp } from "../common/broker_warmup.ts";
import type { CpuUsage } from "../common/cpu.ts";
import type { LatencyStats } from "../common/stats.ts";
import type { DeliverySummary } from "../delivery/tally.ts";
import type { BareResult } from "./yardstick.ts";

/** The healthy partner's stream: event → first attempt at its one webhook. */
export interface HealthyRun extends DeliverySummary {
  rate: number;
  duration_s: number;
  /** An event is missed when no first attempt arrived this long after the last send. */
  missed_after_s: number;
  /** Most the sends fell behind their schedule. */
  max_schedule_slip_ms: number;
  cpu: CpuUsage;
}

/** The noisy partner during the run beside it. */
export interface NoisyFigures {
  endpoints: number;
  rate: number;
  head_start_s: number;
  events: number;
  /** Connections its endpoints accepted: one per attempt made. */
  attempts_made: number;
  /**
   * Its requests out at once: the connections its endpoints held (sampled every 500 ms). The
   * caps bound these.
   */
  in_flight: { max: number; mean: number };
  /**
   * Its attempts claimed at once (`delivery_queue` rows under a lease, sampled with the
   * above): also the attempts answered (timed out) whose record has not committed, which
   * take no place under the caps, so this may exceed them.
   */
  claimed: { max: number; mean: number };
  /** Of its webhooks, how many had a request out at once (most, sampled). */
  webhooks_in_flight_max: number;
  /** Its attempts waiting at the end of the healthy stream. */
  pending_at_end: number;
  /** The delivery service's limits in the run. */
  settings: { partner_max_in_flight: number; webhook_max_in_flight: number; concurrency: number };
}

/** A whole run. */
export interface FairnessResults {
  bare_hono: BareResult;
  alone: HealthyRun;
  beside_noisy: HealthyRun & { noisy: NoisyFigures };
  broker_warmup: BrokerWarmUp | null;
}

/** A latency beside the bare handler's: p95 ÷ bare p95. */
export function vsBare(latency: LatencyStats, bare: LatencyStats): number {
  return bare.p95 > 0 ? Math.round((latency.p95 / bare.p95) * 10) / 10 : NaN;
}
