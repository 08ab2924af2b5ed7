/**
 * What the system holds, read as its users would: the partner's job rows, `jobs.events.v1`
 * from its beginning with a consumer of its own, and the requests the webhook receiver got;
 * and the wait until it is quiet (nothing left to process), before they are read.
 * @module
 */
import type { Sql } from "@hire/db";
import type { Admin, Kafka } from "@hire/kafka";
import { readEvents } from "@hire/testing/events.ts";
import type { Receiver } from "@hire/testing/receiver.ts";
import { TOPICS } from "@hire/topology";
import type { ObservedDelivery, ObservedEvent, ObservedJob } from "./check.ts";
import { tokenIn } from "./ledger.ts";

/** The partner's live jobs. */
export async function observeJobs(sql: Sql, partnerId: string): Promise<ObservedJob[]> {
  const rows = await sql<
    {
      id: string;
      title: string;
      description: string;
      embedding_status: string;
      match_ready: boolean;
    }[]
  >`SELECT id, title, description, embedding_status, match_ready FROM jobs
    WHERE partner_id = ${partnerId} AND deleted_at IS NULL`;
  return rows.map((r) => ({
    id: r.id,
    token: tokenIn(r.description),
    title: r.title,
    embeddingStatus: r.embedding_status,
    matchReady: r.match_ready,
  }));
}

/** Messages in `topic` (its partitions' end offsets summed; nothing is ever deleted here). */
async function messageCount(admin: Admin, topic: string): Promise<number> {
  const ends = await admin.fetchTopicOffsets(topic);
  return ends.reduce((n, p) => n + Number(p.high) - Number(p.low), 0);
}

/** Every event on `topic`, each partition in offset order (so each job's in its order). */
export async function observeEvents(
  kafka: Kafka,
  admin: Admin,
  topic: string,
): Promise<ObservedEvent[]> {
  const total = await messageCount(admin, topic);
  const log = await readEvents(kafka, topic);
  try {
    const events = await log.waitFor((e) => e.length >= total, 120_000);
    return events.map((e) => ({
      id: e.id,
      type: e.type,
      jobId: "job" in e.data ? e.data.job.id : e.data.job_id,
      seekerId: "seeker_id" in e.data ? e.data.seeker_id : undefined,
      title: "job" in e.data ? e.data.job.title : undefined,
      createdAt: e.created_at,
    }));
  } finally {
    await log.stop();
  }
}

/** The event id of every request the receiver got at `path`, in arrival order. */
export function observeDeliveries(receiver: Receiver, path: string): ObservedDelivery[] {
  return receiver.requests(path).map((r) => ({
    eventId: String(JSON.parse(r.body).id),
    receivedAt: r.receivedAt,
  }));
}

// Consumer groups and the topics they read, as declared; the ladder's rungs hold retries
// until they are due, so a backlog there is not work left undone.
const CONSUMED = TOPICS.filter((t) => !t.perRetryRung).flatMap((t) =>
  t.consumers.map((c) => ({ topic: t.name, group: c.group.default }))
);

/** Messages of `topic` that `group` has not committed yet. */
async function lag(admin: Admin, topic: string, group: string): Promise<number> {
  const ends = await admin.fetchTopicOffsets(topic);
  const [committed] = await admin.fetchOffsets({ groupId: group, topics: [topic] });
  const at = new Map(committed!.partitions.map((p) => [p.partition, Number(p.offset)]));
  return ends.reduce((n, e) => {
    const done = at.get(e.partition) ?? -1;
    return n + Number(e.high) - (done < 0 ? Number(e.low) : done);
  }, 0);
}

/** What is still to be done, in words; empty when the system is quiet. */
export async function pendingWork(
  sql: Sql,
  admin: Admin,
  partnerId: string,
): Promise<string[]> {
  const [row] = await sql<{ processing: number; outbox: number; deliveries: number }[]>`SELECT
    (SELECT count(*)::int FROM jobs WHERE partner_id = ${partnerId}
       AND deleted_at IS NULL AND embedding_status = 'processing') AS processing,
    (SELECT count(*)::int FROM outbox_pending) AS outbox,
    (SELECT count(*)::int FROM delivery_queue) AS deliveries`;
  const pending = [
    row!.processing ? `${row!.processing} jobs being embedded` : "",
    row!.outbox ? `${row!.outbox} outbox rows unpublished` : "",
    row!.deliveries ? `${row!.deliveries} webhook attempts pending` : "",
  ];
  for (const { topic, group } of CONSUMED) {
    const behind = await lag(admin, topic, group);
    if (behind) pending.push(`${group} ${behind} behind on ${topic}`);
  }
  return pending.filter(Boolean);
}

/**
 * Polls `pending` until it reports nothing; how long that took, or null and what was left
 * when `timeoutMs` passed first.
 */
export async function waitQuiet(
  pending: () => Promise<string[]>,
  timeoutMs: number,
): Promise<{ quietAfterMs: number | null; left: string[] }> {
  const started = Date.now();
  for (;;) {
    const left = await pending().catch((err) => [`could not look: ${err}`]);
    if (!left.length) return { quietAfterMs: Date.now() - started, left };
    if (Date.now() - started > timeoutMs) return { quietAfterMs: null, left };
    await new Promise((r) => setTimeout(r, 500));
  }
}
