/**
 * Publishes committed outbox events to Kafka in the order they were written, per topic.
 * Each service flushes the topics it writes; one flusher at a time holds a topic's advisory
 * lock, so two processes never interleave one job's events, and a topic that fails holds
 * up no other.
 * @module
 */
import type { Sql } from "@hire/db";
import type { Publisher } from "@hire/queue";
import type { Logger } from "@hire/log";

// With hashtext(topic) as the second key: one advisory lock per topic.
const LOCK_SPACE = 7_420_002;
const PAGE = 500;

/** Flushes the outbox: on demand after each batch, and on a timer for anything left. */
export interface OutboxFlusher {
  /** Publishes everything pending; concurrent calls share one run. */
  flush(): Promise<void>;
  /** Flushes without waiting; a failure is logged and the timer tries again. */
  flushSoon(): void;
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
  opts: {
    /** The topics this service writes to the outbox; it publishes those. */
    topics: readonly string[];
    intervalMs?: number;
    topicBackoffMs?: number;
  },
): OutboxFlusher {
  let running: Promise<void> | undefined;
  let again = false;

  // A topic that cannot be published to (deleted, misconfigured) is set aside for a while,
  // so its rows never hold up the other topics' events.
  const backoff = new Map<string, number>();

  /** Publishes one page per topic; resolves true when some topic has more pending. */
  const flushPages = async (): Promise<boolean> =>
    await deps.sql.begin(async (tx) => {
      let more = false;
      let existing: Set<string> | undefined;
      for (const topic of opts.topics) {
        if ((backoff.get(topic) ?? 0) > Date.now()) continue;
        // One flusher per topic at a time, whichever service it runs in: a topic's events
        // are never interleaved, and one topic's flusher never waits on another's.
        const [lock] = await tx<{ ok: boolean }[]>`
          SELECT pg_try_advisory_xact_lock(${LOCK_SPACE}, hashtext(${topic})) AS ok`;
        if (!lock?.ok) continue;
        const rows = await tx<Row[]>`
          SELECT seq, topic, key, payload FROM outbox
          WHERE topic = ${topic} AND published_at IS NULL ORDER BY seq LIMIT ${PAGE}`;
        if (rows.length === 0) continue;
        existing ??= await deps.publisher.existingTopics();
        if (!existing.has(topic)) existing = await deps.publisher.existingTopics({ fresh: true });
        if (!existing.has(topic)) {
          // Looked at again once the cached topic list has refreshed.
          backoff.set(topic, Date.now() + 5000);
          deps.log.warn("outbox topic does not exist; its events wait", { topic });
          continue;
        }
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

  const flushSoon = () => {
    flush().catch((err) => deps.log.warn("outbox flush failed; will retry", { err }));
  };
  const timer = setInterval(flushSoon, opts.intervalMs ?? 1000);

  return {
    flush,
    flushSoon,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
