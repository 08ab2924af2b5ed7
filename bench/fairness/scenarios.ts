/**
 * The fairness benchmark's runs against one stack: the healthy partner's stream alone, then
 * the same stream while a noisy partner floods endpoints that never answer.
 * @module
 */
import type { Sql } from "@hire/db";
import type { Publisher } from "@hire/queue";
import { sleep } from "@hire/testing/receiver.ts";
import { type SilentServer, startSilentServer } from "@hire/testing/silent_server.ts";
import type { Stack } from "@hire/testing/stack.ts";
import { snapshot, usage } from "../common/cpu.ts";
import { step } from "../common/proc.ts";
import { maxAndMean } from "../common/stats.ts";
import type { Fleet } from "../delivery/fleet.ts";
import { publishPaced } from "../delivery/publish.ts";
import { deliverySummary, type SentMap } from "../delivery/tally.ts";
import { CONFIG } from "./config.ts";
import type { HealthyRun, NoisyFigures } from "./results.ts";

/** The healthy partner: one webhook at a receiver of the fleet. */
export interface Healthy {
  fleet: Fleet;
  partnerId: string;
}

/** Publishes the healthy stream and waits for its first attempts. */
async function healthyStream(stack: Stack, publisher: Publisher, healthy: Healthy) {
  const paced = await publishPaced(publisher, stack.topics.events, [
    { partners: [healthy.partnerId], rate: CONFIG.healthyRate },
  ], CONFIG.durationS);
  const only = new Set([healthy.partnerId]);
  const t = await healthy.fleet.settle(paced.sent, paced.lastSentAt + CONFIG.settleMs, only);
  return { paced, t };
}

/** The healthy stream with no one else's work in the service. */
export async function aloneRun(
  stack: Stack,
  publisher: Publisher,
  healthy: Healthy,
): Promise<HealthyRun> {
  step(`alone: ${CONFIG.healthyRate} events/s for ${CONFIG.durationS} s to one healthy webhook`);
  const before = await snapshot();
  const { paced, t } = await healthyStream(stack, publisher, healthy);
  return {
    rate: CONFIG.healthyRate,
    duration_s: CONFIG.durationS,
    missed_after_s: CONFIG.settleMs / 1000,
    max_schedule_slip_ms: Math.round(paced.maxSlipMs),
    ...deliverySummary(t),
    cpu: usage(before, await snapshot()),
  };
}

/** The noisy partner: webhooks at endpoints that accept connections and never answer. */
export interface Noisy {
  partnerId: string;
  servers: SilentServer[];
}

/** Registers the noisy partner's webhooks, each at a silent endpoint of its own. */
export async function noisyPartner(stack: Stack): Promise<Noisy> {
  const p = await stack.partner("growth");
  const servers: SilentServer[] = [];
  for (let i = 0; i < CONFIG.noisy.endpoints; i++) {
    const server = startSilentServer();
    servers.push(server);
    const res = await p.call("POST", "/v1/partner/webhooks", {
      url: server.url("/hook"),
      events: ["job.deleted"],
    });
    if (res.status !== 201) {
      throw new Error(`register webhook: ${res.status} ${JSON.stringify(res.body)}`);
    }
  }
  return { partnerId: p.partnerId, servers };
}

/**
 * Samples the noisy partner every 500 ms: its requests out (the connections its endpoints
 * hold), its claimed attempts and its waiting ones.
 */
function sampleNoisy(sql: Sql, noisy: Noisy) {
  const samples: Sample[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const [row] = await sql<{ claimed: number; pending: number }[]>`
        SELECT count(*) FILTER (WHERE locked_until > now())::int AS claimed,
               count(*)::int AS pending
        FROM delivery_queue WHERE partner_id = ${noisy.partnerId}`;
      const open = noisy.servers.map((s) => s.open());
      samples.push({
        at: Date.now(),
        inFlight: open.reduce((a, n) => a + n, 0),
        webhooks: open.filter((n) => n > 0).length,
        claimed: row!.claimed,
        pending: row!.pending,
      });
      await sleep(500);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return samples;
    },
  };
}

interface Sample {
  at: number;
  inFlight: number;
  webhooks: number;
  claimed: number;
  pending: number;
}

/**
 * The noisy partner floods at its plan's limit from `headStartS` before the healthy stream
 * until it ends; the healthy stream is measured as alone.
 */
export async function besideNoisyRun(
  stack: Stack,
  publisher: Publisher,
  healthy: Healthy,
  noisy: Noisy,
  settings: NoisyFigures["settings"],
): Promise<HealthyRun & { noisy: NoisyFigures }> {
  const n = CONFIG.noisy;
  step(
    `beside a noisy partner: ${n.rate} events/s to its ${n.endpoints} webhooks that never ` +
      `answer (${CONFIG.webhookTimeoutMs / 1000} s timeout), from ${n.headStartS} s before ` +
      `the healthy stream of ${CONFIG.healthyRate} events/s for ${CONFIG.durationS} s`,
  );
  const sampler = sampleNoisy(stack.sql, noisy);
  const flood = publishPaced(publisher, stack.topics.events, [
    { partners: [noisy.partnerId], rate: n.rate },
  ], n.headStartS + CONFIG.durationS);
  await sleep(n.headStartS * 1000);
  const healthyStart = Date.now();
  const before = await snapshot();
  const { paced, t } = await healthyStream(stack, publisher, healthy);
  const cpu = usage(before, await snapshot());
  const flooded: SentMap = (await flood).sent;
  const samples = await sampler.stop();
  // The samples of the healthy stream only, once the noisy partner held its share.
  const during = samples.filter((s) => s.at >= healthyStart && s.at <= paced.lastSentAt);
  const noisyFigures: NoisyFigures = {
    endpoints: n.endpoints,
    rate: n.rate,
    head_start_s: n.headStartS,
    events: flooded.size,
    attempts_made: noisy.servers.reduce((a, s) => a + s.accepted(), 0),
    in_flight: maxAndMean(samples, during, (s) => s.inFlight),
    claimed: maxAndMean(samples, during, (s) => s.claimed),
    webhooks_in_flight_max: Math.max(0, ...samples.map((s) => s.webhooks)),
    pending_at_end: samples.at(-1)?.pending ?? NaN,
    settings,
  };
  return {
    rate: CONFIG.healthyRate,
    duration_s: CONFIG.durationS,
    missed_after_s: CONFIG.settleMs / 1000,
    max_schedule_slip_ms: Math.round(paced.maxSlipMs),
    ...deliverySummary(t),
    cpu,
    noisy: noisyFigures,
  };
}

/** Warms the healthy path (connections, plans, caches) with a few events, not measured. */
export async function warmUp(stack: Stack, publisher: Publisher, healthy: Healthy) {
  step(`warm-up: ${CONFIG.warmupEvents} events to the healthy webhook`);
  const paced = await publishPaced(publisher, stack.topics.events, [
    { partners: [healthy.partnerId], rate: 10 },
  ], CONFIG.warmupEvents / 10);
  const settled = await healthy.fleet.settle(paced.sent, Date.now() + CONFIG.settleMs);
  if (settled.missing) throw new Error(`warm-up: ${settled.missing} deliveries never arrived`);
}
