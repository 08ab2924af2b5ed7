/**
 * Publishes committed outbox events to Kafka in the order they were written. One flusher
 * at a time holds the advisory lock, so two processes never interleave one job's events.
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
  opts: { intervalMs?: number } = {},
): OutboxFlusher {
  let running: Promise<void> | undefined;
  let again = false;

  const flushPage = async (): Promise<number> =>
    await deps.sql.begin(async (tx) => {
      const [lock] = await tx<
        { ok: boolean }[]
      >`SELECT pg_try_advisory_xact_lock(${LOCK_ID}) AS ok`;
      if (!lock?.ok) return 0;
      const rows = await tx<Row[]>`
        SELECT seq, topic, key, payload FROM outbox
        WHERE published_at IS NULL ORDER BY seq LIMIT ${PAGE}`;
      if (rows.length === 0) return 0;
      const byTopic = new Map<string, { key: string; value: string }[]>();
      for (const r of rows) {
        const list = byTopic.get(r.topic) ?? [];
        list.push({ key: r.key, value: JSON.stringify(r.payload) });
        byTopic.set(r.topic, list);
      }
      await deps.publisher.sendBatch({
        topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
      });
      await tx`UPDATE outbox SET published_at = now() WHERE seq IN ${tx(rows.map((r) => r.seq))}`;
      return rows.length;
    });

  const loop = async () => {
    do {
      again = false;
      while (await flushPage() === PAGE) { /* keep paging */ }
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
