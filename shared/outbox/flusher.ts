/**
 * Publishes committed outbox events to Kafka in the order they were written, per topic. One
 * flusher at a time holds the advisory lock, so two processes never interleave one job's
 * events; each topic is published on its own, so one that fails holds up no other.
 * @module
 */
import type { Sql } from "@hire/db";
import type { Publisher } from "@hire/kafka";
import type { Logger } from "@hire/log";

const LOCK_ID = 7_420_002;
const PAGE = 500;

/** Flushes the outbox: on demand after each batch, and on a timer for anything left. */
export interface OutboxFlusher {
  /** Publishes everything pending; concurrent calls share one run. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

interface Row {
  seq: string;
  topic: string;
  key: string;
  payload: Record<string, unknown>;
}

/** Starts a flusher that also runs every `intervalMs` to publish what a crash left behind. */
export function startOutboxFlusher(
  deps: { sql: Sql; publisher: Publisher; log: Logger },
  opts: { intervalMs?: number; topicBackoffMs?: number } = {},
): OutboxFlusher {
  let running: Promise<void> | undefined;
  let again = false;

  // A topic that cannot be published to (deleted, misconfigured) is set aside for a while,
  // so its rows never hold up the other topics' events.
  const backoff = new Map<string, number>();

  /** Publishes one page per topic; resolves true when some topic has more pending. */
  const flushPages = async (): Promise<boolean> =>
    await deps.sql.begin(async (tx) => {
      const [lock] = await tx<
        { ok: boolean }[]
      >`SELECT pg_try_advisory_xact_lock(${LOCK_ID}) AS ok`;
      if (!lock?.ok) return false;
      const topics = await tx<{ topic: string }[]>`
        SELECT DISTINCT topic FROM outbox WHERE published_at IS NULL`;
      let more = false;
      let existing = topics.length ? await deps.publisher.existingTopics() : new Set();
      // A topic created since the list was cached (another process's) is not missing.
      if (topics.some(({ topic }) => !existing.has(topic))) {
        existing = await deps.publisher.existingTopics({ fresh: true });
      }
      for (const { topic } of topics) {
        if ((backoff.get(topic) ?? 0) > Date.now()) continue;
        if (!existing.has(topic)) {
          // Looked at again once the cached topic list has refreshed.
          backoff.set(topic, Date.now() + 5000);
          deps.log.warn("outbox topic does not exist; its events wait", { topic });
          continue;
        }
        const rows = await tx<Row[]>`
          SELECT seq, topic, key, payload FROM outbox
          WHERE topic = ${topic} AND published_at IS NULL ORDER BY seq LIMIT ${PAGE}`;
        try {
          await deps.publisher.sendBatch({
            topicMessages: [{
              topic,
              messages: rows.map((r) => ({ key: r.key, value: JSON.stringify(r.payload) })),
            }],
          });
        } catch (err) {
          backoff.set(topic, Date.now() + (opts.topicBackoffMs ?? 30_000));
          deps.log.warn("outbox topic not publishable; set aside", {
            err,
            topic,
            pending: rows.length,
          });
          continue;
        }
        backoff.delete(topic);
        await tx`UPDATE outbox SET published_at = now() WHERE seq IN ${tx(rows.map((r) => r.seq))}`;
        more ||= rows.length === PAGE;
      }
      return more;
    });

  const loop = async () => {
    do {
      again = false;
      while (await flushPages()) { /* keep paging */ }
    } while (again);
  };

  const flush = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = loop().finally(() => (running = undefined));
    return running;
  };

  const timer = setInterval(() => {
    flush().catch((err) => deps.log.warn("outbox flush failed; will retry", { err }));
  }, opts.intervalMs ?? 1000);

  return {
    flush,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
