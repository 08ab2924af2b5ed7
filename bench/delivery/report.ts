/**
 * The delivery benchmark's Markdown summary, `bench/results/delivery.md`: what each scenario
 * did, the figures against their targets, and findings worded from the run's own numbers.
 * @module
 */
import { describeBrokerWarmUp } from "../common/broker_warmup.ts";
import type { CpuUsage } from "../common/cpu.ts";
import { figureRows, figures, TARGETS } from "./figures.ts";
import type { DeliveryResults, Statuses } from "./results.ts";
import type { Machine } from "../common/machine.ts";
import { cpuLine } from "../common/markdown.ts";
import { vacuumSentence } from "../common/autovacuum.ts";
import { datedJsonName } from "../common/proc.ts";

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

const STAGES = [
  ["to the fan-out (produce, broker, consumer fetch)", "to_fan_out_ms"],
  ["to the attempt (fan-out commit, wake, claim, place)", "to_attempt_ms"],
  ["the request (signing, socket, HTTPS, receiver)", "request_ms"],
] as const;

/** The table of where each scenario's first attempts spent their time (`stages.ts`). */
export function stageRows(r: DeliveryResults): string[] {
  const rows = [
    "| scenario | part | p50 | p95 | mean | mean over the slowest 5% |",
    "| --- | --- | ---: | ---: | ---: | ---: |",
  ];
  const runs = [["sustained", r.sustained], ["burst", r.throughput], [
    "latency",
    r.latency,
  ]] as const;
  for (const [name, run] of runs) {
    const s = run.stages;
    for (const [label, key] of STAGES) {
      rows.push(
        `| ${name} | ${label} | ${s[key].p50} ms | ${s[key].p95} ms | ${s.all[key]} ms | ` +
          `${s.tail[key]} ms |`,
      );
    }
  }
  return rows;
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
  const ours = new Set([
    "bench (deno)",
    "postgres",
    "kafka (java)",
    "ss (connection sampler)",
    "delivery (deno)",
    // The receivers' process.
    "other deno",
  ]);
  const runs: [string, CpuUsage][] = [
    ["sustained", r.sustained.cpu],
    ["burst", r.throughput.cpu],
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
\`${datedJsonName("delivery", at)}\`.

The delivery service runs as production runs it: \`services/delivery/main.ts\` in a process of
its own, as \`deno task dev\` starts it (logged in as its own Postgres role, default settings but
\`WEBHOOK_ALLOW_PRIVATE_NETWORKS\` and \`DENO_CERT\`, which loopback receivers need), on the real
Kafka broker and Postgres, with a fresh database (\`${ctx.database}\`) and topics of the run's
own. The HTTPS receivers are bare Hono handlers in another process (\`receivers.ts\`), one port
per partner, as different partners' endpoints are on different hosts; the event producer is
the benchmark's own process. Events are \`job.deleted\` envelopes published to the events topic
with the platform's publisher (acks=all), as the job service does; the send time is
\`Date.now()\` just before the produce call (so it includes the publish itself), and the arrival
time is \`Date.now()\` when the receiver's handler starts. Latency is per (webhook, event):
send → first attempt's arrival.

**The yardstick** (same run, same machine): a bare client process (\`bare_sender.ts\`) sends
envelopes of the same size to one of the receivers with the delivery service's own HTTP client
and nothing else (no Kafka, Postgres, signing or queue): first as fast as ${r.bare.max.concurrency} requests in flight (DELIVERY_CONCURRENCY) allow for ${
    ((r.bare.max.to - r.bare.max.from) / 1000).toFixed(0)
  } s (${r.bare.max.per_sec.toLocaleString("en-US")} requests/s), then paced at ${
    r.bare.paced.rate.toLocaleString("en-US")
  } requests/s (the sustained scenario's deliveries/s, or 80% of the closed-loop rate when that is less) (request → response p50 ${r.bare.paced.latency_ms.p50} ms, p95 ${r.bare.paced.latency_ms.p95} ms). Rows marked × are ratios to it.
Resident sizes are \`VmRSS\` from \`/proc/<pid>/status\`, sampled every 250 ms.
${vacuumSentence(r.autovacuum)}
The broker was ${describeBrokerWarmUp(r.broker_warmup, "BENCH_DELIVERY_BROKER_WARMUP")}

| scenario | what it does |
| --- | --- |
| sustained | ${r.sustained.webhooks} webhooks (${r.sustained.partners} partners × 2), fast 200 endpoints; after a ${t.warmup_events}-event warm-up, ${
    r.sustained.rate.toLocaleString("en-US")
  } events/s for ${r.sustained.duration_s} s, so ${
    r.sustained.offered_deliveries_per_sec.toLocaleString("en-US")
  } deliveries/s offered; deliveries/s = first attempts received ÷ (last arrival − first send) |
| burst | ${t.webhooks} webhooks (${t.partners} partners × 2), fast 200 endpoints; after a ${t.warmup_events}-event warm-up, ${
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

### Where the time went

Each first attempt's event → arrival split where the service's log marks it: the fan-out
transaction's start (\`created_at\`) and the attempt's (\`attempted_at\`, before signing).
Every clock is this machine's; the log's are whole milliseconds. "The slowest 5%" are the
deliveries at or above the scenario's p95 (sustained: ${r.sustained.stages.tail.count} from ${r.sustained.stages.tail.from_ms} ms).

${stageRows(r).join("\n")}

- **sustained**: ${r.sustained.delivered} of ${r.sustained.expected} deliveries in ${r.sustained.window_ms} ms, ${r.sustained.repeats} repeated, max ${r.sustained.latency_ms.max} ms; attempts recorded (with the warm-up's): ${
    statusText(r.sustained.statuses)
  }. Sends fell behind their schedule by at most ${r.sustained.max_schedule_slip_ms} ms. Delivery process: ${r.sustained.processes.delivery.corePct}% of a core, resident ${r.sustained.processes.delivery.rssMeanMiB} MiB on average, ${r.sustained.processes.delivery.rssMaxMiB} MiB at most; receivers: ${r.sustained.processes.receivers.corePct}% of a core. CPU: ${
    cpuLine(r.sustained.cpu)
  }.
- **burst**: ${t.delivered} of ${t.expected} deliveries in ${t.window_ms} ms, ${t.repeats} repeated; attempts recorded (with the warm-up's): ${
    statusText(t.statuses)
  }. Under the burst the queue builds up, hence the seconds of latency. Delivery process: ${t.processes.delivery.corePct}% of a core. At most ${
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
  }. Slow webhook: ${i.slow.events} events, ${i.slow.attempts_received} attempts reached its endpoint, attempts claimed by the service at once (sampled every 500 ms from \`delivery_queue\`) at most ${i.slow.in_flight_max}, mean ${i.slow.in_flight_mean} while publishing (WEBHOOK_MAX_IN_FLIGHT is ${i.slow.max_in_flight_setting}); ${i.slow.pending_at_end} still pending at the end; at most ${
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
