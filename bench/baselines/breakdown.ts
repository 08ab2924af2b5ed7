/**
 * Where the milliseconds of one create go, as far as can be seen without touching the
 * code: creates sent one after another (nothing queues behind anything), each timed by the
 * client, joined with what Postgres recorded of it: its command's `issued_at` (the job's
 * `created_at`), the job service's transaction start (`command_results.settled_at`, the
 * transaction's `now()`), and when its first message went out (the timestamp Kafka keeps of its
 * `jobs.changed` message, which the job service's outbox flusher stamps as it sends).
 * @module
 */
import { connect } from "@hire/db";
import { createKafka } from "@hire/kafka";
import { jobBody, JOBS_PATH } from "../common/load.ts";
import type { CreateTiming } from "./figures.ts";

/** Milliseconds since the epoch, with the fraction (`Date.now()` has none). */
export const nowMs = (): number => performance.timeOrigin + performance.now();

/** A create as the client timed it. */
interface Sent {
  id: string;
  sentMs: number;
  answeredMs: number;
}

async function createOnce(edgeUrl: string, apiKey: string, title: string): Promise<Sent> {
  const body = JSON.stringify(jobBody(title));
  const sentMs = nowMs();
  const res = await fetch(`${edgeUrl}${JOBS_PATH}`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body,
  });
  const json = await res.json() as { id?: string };
  const answeredMs = nowMs();
  if (res.status !== 201 || !json.id) throw new Error(`create answered ${res.status}`);
  return { id: json.id, sentMs, answeredMs };
}

/**
 * When each of `keys` was first published to `topic`, by the timestamps of its messages (the
 * producer's clock: this machine's); a key not seen within `timeoutMs` is left out.
 */
async function publishedTimes(
  brokers: string,
  topic: string,
  keys: readonly string[],
  timeoutMs = 10_000,
): Promise<Map<string, number>> {
  const want = new Set(keys);
  const seen = new Map<string, number>();
  const kafka = createKafka({ brokers: brokers.split(","), clientId: "bench-breakdown" });
  const consumer = kafka.consumer({ groupId: `bench-breakdown-${crypto.randomUUID()}` });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    let allSeen!: () => void;
    const all = new Promise<void>((resolve) => {
      allSeen = resolve;
      timer = setTimeout(resolve, timeoutMs);
    });
    await consumer.run({
      eachMessage: ({ message }) => {
        const key = message.key?.toString();
        if (key !== undefined && want.has(key) && !seen.has(key)) {
          seen.set(key, Number(message.timestamp));
          if (seen.size === want.size) allSeen();
        }
        return Promise.resolve();
      },
    });
    await all;
  } finally {
    clearTimeout(timer);
    await consumer.disconnect();
  }
  return seen;
}

/**
 * Sends `n` creates one at a time (after `warm` untimed ones) and joins each with its
 * timestamps in Postgres (`databaseUrl`, as the owner) and the time its `jobs.changed` message
 * (`changedTopic` on `brokers`) went out.
 */
export async function sequentialCreates(opts: {
  edgeUrl: string;
  apiKey: string;
  databaseUrl: string;
  brokers: string;
  changedTopic: string;
  n: number;
  warm?: number;
}): Promise<CreateTiming[]> {
  for (let i = 0; i < (opts.warm ?? 20); i++) {
    await createOnce(opts.edgeUrl, opts.apiKey, `Sequential warm-up ${i}`);
  }
  const sent: Sent[] = [];
  for (let i = 0; i < opts.n; i++) {
    sent.push(await createOnce(opts.edgeUrl, opts.apiKey, `Sequential ${i}`));
  }
  const sql = connect(opts.databaseUrl, { max: 1, name: "bench" });
  try {
    const ids = sent.map((s) => s.id);
    const published = await publishedTimes(opts.brokers, opts.changedTopic, ids);
    const rows = await sql<{ id: string; issued_ms: number; tx_ms: number }[]>`
      SELECT j.id,
        extract(epoch FROM j.created_at)::float8 * 1000 AS issued_ms,
        extract(epoch FROM r.settled_at)::float8 * 1000 AS tx_ms
      FROM jobs j JOIN command_results r ON r.job_id = j.id AND r.outcome = 'applied'
      WHERE j.id IN ${sql(ids)}`;
    const byId = new Map(rows.map((r) => [r.id, r]));
    return sent.flatMap((s) => {
      const r = byId.get(s.id);
      if (!r) return [];
      return [{
        sentMs: s.sentMs,
        answeredMs: s.answeredMs,
        issuedMs: r.issued_ms,
        txStartMs: r.tx_ms,
        publishedMs: published.get(s.id),
      }];
    });
  } finally {
    await sql.end();
  }
}
