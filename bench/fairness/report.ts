/**
 * The fairness benchmark's figures, their verdicts, and the Markdown summary
 * `bench/results/fairness.md`. Free of I/O, so the wording can be tested on a made-up run.
 * @module
 */
import { describeBrokerWarmUp } from "../common/broker_warmup.ts";
import type { Machine } from "../common/machine.ts";
import { cpuLine, machineTable } from "../common/markdown.ts";
import { type Figure, figureRows, meets, ms } from "../delivery/figures.ts";
import { type FairnessResults, type HealthyRun, vsBare } from "./results.ts";
import { datedJsonName } from "../common/proc.ts";

/** The healthy partner's event → first attempt, as the issue asks. */
export const TARGETS = { p95Ms: 1000, missed: 0 };

/** Where and when a run was made. */
export interface ReportContext {
  at: Date;
  machine: Machine;
  commit: string;
}

function healthyFigures(scenario: string, run: HealthyRun, r: FairnessResults): Figure[] {
  return [
    ms(scenario, "event → first attempt p50", run.latency_ms.p50),
    ms(scenario, "event → first attempt p95", run.latency_ms.p95, TARGETS.p95Ms),
    ms(scenario, "event → first attempt max", run.latency_ms.max),
    {
      scenario,
      figure: "events missed",
      value: run.missing,
      unit: "",
      target: { op: "≤", value: TARGETS.missed },
    },
    {
      scenario,
      figure: "p95 ÷ bare Hono p95",
      value: vsBare(run.latency_ms, r.bare_hono.latency_ms),
      unit: "×",
    },
  ];
}

/** The figures of a run, with their targets. */
export function figures(r: FairnessResults): Figure[] {
  const b = r.bare_hono;
  const n = r.beside_noisy.noisy;
  const N = "noisy partner";
  return [
    ms("bare Hono handler", "send → handler p50", b.latency_ms.p50),
    ms("bare Hono handler", "send → handler p95", b.latency_ms.p95),
    ms("bare Hono handler", "send → handler max", b.latency_ms.max),
    ...healthyFigures("healthy partner alone", r.alone, r),
    ...healthyFigures("healthy partner beside the noisy one", r.beside_noisy, r),
    {
      scenario: N,
      figure: "requests out at once, max (sampled)",
      value: n.in_flight.max,
      unit: "",
      target: { op: "≤", value: n.settings.partner_max_in_flight },
    },
    { scenario: N, figure: "requests out at once, mean", value: n.in_flight.mean, unit: "" },
    {
      scenario: N,
      figure: "attempts claimed at once, max (answered ones awaiting their record included)",
      value: n.claimed.max,
      unit: "",
    },
    {
      scenario: N,
      figure: "webhooks with a request out at once, max",
      value: n.webhooks_in_flight_max,
      unit: "",
    },
    { scenario: N, figure: "events published", value: n.events, unit: "" },
    { scenario: N, figure: "attempts made", value: n.attempts_made, unit: "" },
    { scenario: N, figure: "attempts waiting at the end", value: n.pending_at_end, unit: "" },
  ];
}

/** What the run shows, worded from its own numbers. */
export function observations(r: FairnessResults): string[] {
  const notes: string[] = [];
  const a = r.alone;
  const s = r.beside_noisy;
  const n = s.noisy;
  for (const [name, run] of [["alone", a], ["beside the noisy partner", s]] as const) {
    if (run.missing > 0) {
      notes.push(
        `Missed: ${run.missing} of ${run.expected} of the healthy partner's events ${name} had ` +
          `no first attempt within ${run.missed_after_s} s of the last send.`,
      );
    }
    if (run.latency_ms.p95 > TARGETS.p95Ms) {
      notes.push(
        `Over target: the healthy partner's p95 ${name} is ${run.latency_ms.p95} ms ` +
          `(target ≤ ${TARGETS.p95Ms} ms).`,
      );
    }
  }
  notes.push(
    (s.delivered === 0
      ? `Beside the noisy partner none of the healthy partner's events arrived (alone: p95 ` +
        `${a.latency_ms.p95} ms). `
      : `Beside the noisy partner the healthy p95 is ${s.latency_ms.p95} ms against ` +
        `${a.latency_ms.p95} ms alone (p50 ${s.latency_ms.p50} against ${a.latency_ms.p50} ms). `) +
      `The noisy partner had at most ${n.in_flight.max} requests out (mean ${n.in_flight.mean}) ` +
      `of the process's ${n.settings.concurrency} workers (its cap: ` +
      `${n.settings.partner_max_in_flight}), spread over up to ${n.webhooks_in_flight_max} ` +
      `of its ${n.endpoints} webhooks; ${n.pending_at_end.toLocaleString("en-US")} of its ` +
      `attempts were still waiting at the end, its own backlog.`,
  );
  return notes;
}

const row = (name: string, events: number, run: HealthyRun, r: FairnessResults) => [
  name,
  String(events),
  String(run.delivered),
  String(run.missing),
  String(run.latency_ms.p50),
  String(run.latency_ms.p95),
  String(run.latency_ms.max),
  String(vsBare(run.latency_ms, r.bare_hono.latency_ms)),
];

/** The Markdown summary of a run. */
export function fairnessMarkdown(r: FairnessResults, ctx: ReportContext): string {
  const n = r.beside_noisy.noisy;
  const b = r.bare_hono;
  const figs = figures(r);
  const table = [
    "| run | events | first attempts | missed | p50 ms | p95 ms | max ms | p95 ÷ bare |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| bare Hono handler | ${b.requests} | ${
      b.requests - b.failed
    } | ${b.failed} | ${b.latency_ms.p50} | ${b.latency_ms.p95} | ${b.latency_ms.max} | 1 |`,
    ...[
      row("healthy partner alone", r.alone.expected, r.alone, r),
      row("healthy partner beside the noisy one", r.beside_noisy.expected, r.beside_noisy, r),
    ].map((c) => `| ${c.join(" | ")} |`),
  ];
  return `# Fair delivery across partners

\`deno task bench:fairness\`, ${ctx.at.toISOString()}, commit ${ctx.commit}, raw figures \`${
    datedJsonName("fairness", ctx.at)
  }\`. **${figs.every(meets) ? "Every target met." : "Some targets MISSED (see below)."}**

The edge and the delivery service run in-process on real Kafka and Postgres (as
\`bench:delivery\`), with the production settings: \`WEBHOOK_TIMEOUT\` 10 s, \`DELIVERY_POLL_MS\` 1000,
\`DELIVERY_CONCURRENCY\` ${n.settings.concurrency}, \`WEBHOOK_MAX_IN_FLIGHT\` ${n.settings.webhook_max_in_flight},
\`DELIVERY_PARTNER_MAX_IN_FLIGHT\` ${n.settings.partner_max_in_flight}. The broker was ${
    describeBrokerWarmUp(r.broker_warmup, "BENCH_FAIRNESS_BROKER_WARMUP")
  }

- **Healthy partner**: one webhook on an HTTPS receiver that answers 200 at once;
  ${r.alone.rate} events/s for ${r.alone.duration_s} s. Latency is event sent (just before the
  produce call) → its first attempt arriving at the receiver (handler start).
- **Noisy partner** (Growth): ${n.endpoints} webhooks, each on an endpoint that accepts the
  connection and never answers (no TLS handshake), so every attempt holds a worker for the full
  10 s; ${n.rate} events/s, its plan's request limit (one event per PATCH), each event of a job of
  its own, from ${n.head_start_s} s before the healthy stream until it ends.
- **Bare Hono handler** (the yardstick, same run): the delivery service's HTTP client POSTs an
  envelope to a Hono handler on loopback HTTPS in the same process, at the healthy rate; send →
  handler start.

## Results

${table.join("\n")}

${figureRows(figs).join("\n")}

A target counts as met only when its figure is within it. An event is missed when its first
attempt has not arrived ${r.alone.missed_after_s} s after the last send.

### Observations

${observations(r).map((o) => `- ${o}`).join("\n")}

### CPU

- alone: ${cpuLine(r.alone.cpu)}.
- beside the noisy partner: ${cpuLine(r.beside_noisy.cpu)}.

## Machine

${machineTable(ctx.machine, ctx.at.toISOString())}
`;
}
