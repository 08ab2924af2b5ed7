/**
 * `deno task bench:delivery` (also run by `deno task bench`): webhook delivery throughput,
 * latency from an event on `jobs.events.v1` to the first attempt at the receiver, and
 * isolation of healthy webhooks from one that always takes the full timeout. Runs the edge
 * and the delivery service in-process (as the integration tests do) on a database of its
 * own, `hire_bench_delivery`, made afresh, and on fresh `test.` topics; HTTPS receivers on
 * loopback. Writes `bench/results/delivery.md` and `delivery-<date>.json`.
 *
 * | variable                      | default | meaning                                     |
 * | ----------------------------- | ------- | ------------------------------------------- |
 * | `BENCH_DELIVERY_EVENTS`       | `3000`  | events of the throughput burst              |
 * | `BENCH_DELIVERY_RATE`         | `100`   | events/s of the latency run                 |
 * | `BENCH_DELIVERY_DURATION`     | `20`    | seconds of the latency and isolation runs   |
 * | `BENCH_DELIVERY_SLOW_RATE`    | `20`    | events/s to the slow webhook (isolation)    |
 * | `BENCH_DELIVERY_HEALTHY_RATE` | `50`    | events/s to the healthy webhooks (isolation) |
 * @module
 */
import { connect, migrate, type Sql } from "@hire/db";
import { newId } from "@hire/ids";
import { encodeJobEvent, type JobEvent } from "@hire/jobs";
import { createPublisher, type Publisher } from "@hire/kafka";
import { DEFAULT_DATABASE_URL, ensureDatabase } from "../deploy/local/postgres.ts";
import { type Receiver, sleep, startReceiver } from "../tests/support/receiver.ts";
import type { Stack } from "../tests/support/stack.ts";
import { type CpuUsage, snapshot, usage } from "./cpu.ts";
import {
  type Arrival,
  deliveriesPerSec,
  type DeliveryTally,
  type Figure,
  figureRows,
  type LatencyStats,
  latencyStats,
  meets,
  type SentEvent,
  tally,
} from "./delivery.ts";
import { describeMachine, type Machine } from "./machine.ts";
import { commandOutput, ROOT, step } from "./proc.ts";
import { cpuLine } from "./report.ts";

const num = (name: string, def: number) => Number(Deno.env.get(name) ?? def);
const CONFIG = {
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
  },
  webhookTimeoutMs: 10_000,
  /** Per-webhook in-flight limit of the service (WEBHOOK_MAX_IN_FLIGHT, default). */
  maxInFlight: 16,
};
const TARGETS = { deliveriesPerSec: 500, latencyP95Ms: 1000, isolationP95Ms: 1000 };
type SentMap = Map<string, SentEvent>;

/** A fresh, migrated database beside DATABASE_URL's, as `deno task test` makes hire_test. */
async function prepareDatabase(): Promise<string> {
  const url = new URL(Deno.env.get("DATABASE_URL") ?? DEFAULT_DATABASE_URL);
  url.pathname = `/${CONFIG.database}`;
  await ensureDatabase(url.toString(), { fresh: true });
  const sql = connect(url.toString(), { max: 1, name: "bench" });
  try {
    await migrate(sql);
  } finally {
    await sql.end();
  }
  return url.toString();
}

function jobDeleted(partnerId: string): JobEvent {
  const now = new Date().toISOString();
  const jobId = newId("job");
  return {
    id: newId("evt"),
    type: "job.deleted",
    created_at: now,
    partner_id: partnerId,
    data: { job_id: jobId, service_url: `https://jobs.example.sa/jobs/${jobId}`, deleted_at: now },
  };
}

/** The webhooks of a scenario, by partner, labelled `<receiver port><path>`, and their receivers. */
interface Fleet {
  receiver(): Promise<Receiver>;
  /** A new partner with one webhook per path, all on `receiver`; resolves with its id. */
  partner(receiver: Receiver, paths: string[]): Promise<string>;
  webhooksOf(partnerId: string): string[];
  labels(): string[];
  /** Webhook id by label. */
  ids: Map<string, string>;
  /** Every request received so far; bodies are parsed once. */
  arrivals(): Arrival[];
  /** Polls until every delivery of `sent` (to `only` partners) arrived or `deadline` passed. */
  settle(sent: SentMap, deadline: number, only?: Set<string>): Promise<DeliveryTally>;
  stop(): Promise<void>;
}

function createFleet(stack: Stack): Fleet {
  const receivers: Receiver[] = [];
  const byPartner = new Map<string, string[]>();
  const ids = new Map<string, string>();
  const read = new Map<Receiver, number>();
  const arrivals: Arrival[] = [];
  const webhooksOf = (partnerId: string) => byPartner.get(partnerId) ?? [];

  const collect = () => {
    for (const r of receivers) {
      const all = r.requests();
      for (const req of all.slice(read.get(r) ?? 0)) {
        let eventId = "";
        try {
          eventId = JSON.parse(req.body).id ?? "";
        } catch { /* not an envelope: matches no event */ }
        arrivals.push({ webhook: `${r.port}${req.path}`, eventId, receivedAt: req.receivedAt });
      }
      read.set(r, all.length);
    }
    return arrivals;
  };

  return {
    async receiver() {
      const r = await startReceiver();
      receivers.push(r);
      return r;
    },
    async partner(receiver, paths) {
      const p = await stack.partner("growth");
      for (const path of paths) {
        const res = await p.call("POST", "/v1/partner/webhooks", {
          url: receiver.url(path),
          events: ["job.deleted"],
        });
        if (res.status !== 201) {
          throw new Error(`register webhook: ${res.status} ${JSON.stringify(res.body)}`);
        }
        const label = `${receiver.port}${path}`;
        byPartner.set(p.partnerId, [...webhooksOf(p.partnerId), label]);
        ids.set(label, res.body.id);
      }
      return p.partnerId;
    },
    webhooksOf,
    labels: () => [...byPartner.values()].flat(),
    ids,
    arrivals: collect,
    async settle(sent, deadline, only) {
      const of = only ? (p: string) => (only.has(p) ? webhooksOf(p) : []) : webhooksOf;
      for (;;) {
        const t = tally(sent, collect(), of);
        if (t.missing === 0 || Date.now() >= deadline) return t;
        await sleep(250);
      }
    },
    async stop() {
      await Promise.all(receivers.map((r) => r.stop()));
    },
  };
}

/** Publishes `total` events round-robin over `partners` in batches, as fast as it can. */
async function publishBurst(
  publisher: Publisher,
  topic: string,
  partners: string[],
  total: number,
): Promise<SentMap> {
  const sent: SentMap = new Map();
  for (let i = 0; i < total; i += CONFIG.batchSize) {
    const events = Array.from(
      { length: Math.min(CONFIG.batchSize, total - i) },
      (_, k) => jobDeleted(partners[(i + k) % partners.length]!),
    );
    const sentAt = Date.now();
    for (const e of events) sent.set(e.id, { partnerId: e.partner_id, sentAt });
    await publisher.sendBatch({ topicMessages: [{ topic, messages: events.map(encodeJobEvent) }] });
  }
  return sent;
}

/** What a paced run published. */
interface Paced {
  sent: SentMap;
  /** Send call → broker ack (acks=all), per event. */
  ackMs: LatencyStats;
  /** Most the sends fell behind their schedule. */
  maxSlipMs: number;
  lastSentAt: number;
}

/** Publishes each stream at its rate for `durationS`, one event per send, as the job service. */
async function publishPaced(
  publisher: Publisher,
  topic: string,
  streams: { partners: string[]; rate: number }[],
  durationS: number,
): Promise<Paced> {
  const schedule = streams.flatMap((s) =>
    Array.from({ length: Math.round(s.rate * durationS) }, (_, i) => ({
      due: (i * 1000) / s.rate,
      partnerId: s.partners[i % s.partners.length]!,
    }))
  ).sort((a, b) => a.due - b.due);
  const sent: SentMap = new Map();
  const acks: number[] = [];
  const pending: Promise<void>[] = [];
  let maxSlipMs = 0;
  const start = performance.now();
  for (const item of schedule) {
    const wait = start + item.due - performance.now();
    if (wait > 0) await sleep(wait);
    maxSlipMs = Math.max(maxSlipMs, performance.now() - start - item.due);
    const event = jobDeleted(item.partnerId);
    const sentAt = Date.now();
    sent.set(event.id, { partnerId: item.partnerId, sentAt });
    pending.push(
      publisher.send({ topic, messages: [encodeJobEvent(event)] })
        .then(() => void acks.push(Date.now() - sentAt)),
    );
  }
  await Promise.all(pending);
  return { sent, ackMs: latencyStats(acks), maxSlipMs, lastSentAt: Date.now() };
}

const rounded = (s: LatencyStats): LatencyStats => ({
  count: s.count,
  p50: Math.round(s.p50),
  p95: Math.round(s.p95),
  p99: Math.round(s.p99),
  max: Math.round(s.max),
});

function summary(t: DeliveryTally) {
  return {
    expected: t.expected,
    delivered: t.delivered,
    missing: t.missing,
    repeats: t.repeats,
    latency_ms: rounded(latencyStats(t.latenciesMs)),
  };
}

/** Attempts by status over some webhooks, from the service's own log of deliveries. */
async function statuses(sql: Sql, fleet: Fleet, labels: string[]) {
  const rows = await sql<{ status: string; n: number }[]>`
    SELECT status, count(*)::int AS n FROM webhook_deliveries
    WHERE webhook_id = ANY(${labels.map((l) => fleet.ids.get(l)!)})
    GROUP BY 1 ORDER BY 1`;
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
}

/** Recorded attempt durations (the service's own clock: DNS, socket wait, TLS, response). */
async function attemptDurations(sql: Sql, fleet: Fleet, labels: string[]) {
  const rows = await sql<{ duration_ms: number }[]>`
    SELECT duration_ms FROM webhook_deliveries
    WHERE webhook_id = ANY(${labels.map((l) => fleet.ids.get(l)!)}) AND duration_ms IS NOT NULL`;
  return rounded(latencyStats(rows.map((r) => r.duration_ms)));
}

const statusText = (s: Record<string, number>) =>
  Object.entries(s).map(([k, n]) => `${k} ${n.toLocaleString("en-US")}`).join(", ") || "none";

async function measuredCpu<T>(run: () => Promise<T>): Promise<{ result: T; cpu: CpuUsage }> {
  const before = await snapshot();
  const result = await run();
  const cpu = usage(before, await snapshot());
  return { result, cpu: { ...cpu, top: cpu.top.slice(0, 4) } };
}

async function throughputScenario(stack: Stack, publisher: Publisher) {
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
    const { result: t, cpu } = await measuredCpu(async () => {
      const sent = await publishBurst(publisher, stack.topics.events, partners, c.events);
      const publishedIn = Date.now() - Math.min(...[...sent.values()].map((s) => s.sentAt));
      const t = await fleet.settle(sent, Date.now() + 90_000);
      return { ...t, publishedIn };
    });
    const labels = fleet.labels();
    return {
      events: c.events,
      webhooks: labels.length,
      partners: partners.length,
      publish_ms: t.publishedIn,
      deliveries_per_sec: Math.round(deliveriesPerSec(t) * 10) / 10,
      window_ms: t.lastArrivalAt - t.firstSentAt,
      ...summary(t),
      statuses: await statuses(stack.sql, fleet, labels),
      cpu,
    };
  } finally {
    await fleet.stop();
  }
}

async function latencyScenario(stack: Stack, publisher: Publisher) {
  const c = CONFIG.latency;
  const fleet = createFleet(stack);
  try {
    const partners: string[] = [];
    for (let i = 0; i < c.partners; i++) {
      partners.push(await fleet.partner(await fleet.receiver(), ["/fast"]));
    }
    step(`latency: ${c.rate} events/s for ${CONFIG.durationS} s to ${partners.length} webhooks`);
    const { result, cpu } = await measuredCpu(async () => {
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
      producer_ack_ms: rounded(result.paced.ackMs),
      max_schedule_slip_ms: Math.round(result.paced.maxSlipMs),
      ...summary(result.t),
      statuses: await statuses(stack.sql, fleet, labels),
      cpu,
    };
  } finally {
    await fleet.stop();
  }
}

/** Samples the slow webhook's claimed (in flight) and pending attempts every 500 ms. */
function sampleSlow(sql: Sql, webhookId: string) {
  const samples: { at: number; inFlight: number; pending: number }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const [row] = await sql<{ in_flight: number; pending: number }[]>`
        SELECT count(*) FILTER (WHERE locked_until > now())::int AS in_flight,
               count(*)::int AS pending
        FROM webhook_deliveries WHERE webhook_id = ${webhookId} AND status = 'pending'`;
      samples.push({ at: Date.now(), inFlight: row!.in_flight, pending: row!.pending });
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

async function isolationScenario(stack: Stack, publisher: Publisher) {
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
    const { result, cpu } = await measuredCpu(async () => {
      const paced = await publishPaced(publisher, stack.topics.events, [
        { partners: [slowPartner], rate: c.slowRate },
        { partners: healthy, rate: c.healthyRate },
        { partners: [neighbour], rate: c.neighbourRate },
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
      producer_ack_ms: rounded(paced.ackMs),
      max_schedule_slip_ms: Math.round(paced.maxSlipMs),
      healthy: {
        webhooks: healthy.length,
        rate: c.healthyRate,
        ...summary(h),
        statuses: await statuses(stack.sql, fleet, healthy.flatMap(fleet.webhooksOf)),
        attempt_duration_ms: await attemptDurations(
          stack.sql,
          fleet,
          healthy.flatMap(fleet.webhooksOf),
        ),
      },
      neighbour_on_slow_host: {
        rate: c.neighbourRate,
        ...summary(n),
        statuses: await statuses(stack.sql, fleet, fleet.webhooksOf(neighbour)),
        attempt_duration_ms: await attemptDurations(stack.sql, fleet, fleet.webhooksOf(neighbour)),
      },
      slow: {
        rate: c.slowRate,
        events: s.expected,
        attempts_received: s.delivered + s.repeats,
        in_flight_max: Math.max(0, ...samples.map((x) => x.inFlight)),
        in_flight_mean: window.length
          ? Math.round(window.reduce((a, x) => a + x.inFlight, 0) / window.length * 10) / 10
          : NaN,
        pending_at_end: samples.at(-1)?.pending ?? NaN,
        statuses: await statuses(stack.sql, fleet, [slowLabel]),
      },
      cpu,
    };
  } finally {
    await fleet.stop();
  }
}

async function versions(machine: Machine) {
  const root = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`));
  const service = JSON.parse(await Deno.readTextFile(`${ROOT}services/delivery/deno.json`));
  const rev = await commandOutput("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT });
  const dirty = await commandOutput("git", ["status", "--porcelain"], { cwd: ROOT });
  return {
    delivery_service: `${service.name} ${service.version}`,
    commit: rev.success
      ? `${rev.stdout.trim()}${dirty.stdout.trim() ? " (with uncommitted changes)" : ""}`
      : "unknown",
    kafkajs: String(root.imports.kafkajs).replace("npm:", ""),
    postgres_js: String(root.imports.postgres).replace("npm:", ""),
    deno: machine.deno,
    postgres: machine.postgres,
    kafka: machine.kafka,
  };
}

type Results = {
  throughput: Awaited<ReturnType<typeof throughputScenario>>;
  latency: Awaited<ReturnType<typeof latencyScenario>>;
  isolation: Awaited<ReturnType<typeof isolationScenario>>;
};

function figures(r: Results): Figure[] {
  const t = r.throughput;
  const l = r.latency;
  const i = r.isolation;
  const ms = (scenario: string, figure: string, value: number, target?: number): Figure => ({
    scenario,
    figure,
    value,
    unit: "ms",
    ...(target === undefined ? {} : { target: { op: "≤", value: target } }),
  });
  const none = (scenario: string, figure: string, value: number): Figure => ({
    scenario,
    figure,
    value,
    unit: "",
    target: { op: "≤", value: 0 },
  });
  const T = `throughput (${t.events.toLocaleString("en-US")} events × 2 webhooks)`;
  const L = `latency (${l.rate} events/s, ${l.webhooks} webhooks)`;
  const I = "isolation (healthy webhooks)";
  const S = "isolation (slow webhook)";
  const N = "isolation (neighbour on the slow host)";
  return [
    {
      scenario: T,
      figure: "deliveries/s",
      value: t.deliveries_per_sec,
      unit: "/s",
      target: { op: "≥", value: TARGETS.deliveriesPerSec },
    },
    none(T, "deliveries missing", t.missing),
    ms(T, "event → first attempt p50", t.latency_ms.p50),
    ms(T, "event → first attempt p99", t.latency_ms.p99),
    ms(L, "event → first attempt p50", l.latency_ms.p50),
    ms(L, "event → first attempt p95", l.latency_ms.p95, TARGETS.latencyP95Ms),
    ms(L, "event → first attempt p99", l.latency_ms.p99),
    none(L, "deliveries missing", l.missing),
    ms(I, "event → first attempt p50", i.healthy.latency_ms.p50),
    {
      ...ms(I, "event → first attempt p95", i.healthy.latency_ms.p95),
      target: { op: "<", value: TARGETS.isolationP95Ms },
    },
    ms(I, "event → first attempt p99", i.healthy.latency_ms.p99),
    none(I, "deliveries missing", i.healthy.missing),
    { scenario: S, figure: "attempts in flight, max", value: i.slow.in_flight_max, unit: "" },
    { scenario: S, figure: "attempts in flight, mean", value: i.slow.in_flight_mean, unit: "" },
    { scenario: S, figure: "attempts made", value: i.slow.attempts_received, unit: "" },
    { scenario: S, figure: "events published", value: i.slow.events, unit: "" },
    ms(N, "event → first attempt p50", i.neighbour_on_slow_host.latency_ms.p50),
    ms(N, "event → first attempt p95", i.neighbour_on_slow_host.latency_ms.p95),
    {
      scenario: N,
      figure: "first attempts not received",
      value: i.neighbour_on_slow_host.missing,
      unit: "",
    },
  ];
}

/** Findings the figures point to, worded from the run's own numbers. */
function observations(r: Results): string[] {
  const n = r.isolation.neighbour_on_slow_host;
  if (n.missing === 0 && n.latency_ms.p95 < TARGETS.isolationP95Ms) return [];
  return [
    `A healthy webhook of another partner on the slow webhook's host and port is not ` +
    `isolated: event → first attempt p50 ${n.latency_ms.p50} ms, p95 ${n.latency_ms.p95} ms, ` +
    `and ${n.missing} of ${n.expected} first attempts not made within ` +
    `${(r.isolation.webhook_timeout_ms + 5000) / 1000} s of the last send, while the same ` +
    `load on other hosts stayed at p95 ${r.isolation.healthy.latency_ms.p95} ms. By the ` +
    `service's own clock its attempts took up to ${n.attempt_duration_ms.max} ms (p50 ` +
    `${n.attempt_duration_ms.p50} ms; ${r.isolation.healthy.attempt_duration_ms.p50} ms on ` +
    `the other hosts) against an endpoint that answers at once: they waited for a socket. ` +
    `The delivery client pools at most 16 sockets per host (\`maxSocketsPerHost\` in ` +
    `\`services/delivery/http_client.ts\`), as many as WEBHOOK_MAX_IN_FLIGHT, so the slow ` +
    `webhook's attempts can hold every socket to that host; other webhooks' attempts to it ` +
    `wait in the pool's queue while holding their own in-flight slots, and the rest of their ` +
    `queue waits in Postgres, so they go out in waves about one timeout apart. The ` +
    `per-webhook limit isolates hosts, not webhooks that share one.`,
  ];
}

function markdown(
  at: Date,
  r: Results,
  figs: Figure[],
  machine: Machine,
  v: Awaited<ReturnType<typeof versions>>,
): string {
  const date = at.toISOString().slice(0, 10);
  const t = r.throughput;
  const l = r.latency;
  const i = r.isolation;
  return `# Webhook delivery benchmark

Measured on ${date} (${at.toISOString()}) with \`deno task bench:delivery\`. Raw figures:
\`delivery-${date}.json\`.

The edge and the delivery service run in-process, as the integration tests start them
(\`tests/support/stack.ts\`), on the real Kafka broker and Postgres, with a fresh database
(\`${CONFIG.database}\`) and fresh topics; the HTTPS receivers (\`tests/support/receiver.ts\`)
and the event producer run in the same process. So one Deno event loop carries the delivery
service, the receivers' TLS and HTTP, and the producer, while Kafka and Postgres share the
other core: the figures are for the service on a fraction of this ${machine.nproc}-core
machine. Events are \`job.deleted\` envelopes published to the events topic with the
platform's publisher (acks=all), as the job service does; the send time is \`Date.now()\`
just before the produce call (so it includes the publish itself), and the arrival time is
\`Date.now()\` when the receiver's handler starts. Latency is per (webhook, event): send →
first attempt's arrival. Each partner's webhooks are on a receiver of their own (own port),
as different partners' endpoints are on different hosts.

| scenario | what it does |
| --- | --- |
| throughput | ${t.webhooks} webhooks (${t.partners} partners × 2), fast 200 endpoints; after a ${CONFIG.warmupEvents}-event warm-up, ${
    t.events.toLocaleString("en-US")
  } events published in batches of ${CONFIG.batchSize} as fast as possible (took ${t.publish_ms} ms); deliveries/s = first attempts received ÷ (last arrival − first send) |
| latency | ${l.rate} events/s for ${l.duration_s} s, round-robin over ${l.webhooks} partners with one fast webhook each |
| isolation | for ${i.duration_s} s: ${i.slow.rate} events/s to a webhook whose endpoint answers after ${
    (i.webhook_timeout_ms + 1000) / 1000
  } s (WEBHOOK_TIMEOUT ${
    i.webhook_timeout_ms / 1000
  } s, so every attempt times out), ${i.healthy.rate} events/s to ${i.healthy.webhooks} healthy webhooks of other partners, and ${i.neighbour_on_slow_host.rate} events/s to a healthy webhook of another partner on the slow endpoint's host and port |

## Results

${figureRows(figs).join("\n")}

A target counts as met only when its figure is within it; "deliveries missing" (expected
first attempts that never arrived) must be 0. Rows marked "context" have no target.

- **throughput**: ${t.delivered} of ${t.expected} deliveries in ${t.window_ms} ms, ${t.repeats} repeated; attempts recorded (with the warm-up's): ${
    statusText(t.statuses)
  }. Under the burst the queue builds up, hence the seconds of latency. CPU: ${cpuLine(t.cpu)}.
- **latency**: ${l.delivered} of ${l.expected} delivered, max ${l.latency_ms.max} ms; attempts recorded: ${
    statusText(l.statuses)
  }. Producer send → broker ack p50 ${l.producer_ack_ms.p50} ms, p99 ${l.producer_ack_ms.p99} ms (part of the latency); sends fell behind their schedule by at most ${l.max_schedule_slip_ms} ms. CPU: ${
    cpuLine(l.cpu)
  }.
- **isolation**: healthy ${i.healthy.delivered} of ${i.healthy.expected} delivered, max ${i.healthy.latency_ms.max} ms; attempts recorded: ${
    statusText(i.healthy.statuses)
  }. Slow webhook: ${i.slow.events} events, ${i.slow.attempts_received} attempts reached its endpoint, attempts claimed by the service at once (sampled every 500 ms from \`webhook_deliveries\`) at most ${i.slow.in_flight_max}, mean ${i.slow.in_flight_mean} while publishing (WEBHOOK_MAX_IN_FLIGHT is ${CONFIG.maxInFlight}); ${i.slow.pending_at_end} still pending at the end; attempts recorded: ${
    statusText(i.slow.statuses)
  }. Neighbour on the slow host: ${i.neighbour_on_slow_host.delivered} of ${i.neighbour_on_slow_host.expected} first attempts received within ${
    (i.webhook_timeout_ms + 5000) / 1000
  } s of the last send; attempts recorded: ${
    statusText(i.neighbour_on_slow_host.statuses)
  }, their recorded duration p50 ${i.neighbour_on_slow_host.attempt_duration_ms.p50} ms, max ${i.neighbour_on_slow_host.attempt_duration_ms.max} ms (healthy webhooks elsewhere: p50 ${i.healthy.attempt_duration_ms.p50} ms, max ${i.healthy.attempt_duration_ms.max} ms). CPU: ${
    cpuLine(i.cpu)
  }.
${observations(r).map((o) => `\n### Observation\n\n${o}\n`).join("")}
## Machine and versions

| | value |
| --- | --- |
| CPUs | ${machine.nproc} × ${machine.cpuModel} |
| memory | ${machine.memoryGiB} GiB |
| OS | ${machine.os} (kernel ${machine.kernel}) |
| Deno | ${v.deno} |
| Postgres | ${v.postgres} |
| Kafka | ${v.kafka}; ${machine.java} |
| clients | ${v.kafkajs}, ${v.postgres_js} |
| delivery service | ${v.delivery_service}, commit ${v.commit} |
| date | ${at.toISOString()} |
`;
}

async function main() {
  const databaseUrl = await prepareDatabase();
  // stack.ts reads DATABASE_URL when it is first imported.
  Deno.env.set("DATABASE_URL", databaseUrl);
  const { startStack } = await import("../tests/support/stack.ts");
  step("starting the edge and the delivery service in-process");
  const stack = await startStack({
    jobService: false,
    delivery: { env: { WEBHOOK_TIMEOUT: `${CONFIG.webhookTimeoutMs / 1000}s` } },
  });
  const publisher = createPublisher(stack.kafka);
  let results: Results;
  try {
    await publisher.connect();
    results = {
      throughput: await throughputScenario(stack, publisher),
      latency: await latencyScenario(stack, publisher),
      isolation: await isolationScenario(stack, publisher),
    };
  } finally {
    await publisher.disconnect();
    step("stopping the stack (its topics are deleted)");
    await stack.stop();
  }
  const at = new Date();
  const date = at.toISOString().slice(0, 10);
  const machine = await describeMachine("in-process producer and HTTPS receivers");
  const v = await versions(machine);
  const figs = figures(results);
  const md = markdown(at, results, figs, machine, v);
  const dir = new URL("./results/", import.meta.url);
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(new URL("delivery.md", dir), md);
  await Deno.writeTextFile(
    new URL(`delivery-${date}.json`, dir),
    JSON.stringify(
      {
        generated_at: at.toISOString(),
        config: CONFIG,
        targets: TARGETS,
        machine,
        versions: v,
        results,
        figures: figs.map((f) => ({ ...f, met: f.target ? meets(f) : null })),
        met: figs.every(meets),
      },
      null,
      2,
    ) + "\n",
  );
  console.log(md);
}

if (import.meta.main) {
  try {
    await main();
  } catch (err) {
    const text = err instanceof Error ? `${err.stack}\n${err.cause ?? ""}` : String(err);
    console.error(`[bench] failed: ${text}`);
    if (text.includes("does not host this topic-partition")) {
      // `deno task test` deletes every `test.` topic when it starts, this run's included.
      console.error("[bench] was `deno task test` started meanwhile? It deletes `test.` topics.");
    }
    Deno.exit(1);
  }
}
