/**
 * A scenario's figures from what was recorded: answers by status, the longest time without
 * a 2xx, time not ready from samples, and how long events took to reach the webhook. Pure.
 * @module
 */
import { type LatencyStats, latencyStats, roundedStats } from "../common/stats.ts";
import type { ObservedDelivery, ObservedEvent } from "./check.ts";
import type { Answer, Ledger } from "./ledger.ts";

/** The load's HTTP attempts by what they got. */
export interface AnswerCounts {
  requests: number;
  ok_2xx: number;
  s503: number;
  /** Every other status, e.g. `{ "409": 3 }`. */
  other: Record<string, number>;
  connection_errors: number;
  timeouts: number;
}

/** Counts the answers. */
export function countAnswers(answers: readonly Answer[]): AnswerCounts {
  const counts: AnswerCounts = {
    requests: answers.length,
    ok_2xx: 0,
    s503: 0,
    other: {},
    connection_errors: 0,
    timeouts: 0,
  };
  for (const { status } of answers) {
    if (status === "connection") counts.connection_errors++;
    else if (status === "timeout") counts.timeouts++;
    else if (status >= 200 && status < 300) counts.ok_2xx++;
    else if (status === 503) counts.s503++;
    else counts.other[status] = (counts.other[status] ?? 0) + 1;
  }
  return counts;
}

const is2xx = (a: Answer) => typeof a.status === "number" && a.status >= 200 && a.status < 300;

/**
 * The longest stretch within [from, to] in which no attempt got a 2xx: how long the API
 * was out for the clients. The stretch before the first 2xx counts from `from`.
 */
export function longestWithout2xx(answers: readonly Answer[], from: number, to: number): number {
  let last = from;
  let longest = 0;
  for (const a of [...answers].filter(is2xx).sort((x, y) => x.at - y.at)) {
    if (a.at < from || a.at > to) continue;
    longest = Math.max(longest, a.at - last);
    last = a.at;
  }
  return Math.max(longest, to - last);
}

/** Time between consecutive samples that were not ready (ms, from the samples' spacing). */
export function notReadyMs(samples: readonly { at: number; ok: boolean }[]): number {
  let total = 0;
  for (let i = 1; i < samples.length; i++) {
    if (!samples[i - 1]!.ok) total += samples[i]!.at - samples[i - 1]!.at;
  }
  return total;
}

/** Event (its `created_at`) → first arrival at the webhook, per event that arrived. */
export function eventToDelivery(
  events: readonly ObservedEvent[],
  deliveries: readonly ObservedDelivery[],
): LatencyStats {
  const first = new Map<string, number>();
  for (const d of deliveries) {
    first.set(d.eventId, Math.min(first.get(d.eventId) ?? Infinity, d.receivedAt));
  }
  const seen = new Set<string>();
  const delays: number[] = [];
  for (const e of events) {
    const at = first.get(e.id);
    if (at === undefined || seen.has(e.id)) continue;
    seen.add(e.id);
    delays.push(at - Date.parse(e.createdAt));
  }
  return roundedStats(latencyStats(delays));
}

/** Operations by outcome; `in_doubt`: creates acknowledged after an attempt got no answer. */
export function outcomes(ledger: Ledger): Record<"creates" | "patches", Record<string, number>> {
  const tally = (ops: readonly { outcome: string }[]) => {
    const t: Record<string, number> = { acked: 0, unknown: 0, refused: 0 };
    for (const o of ops) t[o.outcome] = (t[o.outcome] ?? 0) + 1;
    return t;
  };
  const inDoubt = ledger.creates.filter((c) => c.outcome === "acked" && c.unanswered > 0);
  return {
    creates: { ...tally(ledger.creates), in_doubt: inDoubt.length },
    patches: tally(ledger.patches),
  };
}
