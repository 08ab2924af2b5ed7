/**
 * Where a delivery's time goes: each first attempt's event → arrival split at the two
 * instants the service writes in its log, so a missed p95 says which part to work on.
 * - **to the fan-out**: the send (`Date.now()` before the produce call) → the fan-out
 *   transaction's start (`webhook_deliveries.created_at`, Postgres's `now()`): the produce,
 *   the broker, the consumer's fetch and its batch before this one;
 * - **to the attempt**: → the attempt's start (`attempted_at`, the dispatcher's clock before
 *   signing): the fan-out's statements and commit, the wake, the claim and the wait for a place;
 * - **the request**: → the receiver's handler (`Date.now()` there): signing, DNS, the socket
 *   or TLS, the request and the receiver's own event loop.
 * Every clock is this machine's, so the parts add up to the whole (the log's timestamps are
 * whole milliseconds). Free of I/O: the rows come from `log.ts`.
 * @module
 */
import { type LatencyStats, latencyStats, roundedStats } from "../common/stats.ts";

/** A first attempt as the service logged it, by the benchmark's webhook label. */
export interface LoggedAttempt {
  webhook: string;
  eventId: string;
  queuedAt: number;
  attemptedAt: number;
}

/** The instants of one delivered first attempt, in ms since the epoch. */
export interface Timeline {
  sentAt: number;
  queuedAt: number;
  attemptedAt: number;
  receivedAt: number;
}

/** Each part's mean over some deliveries, in ms. */
export interface StageMeans {
  count: number;
  to_fan_out_ms: number;
  to_attempt_ms: number;
  request_ms: number;
}

/** What the stages of a scenario's deliveries add up to. */
export interface StageFigures {
  to_fan_out_ms: LatencyStats;
  to_attempt_ms: LatencyStats;
  request_ms: LatencyStats;
  /** The means over every delivery. */
  all: StageMeans;
  /** The means over the deliveries at or above the whole's p95: where the tail's time went. */
  tail: StageMeans & { from_ms: number };
}

/**
 * Joins the first arrivals (by `"<webhook> <event id>"`, as `tally` keys them) to the sent
 * events and the logged attempts; a pair missing from either is left out.
 */
export function timelines(
  sent: ReadonlyMap<string, { sentAt: number }>,
  firstArrivals: ReadonlyMap<string, number>,
  logged: readonly LoggedAttempt[],
): Timeline[] {
  const out: Timeline[] = [];
  for (const a of logged) {
    const event = sent.get(a.eventId);
    const receivedAt = firstArrivals.get(`${a.webhook} ${a.eventId}`);
    if (!event || receivedAt === undefined) continue;
    out.push({
      sentAt: event.sentAt,
      queuedAt: a.queuedAt,
      attemptedAt: a.attemptedAt,
      receivedAt,
    });
  }
  return out;
}

type Parts = { toFanOut: number; toAttempt: number; request: number };

const partsOf = (t: Timeline): Parts => ({
  toFanOut: t.queuedAt - t.sentAt,
  toAttempt: t.attemptedAt - t.queuedAt,
  request: t.receivedAt - t.attemptedAt,
});

const round1 = (n: number) => Math.round(n * 10) / 10;

function means(ps: readonly Parts[]): StageMeans {
  const n = ps.length;
  const mean = (pick: (p: Parts) => number) =>
    n ? round1(ps.reduce((sum, p) => sum + pick(p), 0) / n) : NaN;
  return {
    count: n,
    to_fan_out_ms: mean((p) => p.toFanOut),
    to_attempt_ms: mean((p) => p.toAttempt),
    request_ms: mean((p) => p.request),
  };
}

/** Each part's percentiles, and the means of the whole and of the tail beyond its p95. */
export function stageFigures(ts: readonly Timeline[]): StageFigures {
  const totals = ts.map((t) => t.receivedAt - t.sentAt);
  const whole = latencyStats(totals);
  const ps = ts.map(partsOf);
  const each = (pick: (p: Parts) => number) => roundedStats(latencyStats(ps.map(pick)));
  return {
    to_fan_out_ms: each((p) => p.toFanOut),
    to_attempt_ms: each((p) => p.toAttempt),
    request_ms: each((p) => p.request),
    all: means(ps),
    tail: {
      from_ms: Math.round(whole.p95),
      ...means(ps.filter((_, i) => totals[i]! >= whole.p95)),
    },
  };
}
