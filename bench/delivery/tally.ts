/**
 * Which arrivals at the receivers were first attempts of which (webhook, event), their
 * latency since the event was sent, and throughput. Free of I/O, so the matching that every
 * scenario's figures rest on can be tested without Kafka or a receiver.
 * @module
 */
import { type LatencyStats, latencyStats, roundedStats } from "../common/stats.ts";

/** One event as published: its partner and `Date.now()` just before the produce call. */
export interface SentEvent {
  partnerId: string;
  sentAt: number;
}

/** The events of a run by event id, the key arrivals carry. */
export type SentMap = Map<string, SentEvent>;

/** One request a receiver saw, reduced to what the figures need. */
export interface Arrival {
  /** The webhook it was addressed to (a label of the benchmark's own). */
  webhook: string;
  /** The `id` of the event envelope in the body. */
  eventId: string;
  /** `Date.now()` at arrival. */
  receivedAt: number;
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
  /** `Date.now()` of each delivered pair's first arrival, by `"<webhook> <event id>"`. */
  firstArrivals: Map<string, number>;
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
    firstArrivals: first,
    firstSentAt,
    lastArrivalAt,
  };
}

/** First attempts received per second, from the first send to the last first arrival. */
export function deliveriesPerSec(t: DeliveryTally): number {
  const seconds = (t.lastArrivalAt - t.firstSentAt) / 1000;
  return t.delivered > 0 && seconds > 0 ? t.delivered / seconds : 0;
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
