/**
 * The delivery benchmark's figures and their verdicts against the service's targets, in the
 * one place the JSON results, the Markdown table and the observations all take them from.
 * @module
 */
import type { DeliveryResults } from "./results.ts";

/**
 * The targets of the delivery service: the burst's throughput and the latency and isolation
 * bounds of the first benchmark, and issue 15's sustained rate (deliveries/s to healthy
 * endpoints with event → first attempt p95 at most 100 ms while they are made).
 */
export const TARGETS = {
  deliveriesPerSec: 500,
  latencyP95Ms: 1000,
  isolationP95Ms: 1000,
  sustainedPerSec: 2000,
  sustainedP95Ms: 100,
};

/** `a ÷ b` to two decimals, NaN when either is missing or `b` is 0. */
export function ratio(a: number, b: number): number {
  return b > 0 && Number.isFinite(a) ? Math.round(a / b * 100) / 100 : NaN;
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

/** A time in milliseconds, with an upper bound when it has a target. */
export const ms = (scenario: string, figure: string, value: number, target?: number): Figure => ({
  scenario,
  figure,
  value,
  unit: "ms",
  ...(target === undefined ? {} : { target: { op: "≤", value: target } }),
});

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
  if (unit === "×") return `${n.toFixed(2)} ×`;
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

/** The figures of a run, with their targets. */
export function figures(r: DeliveryResults): Figure[] {
  const t = r.throughput;
  const l = r.latency;
  const i = r.isolation;
  const none = (scenario: string, figure: string, value: number): Figure => ({
    scenario,
    figure,
    value,
    unit: "",
    target: { op: "≤", value: 0 },
  });
  const T = `burst (${t.events.toLocaleString("en-US")} events × 2 webhooks)`;
  const s = r.sustained;
  const b = r.bare;
  const U = `sustained (${s.rate.toLocaleString("en-US")} events/s × 2 webhooks)`;
  const B = `bare Hono handlers, bare client (${b.paced.rate.toLocaleString("en-US")}/s paced)`;
  const M = "memory (resident, delivery process)";
  const x = (scenario: string, figure: string, value: number): Figure => ({
    scenario,
    figure,
    value,
    unit: "×",
  });
  const mib = (scenario: string, figure: string, value: number): Figure => ({
    scenario,
    figure,
    value,
    unit: "MiB",
  });
  const L = `latency (${l.rate} events/s, ${l.webhooks} webhooks)`;
  const I = "isolation (healthy webhooks)";
  const S = "isolation (slow webhook)";
  const N = "isolation (neighbour on the slow host)";
  return [
    { scenario: B, figure: "requests/s, as fast as it can", value: b.max.per_sec, unit: "/s" },
    ms(B, "request → response p95, paced", b.paced.latency_ms.p95),
    mib(B, "bare client's resident size at rest", b.memory.at_rest_mib),
    mib(B, "bare client's resident size under load, max", b.memory.under_load_max_mib),
    {
      scenario: U,
      figure: "deliveries/s",
      value: s.deliveries_per_sec,
      unit: "/s",
      target: { op: "≥", value: TARGETS.sustainedPerSec },
    },
    x(U, "deliveries/s ÷ bare client's requests/s", ratio(s.deliveries_per_sec, b.max.per_sec)),
    ms(U, "event → first attempt p50", s.latency_ms.p50),
    ms(U, "event → first attempt p95", s.latency_ms.p95, TARGETS.sustainedP95Ms),
    x(U, "p95 ÷ bare client's paced p95", ratio(s.latency_ms.p95, b.paced.latency_ms.p95)),
    ms(U, "event → first attempt p99", s.latency_ms.p99),
    none(U, "deliveries missing", s.missing),
    {
      scenario: U,
      figure: "delivery process CPU, % of a core",
      value: s.processes.delivery.corePct,
      unit: "%",
    },
    mib(M, "at rest", r.memory.at_rest_mib),
    mib(M, "under the sustained load, max", r.memory.under_load_max_mib),
    mib(M, "after every scenario", r.memory.after_mib),
    x(M, "at rest ÷ bare client's", ratio(r.memory.at_rest_mib, b.memory.at_rest_mib)),
    x(
      M,
      "under load ÷ bare client's",
      ratio(r.memory.under_load_max_mib, b.memory.under_load_max_mib),
    ),
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
    x(T, "deliveries/s ÷ bare client's requests/s", ratio(t.deliveries_per_sec, b.max.per_sec)),
    ms(T, "event → first attempt p50", t.latency_ms.p50),
    ms(T, "event → first attempt p99", t.latency_ms.p99),
    ms(L, "event → first attempt p50", l.latency_ms.p50),
    ms(L, "event → first attempt p95", l.latency_ms.p95, TARGETS.latencyP95Ms),
    x(L, "p95 ÷ bare client's paced p95", ratio(l.latency_ms.p95, b.paced.latency_ms.p95)),
    ms(L, "event → first attempt p99", l.latency_ms.p99),
    none(L, "deliveries missing", l.missing),
    ms(I, "event → first attempt p50", i.healthy.latency_ms.p50),
    {
      ...ms(I, "event → first attempt p95", i.healthy.latency_ms.p95),
      target: { op: "<", value: TARGETS.isolationP95Ms },
    },
    ms(I, "event → first attempt p99", i.healthy.latency_ms.p99),
    none(I, "deliveries missing", i.healthy.missing),
    // Claims, not requests out: an answered attempt keeps its claim until its record commits.
    { scenario: S, figure: "attempts claimed at once, max", value: i.slow.in_flight_max, unit: "" },
    {
      scenario: S,
      figure: "attempts claimed at once, mean",
      value: i.slow.in_flight_mean,
      unit: "",
    },
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
