/**
 * The webhook delivery benchmark's arithmetic and report, free of I/O: which arrivals were
 * first attempts of which (webhook, event), their latency since the event was sent,
 * throughput, the verdicts against the targets, and the Markdown summary.
 * @module
 */
import type { CpuUsage } from "./cpu.ts";
import type { Machine } from "./machine.ts";
import { cpuLine } from "./report.ts";

/** The targets of the delivery service. */
export const TARGETS = { deliveriesPerSec: 500, latencyP95Ms: 1000, isolationP95Ms: 1000 };

/** One event as published: its partner and `Date.now()` just before the produce call. */
export interface SentEvent {
  partnerId: string;
  sentAt: number;
}

/** One request a receiver saw, reduced to what the figures need. */
export interface Arrival {
  /** The webhook it was addressed to (a label of the benchmark's own). */
  webhook: string;
  /** The `id` of the event envelope in the body. */
  eventId: string;
  /** `Date.now()` at arrival. */
  receivedAt: number;
}

/** Percentiles of a set of durations, in milliseconds (NaN when empty). */
export interface LatencyStats {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of ascending `sorted` (p in 0..1); NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil(p * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** p50, p95, p99 and max of `values` (any order). */
export function latencyStats(values: readonly number[]): LatencyStats {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? NaN,
  };
}

/** What the arrivals of one scenario add up to. */
export interface DeliveryTally {
  /** (webhook, event) pairs the events should have produced. */
  expected: number;
  /** Pairs with at least one arrival. */
  delivered: number;
  /** Arrivals beyond the first of a pair (retries or duplicates). */
  repeats: number;
  /** Expected pairs with no arrival. */
  missing: number;
  /** Event send → first arrival, per delivered pair, in ms. */
  latenciesMs: number[];
  firstSentAt: number;
  lastArrivalAt: number;
}

/**
 * Matches arrivals to the events of a scenario. `webhooksOf` gives the webhooks (labels)
 * that subscribe to a partner's events; arrivals of other events are ignored, so the
 * scenarios of one run can share receivers.
 */
export function tally(
  sent: ReadonlyMap<string, SentEvent>,
  arrivals: readonly Arrival[],
  webhooksOf: (partnerId: string) => readonly string[],
): DeliveryTally {
  const first = new Map<string, number>();
  let repeats = 0;
  for (const a of arrivals) {
    const event = sent.get(a.eventId);
    if (!event || !webhooksOf(event.partnerId).includes(a.webhook)) continue;
    const key = `${a.webhook} ${a.eventId}`;
    const seen = first.get(key);
    if (seen === undefined) first.set(key, a.receivedAt);
    else {
      repeats++;
      if (a.receivedAt < seen) first.set(key, a.receivedAt);
    }
  }
  let expected = 0;
  let firstSentAt = Infinity;
  let lastArrivalAt = -Infinity;
  for (const at of first.values()) lastArrivalAt = Math.max(lastArrivalAt, at);
  const latenciesMs: number[] = [];
  for (const [id, event] of sent) {
    firstSentAt = Math.min(firstSentAt, event.sentAt);
    for (const webhook of webhooksOf(event.partnerId)) {
      expected++;
      const at = first.get(`${webhook} ${id}`);
      if (at !== undefined) latenciesMs.push(at - event.sentAt);
    }
  }
  return {
    expected,
    delivered: first.size,
    repeats,
    missing: expected - first.size,
    latenciesMs,
    firstSentAt,
    lastArrivalAt,
  };
}

/** First attempts received per second, from the first send to the last first arrival. */
export function deliveriesPerSec(t: DeliveryTally): number {
  const seconds = (t.lastArrivalAt - t.firstSentAt) / 1000;
  return t.delivered > 0 && seconds > 0 ? t.delivered / seconds : 0;
}

/** One line of the results table. */
export interface Figure {
  scenario: string;
  figure: string;
  value: number;
  unit: string;
  /** "≥ 500" or "≤ 1000"; absent for figures shown for context only. */
  target?: { op: "≥" | "≤" | "<"; value: number };
}

/** Whether a figure meets its target (true when it has none); NaN never meets one. */
export function meets(f: Figure): boolean {
  if (!f.target) return true;
  if (Number.isNaN(f.value)) return false;
  const { op, value } = f.target;
  return op === "≥" ? f.value >= value : op === "≤" ? f.value <= value : f.value < value;
}

/** A figure as the table shows it: whole numbers from 100 up or when integral. */
export function formatValue(n: number, unit: string): string {
  if (Number.isNaN(n)) return "n/a";
  const text = n >= 100 || Number.isInteger(n)
    ? Math.round(n).toLocaleString("en-US")
    : n.toFixed(1);
  return unit ? `${text} ${unit}` : text;
}

/** The Markdown rows `| scenario | figure | value | target | result |` of the figures. */
export function figureRows(figures: readonly Figure[]): string[] {
  return [
    "| scenario | figure | value | target | result |",
    "| --- | --- | ---: | --- | --- |",
    ...figures.map((f) =>
      `| ${f.scenario} | ${f.figure} | ${formatValue(f.value, f.unit)} | ${
        f.target ? `${f.target.op} ${formatValue(f.target.value, f.unit)}` : "—"
      } | ${f.target ? (meets(f) ? "met" : "MISSED") : "context"} |`
    ),
  ];
}

/** Latency stats in whole milliseconds. */
export function roundedStats(s: LatencyStats): LatencyStats {
  return {
    count: s.count,
    p50: Math.round(s.p50),
    p95: Math.round(s.p95),
    p99: Math.round(s.p99),
    max: Math.round(s.max),
  };
}

/** How a set of deliveries went, as reported. */
export interface DeliverySummary {
  expected: number;
  delivered: number;
  missing: number;
  repeats: number;
  latency_ms: LatencyStats;
}

/** The reported part of a tally. */
export function deliverySummary(t: DeliveryTally): DeliverySummary {
  return {
    expected: t.expected,
    delivered: t.delivered,
    missing: t.missing,
    repeats: t.repeats,
    latency_ms: roundedStats(latencyStats(t.latenciesMs)),
  };
}

/** Attempts by status, from the service's `webhook_deliveries`. */
export type Statuses = Record<string, number>;

/** The burst: as many deliveries per second as the service makes. */
export interface ThroughputResult extends DeliverySummary {
  events: number;
  warmup_events: number;
  batch_size: number;
  webhooks: number;
  partners: number;
  /** How long publishing the burst took. */
  publish_ms: number;
  deliveries_per_sec: number;
  /** First send → last first arrival. */
  window_ms: number;
  statuses: Statuses;
  /** Most TCP connections seen at once to one receiver (2 webhooks); null without `ss`. */
  connections_per_host_max: number | null;
  cpu: CpuUsage;
}

/** A steady rate to healthy webhooks. */
export interface LatencyResult extends DeliverySummary {
  rate: number;
  duration_s: number;
  webhooks: number;
  events: number;
  producer_ack_ms: LatencyStats;
  max_schedule_slip_ms: number;
  statuses: Statuses;
  /** Most TCP connections seen at once to one receiver; null without `ss`. */
  connections_per_host_max: number | null;
  cpu: CpuUsage;
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
}

/** Everything a run measured. */
export interface DeliveryResults {
  throughput: ThroughputResult;
  latency: LatencyResult;
  isolation: IsolationResult;
}

/** Versions of what was measured. */
export interface Versions {
  delivery_service: string;
  commit: string;
  kafkajs: string;
  postgres_js: string;
  deno: string;
  postgres: string;
  kafka: string;
}

/** Where and when a run was made. */
export interface ReportContext {
  at: Date;
  machine: Machine;
  versions: Versions;
  /** The database the run used. */
  database: string;
}

const statusText = (s: Statuses) =>
  Object.entries(s).map(([k, n]) => `${k} ${n.toLocaleString("en-US")}`).join(", ") || "none";

/** The figures of a run, with their targets. */
export function figures(r: DeliveryResults): Figure[] {
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
    {
      scenario: T,
      figure: "TCP connections to one host, max",
      value: t.connections_per_host_max ?? NaN,
      unit: "",
    },
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
    {
      scenario: S,
      figure: "TCP connections to its host, max",
      value: i.slow.host_connections_max ?? NaN,
      unit: "",
    },
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
export function observations(r: DeliveryResults): string[] {
  const notes: string[] = [];
  const n = r.isolation.neighbour_on_slow_host;
  const cap = r.isolation.slow.sockets_per_host_setting;
  const inFlight = r.isolation.slow.max_in_flight_setting;
  if (n.missing > 0 || n.latency_ms.p95 >= TARGETS.isolationP95Ms) {
    notes.push(
      `A healthy webhook of another partner on the slow webhook's host and port is not ` +
        `isolated: event → first attempt p50 ${n.latency_ms.p50} ms, p95 ` +
        `${n.latency_ms.p95} ms, and ${n.missing} of ${n.expected} first attempts not made ` +
        `within ${(r.isolation.webhook_timeout_ms + 5000) / 1000} s of the last send, while ` +
        `the same load on other hosts stayed at p95 ${r.isolation.healthy.latency_ms.p95} ms. ` +
        `By the service's own clock its attempts took up to ${n.attempt_duration_ms.max} ms ` +
        `(p50 ${n.attempt_duration_ms.p50} ms; ${r.isolation.healthy.attempt_duration_ms.p50} ` +
        `ms on the other hosts). ` + (n.attempt_duration_ms.max >= 1000
          ? "Against an endpoint that answers at once, that is waiting for a socket. "
          : "So the wait was in the queue, before the attempts. ") +
        (cap <= inFlight
          ? `The client's socket cap per host (${cap}) is no more than WEBHOOK_MAX_IN_FLIGHT ` +
            `(${inFlight}), so the slow webhook's attempts can hold every socket to that host ` +
            `while other webhooks' attempts to it wait, holding their own in-flight slots.`
          : `The client's socket cap per host (${cap}) is above WEBHOOK_MAX_IN_FLIGHT ` +
            `(${inFlight}); the benchmark does not show what they waited for.`),
    );
  }
  const ours = new Set(["bench (deno)", "postgres", "kafka (java)", "ss (connection sampler)"]);
  const runs: [string, CpuUsage][] = [
    ["throughput", r.throughput.cpu],
    ["latency", r.latency.cpu],
    ["isolation", r.isolation.cpu],
  ];
  for (const [name, cpu] of runs) {
    const others = cpu.groups.filter((g) => !ours.has(g.group) && g.corePct >= 15);
    if (others.length === 0) continue;
    notes.push(
      `During the ${name} run other processes on the machine were busy (` +
        others.map((g) => `${g.group} ${g.corePct.toFixed(0)}% of a core`).join(", ") +
        `): its figures may be lower than on a quiet machine.`,
    );
  }
  return notes;
}

/** The Markdown summary, `bench/results/delivery.md`. */
export function deliveryMarkdown(r: DeliveryResults, ctx: ReportContext): string {
  const { at, machine, versions: v } = ctx;
  const figs = figures(r);
  const date = at.toISOString().slice(0, 10);
  const t = r.throughput;
  const l = r.latency;
  const i = r.isolation;
  return `# Webhook delivery benchmark

Measured on ${date} (${at.toISOString()}) with \`deno task bench:delivery\`. Raw figures:
\`delivery-${date}.json\`.

The edge and the delivery service run in-process, as the integration tests start them
(\`tests/support/stack.ts\`), on the real Kafka broker and Postgres, with a fresh database
(\`${ctx.database}\`) and fresh topics; the HTTPS receivers (\`tests/support/receiver.ts\`)
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
| throughput | ${t.webhooks} webhooks (${t.partners} partners × 2), fast 200 endpoints; after a ${t.warmup_events}-event warm-up, ${
    t.events.toLocaleString("en-US")
  } events published in batches of ${t.batch_size} as fast as possible (took ${t.publish_ms} ms); deliveries/s = first attempts received ÷ (last arrival − first send) |
| latency | ${l.rate} events/s for ${l.duration_s} s, round-robin over ${l.webhooks} partners with one fast webhook each |
| isolation | for ${i.duration_s} s: ${i.slow.rate} events/s to a webhook whose endpoint answers after ${
    (i.webhook_timeout_ms + 1000) / 1000
  } s (WEBHOOK_TIMEOUT ${
    i.webhook_timeout_ms / 1000
  } s, so every attempt times out), ${i.healthy.rate} events/s to ${i.healthy.webhooks} healthy webhooks of other partners, and ${i.neighbour_on_slow_host.rate} events/s to a healthy webhook of another partner on the slow endpoint's host and port; the healthy streams start ${
    i.head_start_ms / 1000
  } s after the slow one, when it holds all its slots |

## Results

${figureRows(figs).join("\n")}

A target counts as met only when its figure is within it; "deliveries missing" (expected
first attempts that never arrived) must be 0. Rows marked "context" have no target.

- **throughput**: ${t.delivered} of ${t.expected} deliveries in ${t.window_ms} ms, ${t.repeats} repeated; attempts recorded (with the warm-up's): ${
    statusText(t.statuses)
  }. Under the burst the queue builds up, hence the seconds of latency. At most ${
    t.connections_per_host_max ?? "n/a"
  } TCP connections to one receiver at once (2 webhooks of at most ${i.slow.max_in_flight_setting} attempts in flight each; the client's socket cap per host is ${i.slow.sockets_per_host_setting}). CPU: ${
    cpuLine(t.cpu)
  }.
- **latency**: ${l.delivered} of ${l.expected} delivered, max ${l.latency_ms.max} ms; attempts recorded: ${
    statusText(l.statuses)
  }. Producer send → broker ack p50 ${l.producer_ack_ms.p50} ms, p99 ${l.producer_ack_ms.p99} ms (part of the latency); sends fell behind their schedule by at most ${l.max_schedule_slip_ms} ms. CPU: ${
    cpuLine(l.cpu)
  }.
- **isolation**: healthy ${i.healthy.delivered} of ${i.healthy.expected} delivered, max ${i.healthy.latency_ms.max} ms; attempts recorded: ${
    statusText(i.healthy.statuses)
  }. Slow webhook: ${i.slow.events} events, ${i.slow.attempts_received} attempts reached its endpoint, attempts claimed by the service at once (sampled every 500 ms from \`webhook_deliveries\`) at most ${i.slow.in_flight_max}, mean ${i.slow.in_flight_mean} while publishing (WEBHOOK_MAX_IN_FLIGHT is ${i.slow.max_in_flight_setting}); ${i.slow.pending_at_end} still pending at the end; at most ${
    i.slow.host_connections_max ?? "n/a"
  } TCP connections to its host; attempts recorded: ${
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
