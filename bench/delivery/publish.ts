/**
 * Publishing the benchmark's events to the events topic with the platform's publisher, as the
 * job service does, noting when each was sent so the tally can measure latency from it.
 * @module
 */
import { newId } from "@hire/ids";
import { encodeJobEvent, type JobEvent } from "@hire/jobs";
import type { Publisher } from "@hire/queue";
import { sleep } from "@hire/testing/receiver.ts";
import { CONFIG } from "./config.ts";
import { type LatencyStats, latencyStats } from "../common/stats.ts";
import type { SentMap } from "./tally.ts";

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

/** Publishes `total` events round-robin over `partners` in batches, as fast as it can. */
export async function publishBurst(
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
export interface Paced {
  sent: SentMap;
  /** Send call → broker ack (acks=all), per event. */
  ackMs: LatencyStats;
  /** Most the sends fell behind their schedule. */
  maxSlipMs: number;
  lastSentAt: number;
}

/** Publishes each stream at its rate for `durationS`, one event per send, as the job service. */
export async function publishPaced(
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
