/**
 * The webhook delivery benchmark's arithmetic, free of I/O: which arrivals were first
 * attempts of which (webhook, event), their latency since the event was sent, throughput,
 * and the verdicts against the targets.
 * @module
 */

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
