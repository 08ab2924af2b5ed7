/**
 * The delivery benchmark's scenarios (burst, sustained rate, latency and isolation), each on
 * a fleet of its own (partners, webhooks and receiver ports no other scenario uses) against
 * the one running delivery service.
 * @module
 */
import { CONFIG, type Limits } from "./config.ts";
import { attemptDurations, loggedFirstAttempts, sampleSlow, statuses } from "./log.ts";
import { maxOf, measured } from "./measure.ts";
import { createProcessFleet, type ProcessFleet } from "./process_fleet.ts";
import { type Paced, publishBurst, publishPaced } from "./publish.ts";
import type { ReceiversProcess } from "./receivers.ts";
import type {
  FleetFigures,
  IsolationResult,
  LatencyResult,
  PacedFigures,
  SustainedResult,
  ThroughputResult,
} from "./results.ts";
import type { DeliverySystem } from "./system.ts";
import { maxAndMean, roundedStats } from "../common/stats.ts";
import { stageFigures, timelines } from "./stages.ts";
import {
  deliveriesPerSec,
  deliverySummary,
  type DeliveryTally,
  type SentMap,
  tally,
} from "./tally.ts";
import { step } from "../common/proc.ts";

/** What every scenario runs against. */
export interface Bench {
  system: DeliverySystem;
  receivers: ReceiversProcess;
  nextPort: () => number;
}

const fleetOf = (b: Bench): ProcessFleet =>
  createProcessFleet({
    sql: b.system.sql,
    secretKeys: b.system.secretKeys,
    receivers: b.receivers,
    nextPort: b.nextPort,
  });

const watched = (b: Bench) => ({ delivery: b.system.pid, receivers: b.receivers.pid });

/** Partners with `perPartner` fast webhooks each, warmed with a burst that is not measured. */
async function warmedPartners(b: Bench, fleet: ProcessFleet, partners: number, perPartner: number) {
  const ids: string[] = [];
  for (let i = 0; i < partners; i++) {
    ids.push(await fleet.partner(Array.from({ length: perPartner }, (_, k) => `/fast-${k + 1}`)));
  }
  const warm = await publishBurst(
    b.system.publisher,
    b.system.eventsTopic,
    ids,
    CONFIG.warmupEvents,
  );
  const warmed = await fleet.settle(warm, Date.now() + 30_000);
  if (warmed.missing) throw new Error(`warm-up: ${warmed.missing} deliveries never arrived`);
  return ids;
}

/** What every run to healthy webhooks reports of its fleet, its deliveries and the machine. */
async function fleetFigures(
  b: Bench,
  fleet: ProcessFleet,
  sent: SentMap,
  t: DeliveryTally,
  m: Omit<Awaited<ReturnType<typeof measured>>, "result">,
): Promise<FleetFigures> {
  const labels = fleet.labels();
  const logged = await loggedFirstAttempts(b.system.sql, fleet, labels);
  return {
    webhooks: labels.length,
    ...deliverySummary(t),
    statuses: await statuses(b.system.sql, fleet, labels),
    stages: stageFigures(timelines(sent, t.firstArrivals, logged)),
    connections_per_host_max: maxOf(m.connections),
    cpu: m.cpu,
    processes: m.processes,
  };
}

/** What a paced run reports of its publishing. */
const pacedFigures = (paced: Paced): PacedFigures => ({
  events: paced.sent.size,
  producer_ack_ms: roundedStats(paced.ackMs),
  max_schedule_slip_ms: Math.round(paced.maxSlipMs),
});

export async function throughputScenario(b: Bench): Promise<ThroughputResult> {
  const c = CONFIG.throughput;
  const fleet = fleetOf(b);
  step(`burst: warm-up, ${CONFIG.warmupEvents} events`);
  const partners = await warmedPartners(b, fleet, c.partners, c.webhooksPerPartner);
  step(`burst: ${c.events} events to ${partners.length * c.webhooksPerPartner} webhooks`);
  const { result: t, ...m } = await measured(fleet, watched(b), async () => {
    const sent = await publishBurst(b.system.publisher, b.system.eventsTopic, partners, c.events);
    const publishedIn = Date.now() - Math.min(...[...sent.values()].map((s) => s.sentAt));
    const t = await fleet.settle(sent, Date.now() + 90_000);
    return { ...t, publishedIn, sent };
  });
  return {
    events: c.events,
    warmup_events: CONFIG.warmupEvents,
    batch_size: CONFIG.batchSize,
    partners: partners.length,
    publish_ms: t.publishedIn,
    deliveries_per_sec: Math.round(deliveriesPerSec(t) * 10) / 10,
    window_ms: t.lastArrivalAt - t.firstSentAt,
    ...await fleetFigures(b, fleet, t.sent, t, m),
  };
}

export async function sustainedScenario(b: Bench): Promise<SustainedResult> {
  const c = CONFIG.sustained;
  const fleet = fleetOf(b);
  step(`sustained: warm-up, ${CONFIG.warmupEvents} events`);
  const partners = await warmedPartners(b, fleet, c.partners, c.webhooksPerPartner);
  const webhooks = partners.length * c.webhooksPerPartner;
  step(
    `sustained: ${c.rate} events/s for ${CONFIG.durationS} s to ${webhooks} webhooks ` +
      `(${c.rate * c.webhooksPerPartner} deliveries/s offered)`,
  );
  const { result, ...m } = await measured(fleet, watched(b), async () => {
    const paced = await publishPaced(b.system.publisher, b.system.eventsTopic, [
      { partners, rate: c.rate },
    ], CONFIG.durationS);
    return { paced, t: await fleet.settle(paced.sent, paced.lastSentAt + 60_000) };
  });
  return {
    rate: c.rate,
    offered_deliveries_per_sec: c.rate * c.webhooksPerPartner,
    duration_s: CONFIG.durationS,
    partners: partners.length,
    deliveries_per_sec: Math.round(deliveriesPerSec(result.t) * 10) / 10,
    window_ms: result.t.lastArrivalAt - result.t.firstSentAt,
    ...pacedFigures(result.paced),
    ...await fleetFigures(b, fleet, result.paced.sent, result.t, m),
  };
}

export async function latencyScenario(b: Bench): Promise<LatencyResult> {
  const c = CONFIG.latency;
  const fleet = fleetOf(b);
  const partners: string[] = [];
  for (let i = 0; i < c.partners; i++) partners.push(await fleet.partner(["/fast"]));
  step(`latency: ${c.rate} events/s for ${CONFIG.durationS} s to ${partners.length} webhooks`);
  const { result, ...m } = await measured(fleet, watched(b), async () => {
    const paced = await publishPaced(b.system.publisher, b.system.eventsTopic, [
      { partners, rate: c.rate },
    ], CONFIG.durationS);
    return { paced, t: await fleet.settle(paced.sent, paced.lastSentAt + 30_000) };
  });
  return {
    rate: c.rate,
    duration_s: CONFIG.durationS,
    ...pacedFigures(result.paced),
    ...await fleetFigures(b, fleet, result.paced.sent, result.t, m),
  };
}

export async function isolationScenario(b: Bench, limits: Limits): Promise<IsolationResult> {
  const c = CONFIG.isolation;
  const fleet = fleetOf(b);
  // The receivers answer `/slow…` after longer than the service's timeout, so every attempt
  // holds its slot for the full WEBHOOK_TIMEOUT and then fails.
  const slowPartner = await fleet.partner(["/slow"]);
  const slowLabel = fleet.webhooksOf(slowPartner)[0]!;
  const slowPort = fleet.ports()[0]!;
  // Another partner's healthy webhook on the slow one's host and port: the delivery
  // client pools sockets per host, so this shows whether the pool is shared.
  const neighbour = await fleet.partner(["/neighbour"], slowPort);
  const healthy: string[] = [];
  for (let i = 0; i < c.healthyPartners; i++) healthy.push(await fleet.partner(["/fast"]));
  step(
    `isolation: ${c.slowRate} events/s to a webhook that takes the full ` +
      `${CONFIG.webhookTimeoutMs / 1000} s timeout, ${c.healthyRate} events/s to ` +
      `${healthy.length} healthy webhooks, ${c.neighbourRate} events/s to a healthy ` +
      `neighbour on the slow host, for ${CONFIG.durationS} s`,
  );
  const sql = b.system.sql;
  const sampler = sampleSlow(sql, fleet.ids.get(slowLabel)!);
  const { result, cpu, connections, processes } = await measured(fleet, watched(b), async () => {
    const paced = await publishPaced(b.system.publisher, b.system.eventsTopic, [
      { partners: [slowPartner], rate: c.slowRate },
      { partners: healthy, rate: c.healthyRate, afterMs: c.headStartMs },
      { partners: [neighbour], rate: c.neighbourRate, afterMs: c.headStartMs },
    ], CONFIG.durationS);
    const deadline = paced.lastSentAt + CONFIG.webhookTimeoutMs + 5_000;
    const h = await fleet.settle(paced.sent, deadline, new Set(healthy));
    const n = await fleet.settle(paced.sent, deadline, new Set([neighbour]));
    const s = tally(
      paced.sent,
      b.receivers.arrivals(),
      (p) => p === slowPartner ? [slowLabel] : [],
    );
    return { paced, h, n, s };
  });
  const samples = await sampler.stop();
  const { paced, h, n, s } = result;
  const window = samples.filter((x) => x.at <= paced.lastSentAt);
  const inFlight = maxAndMean(samples, window, (x) => x.inFlight);
  const healthyLabels = healthy.flatMap(fleet.webhooksOf);
  return {
    duration_s: CONFIG.durationS,
    webhook_timeout_ms: CONFIG.webhookTimeoutMs,
    head_start_ms: c.headStartMs,
    producer_ack_ms: roundedStats(paced.ackMs),
    max_schedule_slip_ms: Math.round(paced.maxSlipMs),
    healthy: {
      webhooks: healthy.length,
      rate: c.healthyRate,
      ...deliverySummary(h),
      statuses: await statuses(sql, fleet, healthyLabels),
      attempt_duration_ms: await attemptDurations(sql, fleet, healthyLabels),
    },
    neighbour_on_slow_host: {
      rate: c.neighbourRate,
      ...deliverySummary(n),
      statuses: await statuses(sql, fleet, fleet.webhooksOf(neighbour)),
      attempt_duration_ms: await attemptDurations(sql, fleet, fleet.webhooksOf(neighbour)),
    },
    slow: {
      rate: c.slowRate,
      max_in_flight_setting: limits.maxInFlight,
      sockets_per_host_setting: limits.socketsPerHost,
      events: s.expected,
      attempts_received: s.delivered + s.repeats,
      in_flight_max: inFlight.max,
      in_flight_mean: inFlight.mean,
      pending_at_end: samples.at(-1)?.pending ?? NaN,
      statuses: await statuses(sql, fleet, [slowLabel]),
      host_connections_max: connections?.get(slowPort) ?? null,
    },
    cpu,
    processes,
  };
}
