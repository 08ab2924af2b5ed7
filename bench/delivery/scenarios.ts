/**
 * The delivery benchmark's three scenarios (throughput, latency and isolation), each on a
 * fleet of its own against the one running stack.
 * @module
 */
import type { Publisher } from "@hire/queue";
import { sleep } from "@hire/testing/receiver.ts";
import type { Stack } from "@hire/testing/stack.ts";
import { CONFIG, type Limits } from "./config.ts";
import { createFleet } from "./fleet.ts";
import { attemptDurations, sampleSlow, statuses } from "./log.ts";
import { maxOf, measured } from "./measure.ts";
import { publishBurst, publishPaced } from "./publish.ts";
import type { IsolationResult, LatencyResult, ThroughputResult } from "./results.ts";
import { roundedStats } from "../common/stats.ts";
import { deliveriesPerSec, deliverySummary, tally } from "./tally.ts";
import { step } from "../common/proc.ts";

export async function throughputScenario(
  stack: Stack,
  publisher: Publisher,
): Promise<ThroughputResult> {
  const c = CONFIG.throughput;
  const fleet = createFleet(stack);
  try {
    const partners: string[] = [];
    for (let i = 0; i < c.partners; i++) {
      const paths = Array.from({ length: c.webhooksPerPartner }, (_, k) => `/fast-${k + 1}`);
      partners.push(await fleet.partner(await fleet.receiver(), paths));
    }
    step(`throughput: warm-up, ${CONFIG.warmupEvents} events`);
    const warm = await publishBurst(publisher, stack.topics.events, partners, CONFIG.warmupEvents);
    const warmed = await fleet.settle(warm, Date.now() + 30_000);
    if (warmed.missing) throw new Error(`warm-up: ${warmed.missing} deliveries never arrived`);

    step(`throughput: ${c.events} events to ${partners.length * c.webhooksPerPartner} webhooks`);
    const { result: t, cpu, connections } = await measured(fleet, async () => {
      const sent = await publishBurst(publisher, stack.topics.events, partners, c.events);
      const publishedIn = Date.now() - Math.min(...[...sent.values()].map((s) => s.sentAt));
      const t = await fleet.settle(sent, Date.now() + 90_000);
      return { ...t, publishedIn };
    });
    const labels = fleet.labels();
    return {
      events: c.events,
      warmup_events: CONFIG.warmupEvents,
      batch_size: CONFIG.batchSize,
      webhooks: labels.length,
      partners: partners.length,
      publish_ms: t.publishedIn,
      deliveries_per_sec: Math.round(deliveriesPerSec(t) * 10) / 10,
      window_ms: t.lastArrivalAt - t.firstSentAt,
      ...deliverySummary(t),
      statuses: await statuses(stack.sql, fleet, labels),
      connections_per_host_max: maxOf(connections),
      cpu,
    };
  } finally {
    await fleet.stop();
  }
}

export async function latencyScenario(stack: Stack, publisher: Publisher): Promise<LatencyResult> {
  const c = CONFIG.latency;
  const fleet = createFleet(stack);
  try {
    const partners: string[] = [];
    for (let i = 0; i < c.partners; i++) {
      partners.push(await fleet.partner(await fleet.receiver(), ["/fast"]));
    }
    step(`latency: ${c.rate} events/s for ${CONFIG.durationS} s to ${partners.length} webhooks`);
    const { result, cpu, connections } = await measured(fleet, async () => {
      const paced = await publishPaced(publisher, stack.topics.events, [
        { partners, rate: c.rate },
      ], CONFIG.durationS);
      return { paced, t: await fleet.settle(paced.sent, paced.lastSentAt + 30_000) };
    });
    const labels = fleet.labels();
    return {
      rate: c.rate,
      duration_s: CONFIG.durationS,
      webhooks: labels.length,
      events: result.paced.sent.size,
      producer_ack_ms: roundedStats(result.paced.ackMs),
      max_schedule_slip_ms: Math.round(result.paced.maxSlipMs),
      ...deliverySummary(result.t),
      statuses: await statuses(stack.sql, fleet, labels),
      connections_per_host_max: maxOf(connections),
      cpu,
    };
  } finally {
    await fleet.stop();
  }
}

export async function isolationScenario(
  stack: Stack,
  publisher: Publisher,
  limits: Limits,
): Promise<IsolationResult> {
  const c = CONFIG.isolation;
  const fleet = createFleet(stack);
  try {
    // The slow endpoint outlasts the service's timeout, so every attempt holds its slot for
    // the full WEBHOOK_TIMEOUT and then fails.
    const slowReceiver = await fleet.receiver();
    slowReceiver.on("/slow", async (req) => {
      await sleep(CONFIG.webhookTimeoutMs + 1000, req.signal);
      return new Response("late");
    });
    const slowPartner = await fleet.partner(slowReceiver, ["/slow"]);
    // Another partner's healthy webhook on the slow one's host and port: the delivery
    // client pools sockets per host, so this shows whether the pool is shared.
    const neighbour = await fleet.partner(slowReceiver, ["/neighbour"]);
    const healthy: string[] = [];
    for (let i = 0; i < c.healthyPartners; i++) {
      healthy.push(await fleet.partner(await fleet.receiver(), ["/fast"]));
    }
    const slowLabel = fleet.webhooksOf(slowPartner)[0]!;
    step(
      `isolation: ${c.slowRate} events/s to a webhook that takes the full ` +
        `${CONFIG.webhookTimeoutMs / 1000} s timeout, ${c.healthyRate} events/s to ` +
        `${healthy.length} healthy webhooks, ${c.neighbourRate} events/s to a healthy ` +
        `neighbour on the slow host, for ${CONFIG.durationS} s`,
    );
    const sampler = sampleSlow(stack.sql, fleet.ids.get(slowLabel)!);
    const { result, cpu, connections } = await measured(fleet, async () => {
      const paced = await publishPaced(publisher, stack.topics.events, [
        { partners: [slowPartner], rate: c.slowRate },
        { partners: healthy, rate: c.healthyRate, afterMs: c.headStartMs },
        { partners: [neighbour], rate: c.neighbourRate, afterMs: c.headStartMs },
      ], CONFIG.durationS);
      const deadline = paced.lastSentAt + CONFIG.webhookTimeoutMs + 5_000;
      const h = await fleet.settle(paced.sent, deadline, new Set(healthy));
      const n = await fleet.settle(paced.sent, deadline, new Set([neighbour]));
      const s = tally(paced.sent, fleet.arrivals(), (p) => p === slowPartner ? [slowLabel] : []);
      return { paced, h, n, s };
    });
    const samples = await sampler.stop();
    const { paced, h, n, s } = result;
    const window = samples.filter((x) => x.at <= paced.lastSentAt);
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
        statuses: await statuses(stack.sql, fleet, healthy.flatMap(fleet.webhooksOf)),
        attempt_duration_ms: await attemptDurations(
          stack.sql,
          fleet,
          healthy.flatMap(fleet.webhooksOf),
        ),
      },
      neighbour_on_slow_host: {
        rate: c.neighbourRate,
        ...deliverySummary(n),
        statuses: await statuses(stack.sql, fleet, fleet.webhooksOf(neighbour)),
        attempt_duration_ms: await attemptDurations(stack.sql, fleet, fleet.webhooksOf(neighbour)),
      },
      slow: {
        rate: c.slowRate,
        max_in_flight_setting: limits.maxInFlight,
        sockets_per_host_setting: limits.socketsPerHost,
        events: s.expected,
        attempts_received: s.delivered + s.repeats,
        in_flight_max: Math.max(0, ...samples.map((x) => x.inFlight)),
        in_flight_mean: window.length
          ? Math.round(window.reduce((a, x) => a + x.inFlight, 0) / window.length * 10) / 10
          : NaN,
        pending_at_end: samples.at(-1)?.pending ?? NaN,
        statuses: await statuses(stack.sql, fleet, [slowLabel]),
        host_connections_max: connections?.get(slowReceiver.port) ?? null,
      },
      cpu,
    };
  } finally {
    await fleet.stop();
  }
}
