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
import { loadDeliveryConfig } from "@hire/delivery-service/config.ts";
import { newId } from "@hire/ids";
import { encodeJobEvent, type JobEvent } from "@hire/jobs";
import { createPublisher, type Publisher } from "@hire/kafka";
import { DEFAULT_DATABASE_URL, ensureDatabase } from "../deploy/local/postgres.ts";
import { type Receiver, sleep, startReceiver } from "../tests/support/receiver.ts";
import type { Stack } from "../tests/support/stack.ts";
import { snapshot, usage } from "./cpu.ts";
import {
  type Arrival,
  deliveriesPerSec,
  deliveryMarkdown,
  type DeliveryResults,
  deliverySummary,
  type DeliveryTally,
  figures,
  type IsolationResult,
  type LatencyResult,
  type LatencyStats,
  latencyStats,
  meets,
  roundedStats,
  type SentEvent,
  type Statuses,
  tally,
  TARGETS,
  type ThroughputResult,
  type Versions,
} from "./delivery.ts";
import { describeMachine, type Machine } from "./machine.ts";
import { commandOutput, ROOT, step } from "./proc.ts";

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
    /**
     * The slow stream starts first, so the slow webhook holds its full share of slots (and
     * sockets) when the healthy streams begin: the steady state of a slow endpoint.
     */
    headStartMs: 2000,
  },
  webhookTimeoutMs: 10_000,
};

/** The delivery service's limits in the run, as its configuration reads them. */
interface Limits {
  /** WEBHOOK_MAX_IN_FLIGHT */
  maxInFlight: number;
  /** The client's `maxSocketsPerHost`: the stack, like main.ts, passes DELIVERY_CONCURRENCY. */
  socketsPerHost: number;
}
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
  /** The receivers' ports. */
  ports(): number[];
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
    ports: () => receivers.map((r) => r.port),
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
  /** `afterMs`: when the stream starts, after the first. */
  streams: { partners: string[]; rate: number; afterMs?: number }[],
  durationS: number,
): Promise<Paced> {
  const schedule = streams.flatMap((s) =>
    Array.from({ length: Math.round(s.rate * durationS) }, (_, i) => ({
      due: (s.afterMs ?? 0) + (i * 1000) / s.rate,
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

/** Attempts by status over some webhooks, from the service's own log of deliveries. */
async function statuses(sql: Sql, fleet: Fleet, labels: string[]): Promise<Statuses> {
  const rows = await sql<{ status: string; n: number }[]>`
    SELECT status, count(*)::int AS n FROM webhook_deliveries
    WHERE webhook_id = ANY(${labels.map((l) => fleet.ids.get(l)!)})
    GROUP BY 1 ORDER BY 1`;
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** Recorded attempt durations (the service's own clock: DNS, socket wait, TLS, response). */
async function attemptDurations(sql: Sql, fleet: Fleet, labels: string[]) {
  const rows = await sql<{ duration_ms: number }[]>`
    SELECT duration_ms FROM webhook_deliveries
    WHERE webhook_id = ANY(${labels.map((l) => fleet.ids.get(l)!)}) AND duration_ms IS NOT NULL`;
  return roundedStats(latencyStats(rows.map((r) => r.duration_ms)));
}

/**
 * Samples established TCP connections per receiver port every 500 ms with `ss`: the client
 * side of the delivery service's socket pool, seen from the receivers. Null without `ss`.
 */
function sampleConnections(ports: number[]) {
  const max = new Map(ports.map((p) => [p, 0]));
  let running = true;
  let available = true;
  const loop = (async () => {
    while (running && available) {
      const out = await commandOutput("ss", ["-Htn", "state", "established"]);
      if (!out.success) {
        available = false;
        break;
      }
      const counts = new Map<number, number>();
      for (const line of out.stdout.split("\n")) {
        const local = line.trim().split(/\s+/)[2] ?? "";
        const port = Number(local.slice(local.lastIndexOf(":") + 1));
        if (max.has(port)) counts.set(port, (counts.get(port) ?? 0) + 1);
      }
      for (const [port, n] of counts) max.set(port, Math.max(max.get(port)!, n));
      await sleep(500);
    }
  })();
  return {
    /** Most connections seen at once, per receiver port. */
    async stop(): Promise<Map<number, number> | null> {
      running = false;
      await loop;
      return available ? max : null;
    },
  };
}

const maxOf = (m: Map<number, number> | null) => (m ? Math.max(0, ...m.values()) : null);

/** Runs `run` while measuring CPU use and connections to the fleet's receivers. */
async function measured<T>(fleet: Fleet, run: () => Promise<T>) {
  const connections = sampleConnections(fleet.ports());
  const before = await snapshot();
  const result = await run();
  const cpu = usage(before, await snapshot());
  // usage() books this process's reaped children as wrk: here they are the `ss` samples.
  const ss = (name: string) => name.startsWith("wrk") ? "ss (connection sampler)" : name;
  return {
    result,
    cpu: {
      ...cpu,
      groups: cpu.groups.map((g) => ({ ...g, group: ss(g.group) })),
      top: cpu.top.slice(0, 4).map((t) => ({ ...t, command: ss(t.command) })),
    },
    connections: await connections.stop(),
  };
}

async function throughputScenario(
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

async function latencyScenario(stack: Stack, publisher: Publisher): Promise<LatencyResult> {
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

async function isolationScenario(
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

async function versions(machine: Machine): Promise<Versions> {
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

async function main() {
  const databaseUrl = await prepareDatabase();
  // stack.ts reads DATABASE_URL when it is first imported.
  Deno.env.set("DATABASE_URL", databaseUrl);
  const { startStack } = await import("../tests/support/stack.ts");
  step("starting the edge and the delivery service in-process");
  const deliveryEnv = { WEBHOOK_TIMEOUT: `${CONFIG.webhookTimeoutMs / 1000}s` };
  const stack = await startStack({ jobService: false, delivery: { env: deliveryEnv } });
  const cfg = loadDeliveryConfig({ ...stack.env, ...deliveryEnv });
  const limits = {
    maxInFlight: cfg.WEBHOOK_MAX_IN_FLIGHT,
    socketsPerHost: cfg.DELIVERY_CONCURRENCY,
  };
  const publisher = createPublisher(stack.kafka);
  let results: DeliveryResults;
  try {
    await publisher.connect();
    results = {
      throughput: await throughputScenario(stack, publisher),
      latency: await latencyScenario(stack, publisher),
      isolation: await isolationScenario(stack, publisher, limits),
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
  const md = deliveryMarkdown(results, { at, machine, versions: v, database: CONFIG.database });
  const figs = figures(results);
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
